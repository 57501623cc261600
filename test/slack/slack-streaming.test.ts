import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateRequest } from '../../src/models/types.ts';
import type { FakeSlackMessage } from '../fakes/fake-slack-api.ts';
import { ScriptedLanguageModel } from '../fakes/scripted-language-model.ts';
import { makeRefundPolicyPdf } from './support/slack-test-documents.ts';
import { startSlackTestApp, type SlackTestApp } from './support/slack-test-app.ts';

const streamedAnswer = 'Refunds are paid within **fourteen days** of the request [1]. Keep the original receipt and the order number ready [1].';

function promptText(request: GenerateRequest): string {
  return typeof request.prompt === 'string' ? request.prompt : request.prompt.map(part => (part.type === 'text' ? part.text : '')).join('');
}

/** With a language model: the answer streams into the "Thinking…" message, and follow-ups carry the thread. */
describe('Slack answers from a language model', () => {
  let slack: SlackTestApp;
  const model = new ScriptedLanguageModel({
    chunkSize: 8,
    chunkDelayMs: 20,
    reply: request =>
      request.jsonSchema
        ? JSON.stringify({ language: 'en', subQuestions: ['How many days until refunds are paid?'], tasks: [], variants: ['refund paid days'], hyde: ['Refunds are paid within fourteen days.'], picks: [] })
        : streamedAnswer,
  });

  beforeAll(async () => {
    slack = await startSlackTestApp({ folio: { models: { language: model } } });
    const file = slack.fake.addFile('FREFUND', 'refund-policy.pdf', await makeRefundPolicyPdf());
    const ts = slack.fake.nextTs();
    await slack.sendEvent({ type: 'message', subtype: 'file_share', channel: 'C1', channel_type: 'channel', user: 'UALICE', text: '', ts, files: [file] });
    await slack.fake.waitFor(() => slack.fake.threadReplies('C1', ts).find(message => /\* is ready:/.test(message.text ?? '')));
    await slack.adapter.whenIdle();
  });
  afterAll(async () => {
    await slack?.close();
  });

  async function ask(text: string, threadTs?: string): Promise<{ ts: string; answer: FakeSlackMessage }> {
    const ts = slack.fake.nextTs();
    await slack.sendEvent({ type: 'app_mention', channel: 'C1', user: 'UALICE', text: `<@${slack.fake.botUserId}> ${text}`, ts, ...(threadTs ? { thread_ts: threadTs } : {}) });
    const answer = await slack.fake.waitFor(() => slack.fake.threadReplies('C1', threadTs ?? ts).find(message => Number(message.ts) > Number(ts) && (message.blocks?.length ?? 0) > 0));
    await slack.adapter.whenIdle();
    return { ts, answer };
  }

  it('streams the answer into the Thinking… message (throttled), then shows it in Block Kit', async () => {
    const { answer } = await ask('How many days until refunds are paid?');
    const edits = slack.fake.callsTo('chat.update').filter(call => call.params.ts === answer.ts);
    const partial = edits.filter(call => call.params.blocks === undefined).map(call => call.params.text as string);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.every(text => text.endsWith(' …'))).toBe(true);
    expect(partial[0].length).toBeLessThan(partial.at(-1)!.length);
    // Far fewer edits than streamed chunks: the message is edited at most once per interval.
    expect(partial.length).toBeLessThan(Math.ceil(streamedAnswer.length / 8));
    const final = edits.at(-1)!.params;
    expect(final.blocks[0].text.text).toBe('Refunds are paid within *fourteen days* of the request [1]. Keep the original receipt and the order number ready [1].');
    expect(final.blocks[1].elements[0].text).toContain('refund-policy.pdf');
  });

  it('gives a follow-up in the thread the earlier turns', async () => {
    const first = await ask('How many days until refunds are paid?');
    const callsBefore = model.calls.length;
    await ask('and what do I need for it?', first.ts);
    const plan = model.calls.slice(callsBefore).find(request => request.jsonSchema)!;
    const prompt = promptText(plan);
    expect(prompt).toContain('How many days until refunds are paid?');
    expect(prompt).toContain('fourteen days');
    expect(prompt).toContain('and what do I need for it?');
  });
});
