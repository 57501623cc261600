import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { countQuestion } from '../conversation/question-limit.ts';
import { FolioError } from '../errors.ts';
import { SqliteStateStore } from '../state/sqlite-state-store.ts';
import { parseSpaceId } from './space-id.ts';
import { defaultSpaceSettings, deliveryBeforeOutcome, deliveryOf, parseSpaceSettingsPatch, readSpaceSettings, writeSpaceSettings } from './space-settings.ts';

const channel = parseSpaceId('slack:T1:C1');
const direct = parseSpaceId('slack:T1:dm:UALICE');

function refusal(input: unknown): string {
  try {
    parseSpaceSettingsPatch(input);
  } catch (error) {
    expect(error).toBeInstanceOf(FolioError);
    expect(error).toMatchObject({ code: 'input_invalid' });
    return (error as FolioError).userMessage;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

describe('space settings', () => {
  const directories: string[] = [];
  afterEach(async () => Promise.all(directories.splice(0).map(directory => rm(directory, { recursive: true, force: true }))));
  const openState = async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-settings-'));
    directories.push(dataDir);
    return { dataDir, state: new SqliteStateStore({ dataDir }) };
  };

  it('accepts a partial change and refuses wrong values with what the setting takes', () => {
    expect(parseSpaceSettingsPatch({ visibility: 'private' })).toEqual({ visibility: 'private' });
    expect(parseSpaceSettingsPatch({ citedOnly: true, questionsPerUserPerMinute: null })).toEqual({ citedOnly: true, questionsPerUserPerMinute: null });
    expect(refusal({ visibility: 'secret' })).toMatch(/^Visibility must be "thread" .* or "private"/);
    expect(refusal({ citedOnly: 'maybe' })).toBe('Cited-only must be on or off (true or false).');
    for (const limit of [0, 1.5, 1001, '5'])
      expect(refusal({ questionsPerUserPerMinute: limit })).toMatch(/^The question limit must be a whole number .* from 1 to 1000, or off/);
    expect(refusal({ colour: 'blue' })).toBe('There is no setting called "colour"; the settings are visibility, citedOnly and questionsPerUserPerMinute.');
    expect(refusal(['visibility'])).toMatch(/as an object/);
  });

  it("reads the defaults (today's behaviour) until set, then the merged settings, also after a reopen", async () => {
    const { dataDir, state } = await openState();
    expect(await readSpaceSettings(state, channel)).toEqual({ visibility: 'thread', citedOnly: false, questionsPerUserPerMinute: null });
    expect(await writeSpaceSettings(state, channel, { visibility: 'private' })).toEqual({ ...defaultSpaceSettings, visibility: 'private' });
    expect(await writeSpaceSettings(state, channel, { questionsPerUserPerMinute: 3 })).toEqual({
      visibility: 'private',
      citedOnly: false,
      questionsPerUserPerMinute: 3,
    });
    await expect(writeSpaceSettings(state, channel, { questionsPerUserPerMinute: -1 })).rejects.toMatchObject({ code: 'input_invalid' });
    await state.close();
    const reopened = new SqliteStateStore({ dataDir });
    expect(await readSpaceSettings(reopened, channel)).toEqual({ visibility: 'private', citedOnly: false, questionsPerUserPerMinute: 3 });
    expect(await readSpaceSettings(reopened, parseSpaceId('slack:T1:C2'))).toEqual(defaultSpaceSettings);
    // A stored value that is no longer valid falls back to its default, the others stay.
    await reopened.set(`settings:${channel}`, { visibility: 'loud', citedOnly: true });
    expect(await readSpaceSettings(reopened, channel)).toEqual({ ...defaultSpaceSettings, citedOnly: true });
    await reopened.close();
  });

  it("delivers privately when answers are private, when cited-only finds no citation, and over the limit; never in a person's own chat", () => {
    const cited = { cited: true, limited: false };
    const uncited = { cited: false, limited: false };
    expect(deliveryOf(uncited, defaultSpaceSettings, channel)).toBe('thread');
    expect(deliveryOf(cited, { ...defaultSpaceSettings, visibility: 'private' }, channel)).toBe('private');
    expect(deliveryOf(cited, { ...defaultSpaceSettings, citedOnly: true }, channel)).toBe('thread');
    expect(deliveryOf(uncited, { ...defaultSpaceSettings, citedOnly: true }, channel)).toBe('private');
    expect(deliveryOf({ cited: false, limited: true }, defaultSpaceSettings, channel)).toBe('private');
    expect(deliveryOf(cited, { ...defaultSpaceSettings, visibility: 'private' }, direct)).toBe('thread');
    expect(deliveryBeforeOutcome(defaultSpaceSettings, channel)).toBe('thread');
    expect(deliveryBeforeOutcome({ ...defaultSpaceSettings, citedOnly: true }, channel)).toBe('private');
    expect(deliveryBeforeOutcome({ ...defaultSpaceSettings, visibility: 'private' }, direct)).toBe('thread');
  });

  it('counts questions per person and minute, and says when the minute ends', async () => {
    const { state } = await openState();
    const minute = 28_000_000 * 60_000;
    const ask = (asker: string, at: number) => countQuestion(state, { space: channel, asker, limit: 2 }, at);
    expect(await ask('UALICE', minute + 1_000)).toEqual({ allowed: true });
    expect(await ask('UALICE', minute + 2_000)).toEqual({ allowed: true });
    expect(await ask('UALICE', minute + 17_500)).toEqual({ allowed: false, retryAfterSeconds: 43 });
    expect(await ask('UBOB', minute + 18_000)).toEqual({ allowed: true });
    // The next minute starts afresh.
    expect(await ask('UALICE', minute + 60_000)).toEqual({ allowed: true });
    await state.close();
  });
});
