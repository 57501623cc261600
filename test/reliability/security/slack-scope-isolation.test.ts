import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateRequest } from '../../../src/models/types.ts';
import { parseSpaceId } from '../../../src/spaces/space-id.ts';
import { ScriptedLanguageModel } from '../../fakes/scripted-language-model.ts';
import { startSlackTestApp, type SlackTestApp } from '../../slack/support/slack-test-app.ts';
import { parrotEverything } from './support/model-behaviours.ts';
import { makeSecretPdf, pick, randomQuestion, secretToken, seededRandom, tokensIn } from './support/secret-documents.ts';

// Two channels of one workspace, the workspace-wide space `slack:T1:*`, and a DM. C1 opts into the team
// space (`/folio scope team`), C2 never does. Random questions by mention (the model repeats every
// passage it gets) and `/folio docs` in each: C2 never sees C1's, the team's or the DM's documents; C1
// sees the team's only while opted in, and never C2's or the DM's.

const seed = Date.now() % 1_000_000;
const questionsPerChannel = 12;

function promptText(request: GenerateRequest): string {
  return typeof request.prompt === 'string' ? request.prompt : request.prompt.map(part => (part.type === 'text' ? part.text : '')).join('');
}

describe(`Slack channels and the team space (seed ${seed})`, () => {
  let slack: SlackTestApp;
  let scratch: string;
  const model = new ScriptedLanguageModel({
    reply: request =>
      parrotEverything({
        system: request.system,
        prompt: promptText(request),
        wantsJson: Boolean(request.jsonSchema) || promptText(request).includes('You plan the search'),
      }),
  });
  const marks = { C1: secretToken('c1'), C2: secretToken('c2'), team: secretToken('team'), dm: secretToken('dm') };
  const tokens = { C1: secretToken('c1q'), C2: secretToken('c2q'), team: secretToken('teamq'), dm: secretToken('dmq') };

  beforeAll(async () => {
    slack = await startSlackTestApp({ env: { FOLIO_MAX_FILE_MB: '5' }, folio: { models: { language: model } } });
    scratch = await mkdtemp(join(tmpdir(), 'folio-scope-'));
    for (const [channel, channelType] of [
      ['C1', 'channel'],
      ['C2', 'channel'],
      ['D1', 'im'],
    ] as const) {
      const key = channel === 'D1' ? 'dm' : channel;
      const file = slack.fake.addFile(`F${channel}`, `${key}-project.pdf`, await makeSecretPdf(tokens[key], marks[key]));
      await slack.sendEvent({
        type: 'message',
        subtype: 'file_share',
        channel,
        channel_type: channelType,
        user: 'UALICE',
        text: '',
        ts: slack.fake.nextTs(),
        files: [file],
      });
      await slack.adapter.whenIdle();
    }
    // Workspace-wide documents come from the REST API or the CLI; here straight through the app.
    const teamPdf = join(scratch, 'team-project.pdf');
    await writeFile(teamPdf, await makeSecretPdf(tokens.team, marks.team));
    const ready = new Promise<void>(resolve => {
      const unsubscribe = slack.app.onIngestEvent(event => {
        if (event.type === 'finished' && event.job.space === 'slack:T1:*') {
          unsubscribe();
          resolve();
        }
      });
    });
    await slack.app.submitDocument({ space: parseSpaceId('slack:T1:*'), path: teamPdf, name: 'team-project.pdf', source: { platform: 'cli' } });
    await ready;
    for (const space of ['slack:T1:C1', 'slack:T1:C2', 'slack:T1:dm:UALICE', 'slack:T1:*']) {
      expect(
        (await slack.app.listDocuments(parseSpaceId(space))).map(record => record.status),
        space,
      ).toEqual(['ready']);
    }
  }, 120_000);

  afterAll(async () => {
    await slack?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  /** Everything Folio sent Slack and the model for one mention: posts, edits (streamed text too) and prompts. */
  async function mention(channel: string, question: string, channelType = 'channel'): Promise<string> {
    const calls = slack.fake.calls.length;
    const modelCalls = model.calls.length;
    const { status } = await slack.sendEvent({
      type: 'app_mention',
      channel,
      channel_type: channelType,
      user: 'UALICE',
      text: `<@UFOLIOBOT> ${question}`,
      ts: slack.fake.nextTs(),
    });
    expect(status).toBe(200);
    await slack.adapter.whenIdle();
    const sent = slack.fake.calls.slice(calls).filter(call => call.params.channel === channel && /^chat\./.test(call.method));
    expect(sent.length, `no reply to "${question}" in ${channel}`).toBeGreaterThan(0);
    const prompts = model.calls.slice(modelCalls).map(call => `${call.system ?? ''}\n${promptText(call)}`);
    return JSON.stringify({ slack: sent.map(call => call.params), prompts });
  }

  async function command(channel: string, text: string): Promise<string> {
    const { responsePath } = await slack.sendCommand(text, { channelId: channel });
    await slack.adapter.whenIdle();
    const reply = await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === responsePath));
    return JSON.stringify(reply.body);
  }

  function leaked(text: string, question: string, allowed: Array<keyof typeof marks>): string[] {
    const forbidden = (Object.keys(marks) as Array<keyof typeof marks>).filter(key => !allowed.includes(key));
    return [
      ...tokensIn(
        text,
        forbidden.map(key => marks[key]),
      ),
      ...tokensIn(
        text,
        forbidden.map(key => tokens[key]).filter(token => !question.includes(token)),
      ),
    ];
  }

  it('keeps each channel to its own documents, adds the team space only where it was opted into, and honours opting out', { timeout: 240_000 }, async () => {
    const random = seededRandom(seed);
    await command('C1', 'scope team');
    expect(await slack.app.getScope(parseSpaceId('slack:T1:C1'))).toEqual({ includeTeam: true });
    expect(await slack.app.getScope(parseSpaceId('slack:T1:C2'))).toEqual({ includeTeam: false });
    const allTokens = Object.values(tokens);
    const seen = { C1: new Set<string>(), C2: new Set<string>(), D1: new Set<string>() };
    const rounds: Array<{ channel: 'C1' | 'C2' | 'D1'; own: keyof typeof marks; allowed: Array<keyof typeof marks>; type: string }> = [
      { channel: 'C1', own: 'C1', allowed: ['C1', 'team'], type: 'channel' },
      { channel: 'C2', own: 'C2', allowed: ['C2'], type: 'channel' },
      { channel: 'D1', own: 'dm', allowed: ['dm'], type: 'im' },
    ];
    for (let index = 0; index < questionsPerChannel; index++) {
      for (const round of rounds) {
        const question = randomQuestion(
          random,
          tokens[round.own],
          allTokens.filter(token => token !== tokens[round.own]),
        );
        const output = await mention(round.channel, question, round.type);
        expect(leaked(output, question, round.allowed), `seed ${seed}: ${round.channel} "${question}"`).toEqual([]);
        for (const key of round.allowed) if (output.includes(marks[key])) seen[round.channel].add(key);
      }
    }
    // The controls: answers do carry documents, and C1 really reads the team space.
    expect([...seen.C1].sort()).toEqual(['C1', 'team']);
    expect([...seen.C2]).toEqual(['C2']);
    expect([...seen.D1]).toEqual(['dm']);

    expect(leaked(await command('C1', 'docs'), '', ['C1', 'team'])).toEqual([]);
    const c2Docs = await command('C2', 'docs');
    expect(c2Docs).toContain('C2-project.pdf');
    expect(c2Docs).not.toContain('team-project.pdf');
    expect(leaked(c2Docs, '', ['C2'])).toEqual([]);

    await command('C1', 'scope channel');
    expect(await slack.app.getScope(parseSpaceId('slack:T1:C1'))).toEqual({ includeTeam: false });
    for (let index = 0; index < 6; index++) {
      const question = pick(random, [`Tell me about ${tokens.team}.`, 'What is the codename?', `What is the budget of ${tokens.C1}?`]);
      const output = await mention('C1', question);
      expect(leaked(output, question, ['C1']), `seed ${seed}: C1 after opting out, "${question}"`).toEqual([]);
    }
  });
});
