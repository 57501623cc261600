import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSpaceId } from '../../src/spaces/space-id.ts';
import type { FakeEphemeralMessage, FakeSlackMessage } from '../fakes/fake-slack-api.ts';
import { ScriptedLanguageModel } from '../fakes/scripted-language-model.ts';
import { captureLog } from '../models/capture-log.ts';
import { awayFromMinuteEnd } from '../support/minute-window.ts';
import { makeRefundPolicyPdf } from './support/slack-test-documents.ts';
import { startSlackTestApp, type SlackTestApp } from './support/slack-test-app.ts';

const bot = 'UFOLIOBOT';
const found = 'How many days until refunds are paid?';
const notFound = 'What is the dress code for the Christmas party?';

function blockTexts(message: { blocks?: any[] }): string[] {
  return (message.blocks ?? []).flatMap((block: any) =>
    block.type === 'section' ? [block.text.text] : block.type === 'context' ? block.elements.map((element: any) => element.text) : [],
  );
}
const shareButton = (message: { blocks?: any[] }) =>
  (message.blocks ?? [])
    .flatMap((block: any) => (block.type === 'actions' ? block.elements : []))
    .find((element: any) => element.action_id === 'folio_share_answer');

async function shareRefundPolicy(slack: SlackTestApp, channel: string): Promise<void> {
  const file = slack.fake.addFile(`F${channel}`, 'refund-policy.pdf', await makeRefundPolicyPdf());
  const ts = slack.fake.nextTs();
  await slack.sendEvent({ type: 'message', subtype: 'file_share', channel, channel_type: 'channel', user: 'UALICE', text: '', ts, files: [file] });
  await slack.fake.waitFor(() => slack.fake.threadReplies(channel, ts).find(message => /\* is ready:/.test(message.text ?? '')), 30_000);
  await slack.adapter.whenIdle();
}

/** What a question in `channel` came to: the bot's messages in its thread and the private ones to the asker. */
async function ask(
  slack: SlackTestApp,
  channel: string,
  question: string,
  user = 'UALICE',
): Promise<{ ts: string; replies: FakeSlackMessage[]; privately: FakeEphemeralMessage[] }> {
  const ts = slack.fake.nextTs();
  const ephemeralsBefore = slack.fake.ephemerals.length;
  const { status } = await slack.sendEvent({ type: 'app_mention', channel, user, text: `<@${bot}> ${question}`, ts });
  expect(status).toBe(200);
  // Done once the thread's status is cleared (it is set first and cleared last).
  await slack.fake.waitFor(() => slack.fake.statuses.some(entry => entry.threadTs === ts && entry.status === ''), 30_000);
  await slack.adapter.whenIdle();
  return {
    ts,
    replies: slack.fake.threadReplies(channel, ts),
    privately: slack.fake.ephemerals.slice(ephemeralsBefore).filter(message => message.thread_ts === ts),
  };
}

async function command(slack: SlackTestApp, text: string, channelId: string, userId = 'UALICE'): Promise<string> {
  const { responsePath } = await slack.sendCommand(text, { channelId, userId });
  const reply = await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === responsePath));
  expect(reply.body.response_type).toBe('ephemeral');
  return reply.body.text as string;
}

