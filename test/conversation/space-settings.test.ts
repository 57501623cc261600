import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainChatText } from '../../src/conversation/chat-text.ts';
import { loadConfig } from '../../src/config.ts';
import { createFolio } from '../../src/folio.ts';
import type { Folio } from '../../src/folio-api.ts';
import { parseSpaceId } from '../../src/spaces/space-id.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import { awayFromMinuteEnd } from '../support/minute-window.ts';

const channelA = parseSpaceId('slack:T1:CA');
const channelB = parseSpaceId('slack:T1:CB');
const aliceDm = parseSpaceId('slack:T1:dm:UALICE');
const found = 'How many days of paid vacation does an employee get?';
const notFound = 'What is the dress code for the Christmas party?';

/** The core's rules for a space's settings, through Folio.ask as every surface calls it. */
describe('space settings in Folio.ask', () => {
  let dataDir: string;
  let folio: Folio;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-space-settings-'));
    folio = createFolio(loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent', FOLIO_OCR: 'off' }));
    const path = join(dataDir, 'handbook.pdf');
    await writeFile(path, await makeHandbookPdf('a'));
    for (const space of [channelA, channelB, aliceDm]) {
      const [outcome] = await folio.ingestFiles([{ path, name: 'handbook.pdf' }], space);
      expect(outcome.status).toBe('ready');
    }
  }, 60_000);
  afterAll(async () => {
    await folio?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const ask = (space: typeof channelA, question: string, asker = 'UALICE') => folio.ask({ spaces: [space], question, asker });

  it('answers in the thread by default, as before settings existed', async () => {
    expect(await folio.getSettings(channelA)).toEqual({ visibility: 'thread', citedOnly: false, questionsPerUserPerMinute: null });
    expect(await ask(channelA, found)).toMatchObject({ kind: 'answered', delivery: 'thread' });
    expect(await ask(channelA, notFound)).toMatchObject({ kind: 'not_found', delivery: 'thread' });
  });

  it('delivers privately in a private channel, and only there: the other channel keeps its own settings', async () => {
    expect(await folio.setSettings(channelA, { visibility: 'private' }, { changedBy: 'UALICE' })).toEqual({
      visibility: 'private',
      citedOnly: false,
      questionsPerUserPerMinute: null,
    });
    const inA = await ask(channelA, found);
    expect(inA).toMatchObject({ kind: 'answered', delivery: 'private', shareable: true });
    expect(await ask(channelB, found)).toMatchObject({ kind: 'answered', delivery: 'thread', shareable: false });
    // Alice's own chat is private anyway: its answers are never "private" on top.
    await folio.setSettings(aliceDm, { visibility: 'private' });
    expect(await ask(aliceDm, found)).toMatchObject({ kind: 'answered', delivery: 'thread' });

    // The asker may share it, once, in the channel it was asked in; nobody else, nowhere else.
    const answerId = 'answer' in inA ? inA.answer.id : '';
    await expect(folio.shareAnswer(answerId, { space: channelA, asker: 'UBOB' })).rejects.toMatchObject({
      userMessage: 'Only the person who asked can share this answer.',
    });
    await expect(folio.shareAnswer(answerId, { space: channelB, asker: 'UALICE' })).rejects.toMatchObject({
      userMessage: expect.stringContaining('another conversation'),
    });
    expect((await folio.shareAnswer(answerId, { space: channelA, asker: 'UALICE' })).answer).toContain('28 days of paid vacation');
    await expect(folio.shareAnswer(answerId, { space: channelA, asker: 'UALICE' })).rejects.toMatchObject({
      userMessage: 'That answer is in the thread already.',
    });
    // An answer given in the thread was never private.
    const inB = await ask(channelB, found);
    await expect(folio.shareAnswer('answer' in inB ? inB.answer.id : '', { space: channelB, asker: 'UALICE' })).rejects.toMatchObject({
      userMessage: expect.stringContaining('too old'),
    });
    await folio.setSettings(channelA, { visibility: 'thread' });
  });

  it('cited only: a cited answer goes to the thread, anything without a citation to the asker alone', async () => {
    await folio.setSettings(channelA, { citedOnly: true });
    expect(await ask(channelA, found)).toMatchObject({ kind: 'answered', delivery: 'thread' });
    const missing = await ask(channelA, notFound);
    expect(missing).toMatchObject({ kind: 'not_found', delivery: 'private', shareable: false });
    expect(await ask(channelB, notFound)).toMatchObject({ kind: 'not_found', delivery: 'thread' });
    const empty = parseSpaceId('slack:T1:CEMPTY');
    await folio.setSettings(empty, { citedOnly: true });
    expect(await ask(empty, found)).toMatchObject({ kind: 'no_documents', delivery: 'private' });
    // Its asker cannot put an answer without a citation into the thread either.
    await expect(folio.shareAnswer('answer' in missing ? missing.answer.id : '', { space: channelA, asker: 'UALICE' })).rejects.toMatchObject({
      userMessage: expect.stringContaining('cite a document'),
    });
    await folio.setSettings(channelA, { citedOnly: false });
  });

  it("limits questions per person per minute, privately and in the asker's language, in that channel only", async () => {
    const limited = parseSpaceId('slack:T1:CLIMITED');
    await folio.setSettings(limited, { questionsPerUserPerMinute: 2 });
    await awayFromMinuteEnd();
    expect((await ask(limited, found)).kind).toBe('no_documents');
    expect((await ask(limited, found)).kind).toBe('no_documents');
    const third = await ask(limited, found);
    expect(third).toMatchObject({ kind: 'rate_limited', delivery: 'private', language: 'en' });
    const seconds = third.kind === 'rate_limited' ? third.retryAfterSeconds : 0;
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(plainChatText(third.kind === 'rate_limited' ? third.message : [])).toBe(
      `You have asked 2 questions in this channel this minute, the most one person may ask per minute here. You can ask again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    );
    const german = await ask(limited, 'Wie viele Urlaubstage bekommt eine Mitarbeiterin pro Jahr?');
    expect(german).toMatchObject({ kind: 'rate_limited', language: 'de' });
    expect(plainChatText(german.kind === 'rate_limited' ? german.message : [])).toMatch(/^Du hast in diesem Kanal in dieser Minute schon 2 Fragen gestellt/);
    // Someone else, or Alice elsewhere (a channel without a limit), is not held back; nor are calls without an asker.
    expect((await ask(limited, found, 'UBOB')).kind).toBe('no_documents');
    expect((await ask(channelB, found)).kind).toBe('answered');
    expect((await folio.ask({ spaces: [limited], question: found })).kind).toBe('no_documents');
  });

  it('counts one limit across processes sharing the state store', async () => {
    const shared = parseSpaceId('slack:T1:CSHARED');
    const other = createFolio(folio.config);
    try {
      await other.setSettings(shared, { questionsPerUserPerMinute: 3 });
      expect(await folio.getSettings(shared)).toMatchObject({ questionsPerUserPerMinute: 3 });
      await awayFromMinuteEnd();
      const kinds = await Promise.all(
        [folio, other, folio, other].map(app => app.ask({ spaces: [shared], question: found, asker: 'UCAROL' }).then(outcome => outcome.kind)),
      );
      expect(kinds.filter(kind => kind === 'rate_limited')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