describe('Slack channel settings (offline answers)', () => {
  let slack: SlackTestApp;
  const captured = captureLog();

  beforeAll(async () => {
    slack = await startSlackTestApp({ log: captured.log });
    for (const channel of ['CPRIVATE', 'CPUBLIC', 'CCITED', 'CLIMIT']) await shareRefundPolicy(slack, channel);
  }, 120_000);
  afterAll(async () => {
    await slack?.close();
  });

  it('/folio settings shows the settings, changes them, and says what a wrong value should be', async () => {
    const shown = await command(slack, 'settings', 'CPRIVATE');
    expect(shown).toContain('*Visibility:* thread: answers are posted in the thread for everyone');
    expect(shown).toContain('*Cited only:* off');
    expect(shown).toContain('*Questions per person per minute:* no limit');
    expect(shown).toContain('anyone in this conversation can change them');
    expect(shown).toContain('`/folio settings visibility private`');

    expect(await command(slack, 'settings visibility private', 'CPRIVATE')).toContain('*Visibility:* private: only the person who asked sees the answer');
    expect(await command(slack, 'settings cited-only on', 'CCITED')).toContain('*Cited only:* on');
    expect(await command(slack, 'settings rate 1', 'CLIMIT')).toContain('*Questions per person per minute:* 1');
    expect(await command(slack, 'settings rate lots', 'CLIMIT')).toMatch(
      /^The question limit must be a whole number of questions per person per minute, from 1 to 1000/,
    );
    expect(await command(slack, 'settings visibility secret', 'CPUBLIC')).toMatch(/^Visibility must be "thread"/);
    expect(await command(slack, 'settings colour blue', 'CPUBLIC')).toContain('There is no setting called `colour`');
    // Each channel has its own; the refused changes changed nothing.
    expect(await slack.app.getSettings(parseSpaceId('slack:T1:CPRIVATE'))).toEqual({
      visibility: 'private',
      citedOnly: false,
      questionsPerUserPerMinute: null,
    });
    expect(await slack.app.getSettings(parseSpaceId('slack:T1:CPUBLIC'))).toEqual({ visibility: 'thread', citedOnly: false, questionsPerUserPerMinute: null });
    expect(await slack.app.getSettings(parseSpaceId('slack:T1:CLIMIT'))).toMatchObject({ questionsPerUserPerMinute: 1 });
    expect(await command(slack, 'help', 'CPUBLIC')).toContain('/folio settings');
    // Anyone in the channel may change them; the log says who did.
    expect(captured.lines.filter(line => line.msg === 'space settings changed').map(line => [line.space, line.changedBy, line.change])).toEqual([
      ['slack:T1:CPRIVATE', 'UALICE', { visibility: 'private' }],
      ['slack:T1:CCITED', 'UALICE', { citedOnly: true }],
      ['slack:T1:CLIMIT', 'UALICE', { questionsPerUserPerMinute: 1 }],
    ]);
  });

  it('private visibility: only the asker sees the answer, with a Share in thread button; the next channel is unaffected', async () => {
    const inPrivate = await ask(slack, 'CPRIVATE', found);
    expect(inPrivate.replies).toEqual([]);
    expect(slack.fake.callsTo('chat.postMessage').filter(call => call.params.thread_ts === inPrivate.ts)).toEqual([]);
    expect(inPrivate.privately).toHaveLength(1);
    const [answer] = inPrivate.privately;
    expect(answer).toMatchObject({ channel: 'CPRIVATE', user: 'UALICE', thread_ts: inPrivate.ts });
    expect(blockTexts(answer).join('\n')).toContain('fourteen days');
    expect(blockTexts(answer).join('\n')).toMatch(/\[1\] .*refund-policy\.pdf.* · p\. 1/);
    expect(shareButton(answer)).toMatchObject({ type: 'button', text: { text: 'Share in thread' } });

    const inPublic = await ask(slack, 'CPUBLIC', found);
    expect(inPublic.privately).toEqual([]);
    expect(inPublic.replies).toHaveLength(1);
    expect(blockTexts(inPublic.replies[0]).join('\n')).toContain('fourteen days');
    expect(shareButton(inPublic.replies[0])).toBeUndefined();
  });

  it('Share in thread posts the answer for everyone, once, and only for the asker', async () => {
    const { ts, privately } = await ask(slack, 'CPRIVATE', 'What does a refund need?');
    const [answer] = privately;
    const value = shareButton(answer).value as string;

    const byBob = await slack.clickButton({ actionId: 'folio_share_answer', blockId: 'folio_share', value, userId: 'UBOB', ephemeral: answer });
    const bobReply = await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === byBob.responsePath));
    expect(bobReply.body).toMatchObject({ response_type: 'ephemeral', replace_original: false, text: 'Only the person who asked can share this answer.' });
    await slack.adapter.whenIdle();
    expect(slack.fake.threadReplies('CPRIVATE', ts)).toEqual([]);

    // Nor from another channel: the answer belongs to the channel it was asked in.
    const elsewhere = await slack.clickButton({ actionId: 'folio_share_answer', blockId: 'folio_share', value, userId: 'UALICE', channelId: 'CPUBLIC' });
    expect((await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === elsewhere.responsePath))).body.text).toContain(
      'given in another conversation',
    );
    await slack.adapter.whenIdle();
    expect(slack.fake.threadReplies('CPUBLIC', ts)).toEqual([]);

    const byAlice = await slack.clickButton({ actionId: 'folio_share_answer', blockId: 'folio_share', value, userId: 'UALICE', ephemeral: answer });
    const shared = await slack.fake.waitFor(() => slack.fake.threadReplies('CPRIVATE', ts)[0]);
    await slack.adapter.whenIdle();
    expect(blockTexts(shared).join('\n')).toContain('original receipt');
    expect(blockTexts(shared).join('\n')).toContain('refund-policy.pdf');
    expect(shareButton(shared)).toBeUndefined();
    expect(shared.blocks!.at(-1)).toMatchObject({ type: 'context_actions' });
    // The private copy is gone (deleted through the click's response_url).
    expect(slack.fake.responses.find(response => response.path === byAlice.responsePath)?.body).toEqual({ delete_original: true });
    expect(answer.deleted).toBe(true);

    const again = await slack.clickButton({ actionId: 'folio_share_answer', blockId: 'folio_share', value, userId: 'UALICE', ephemeral: answer });
    expect((await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === again.responsePath))).body.text).toBe(
      'That answer is in the thread already.',
    );
    await slack.adapter.whenIdle();
    expect(slack.fake.threadReplies('CPRIVATE', ts)).toHaveLength(1);
  });

  it('cited only: a question the documents do not answer gets a private note, one they answer a public answer', async () => {
    const missing = await ask(slack, 'CCITED', notFound);
    expect(missing.replies).toEqual([]);
    expect(missing.privately).toHaveLength(1);
    expect(blockTexts(missing.privately[0]).join('\n')).toMatch(/could not find this/i);
    // It cites nothing, so the asker cannot post it for everyone either.
    expect(shareButton(missing.privately[0])).toBeUndefined();

    const answered = await ask(slack, 'CCITED', found);
    expect(answered.privately).toEqual([]);
    expect(answered.replies).toHaveLength(1);
    expect(blockTexts(answered.replies[0]).join('\n')).toContain('fourteen days');

    // The channel without the setting posts the not-found answer for everyone, as before.
    const elsewhere = await ask(slack, 'CPUBLIC', notFound);
    expect(elsewhere.privately).toEqual([]);
    expect(blockTexts(elsewhere.replies[0]).join('\n')).toMatch(/could not find this/i);
  });

  it('question limit: the question over it gets a private note saying when to ask again; others and other channels are unaffected', async () => {
    await awayFromMinuteEnd();
    const first = await ask(slack, 'CLIMIT', found);
    expect(first.replies).toHaveLength(1);
    const second = await ask(slack, 'CLIMIT', 'What does a refund need?');
    expect(second.replies).toEqual([]);
    expect(second.privately).toHaveLength(1);
    expect(second.privately[0].text).toMatch(
      /^You have asked 1 question in this channel this minute, the most one person may ask per minute here\. You can ask again in \d+ seconds?\.$/,
    );
    expect((await ask(slack, 'CLIMIT', found, 'UBOB')).replies).toHaveLength(1);
    expect((await ask(slack, 'CPUBLIC', found)).replies).toHaveLength(1);
  });

  it('posts nothing for everyone when Slack cannot show the asker a private answer', async () => {
    slack.fake.usersNotInChannel.add('CPRIVATE:UCAROL');
    const { replies, privately } = await ask(slack, 'CPRIVATE', found, 'UCAROL');
    expect(slack.fake.callsTo('chat.postEphemeral').at(-1)?.params).toMatchObject({ channel: 'CPRIVATE', user: 'UCAROL' });
    expect(privately).toEqual([]);
    expect(replies).toEqual([]);
  });
});

describe('Slack channel settings with a streaming model', () => {
  let slack: SlackTestApp;
  const model = new ScriptedLanguageModel({
    chunkSize: 8,
    chunkDelayMs: 5,
    reply: request =>
      request.jsonSchema
        ? JSON.stringify({
            language: 'en',
            subQuestions: [found],
            tasks: [],
            variants: ['refund paid days'],
            hyde: ['Refunds are paid within fourteen days.'],
            picks: [],
          })
        : 'Refunds are paid within **fourteen days** of the request [1].',
  });

  beforeAll(async () => {
    slack = await startSlackTestApp({ folio: { models: { language: model } }, adapter: { streamBufferChars: 16 } });
    for (const channel of ['CSTREAM', 'CCITED', 'CPRIVATE']) await shareRefundPolicy(slack, channel);
    await command(slack, 'settings cited-only on', 'CCITED');
    await command(slack, 'settings visibility private', 'CPRIVATE');
  }, 120_000);
  afterAll(async () => {
    await slack?.close();
  });

  const streamsIn = (channel: string) => slack.fake.callsTo('chat.startStream').filter(call => call.params.channel === channel);

  it('streams where every answer is public, but answers whole (no stream) where it may turn out private', async () => {
    const streamed = await ask(slack, 'CSTREAM', found);
    expect(streamsIn('CSTREAM')).toHaveLength(1);
    expect(streamed.replies[0].stream?.stopped).toBe(true);

    const cited = await ask(slack, 'CCITED', found);
    expect(streamsIn('CCITED')).toEqual([]);
    expect(cited.replies).toHaveLength(1);
    expect(blockTexts(cited.replies[0]).join('\n')).toContain('*fourteen days*');

    const privateAnswer = await ask(slack, 'CPRIVATE', found);
    expect(streamsIn('CPRIVATE')).toEqual([]);
    expect(privateAnswer.replies).toEqual([]);
    expect(blockTexts(privateAnswer.privately[0]).join('\n')).toContain('*fourteen days*');
  });
});
