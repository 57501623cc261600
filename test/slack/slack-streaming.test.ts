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
        ? JSON.stringify({
            language: 'en',
            subQuestions: ['How many days until refunds are paid?'],
            tasks: [],
            variants: ['refund paid days'],
            hyde: ['Refunds are paid within fourteen days.'],
            picks: [],
          })
        : streamedAnswer,
  });

  beforeAll(async () => {
    // A small stream buffer, so even this short answer reaches Slack in several appends.
    slack = await startSlackTestApp({ folio: { models: { language: model } }, adapter: { streamBufferChars: 24 } });
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
    await slack.sendEvent({
      type: 'app_mention',
      channel: 'C1',
      user: 'UALICE',
      text: `<@${slack.fake.botUserId}> ${text}`,
      ts,
      ...(threadTs ? { thread_ts: threadTs } : {}),
    });
    const answer = await slack.fake.waitFor(() =>
      slack.fake.threadReplies('C1', threadTs ?? ts).find(message => Number(message.ts) > Number(ts) && (message.blocks?.length ?? 0) > 0),
    );
    await slack.adapter.whenIdle();
    return { ts, answer };
  }

  it('streams the answer with chat.startStream and appendStream, ends it with the sources and feedback, then shows the checked answer', async () => {
    const { ts, answer } = await ask('How many days until refunds are paid?');
    // A channel stream names its recipient; the chunks arrive in order and add up to the model's text.
    expect(answer.stream).toMatchObject({ stopped: true, recipientUserId: 'UALICE', recipientTeamId: 'T1' });
    expect(answer.stream!.chunks.length).toBeGreaterThan(1);
    expect(answer.stream!.chunks.join('')).toBe(streamedAnswer);
    expect(slack.fake.callsTo('chat.appendStream').filter(call => call.params.ts === answer.ts).length).toBeGreaterThan(0);
    // No "Thinking…" placeholder: the thread's status says what Folio is doing, and is cleared at the end.
    expect(slack.fake.callsTo('chat.postMessage').some(call => call.params.thread_ts === ts && call.params.text === 'Thinking…')).toBe(false);
    const statuses = slack.fake.statuses.filter(status => status.threadTs === ts).map(status => status.status);
    expect(statuses[0]).toBe('is reading your question…');
    expect(statuses).toContain('is writing the answer…');
    expect(statuses.at(-1)).toBe('');
    // chat.stopStream carries the tail (sources, "Show page" buttons, feedback); then the checked answer replaces the draft.
    const stop = slack.fake.callsTo('chat.stopStream').find(call => call.params.ts === answer.ts)!;
    expect(stop.params.blocks.map((block: any) => block.type)).toEqual(['context', 'actions', 'context_actions']);
    expect(answer.blocks![0].text.text).toBe(
      'Refunds are paid within *fourteen days* of the request [1]. Keep the original receipt and the order number ready [1].',
    );
    expect(answer.blocks![1].elements[0].text).toContain('refund-policy.pdf');
    expect(answer.blocks!.at(-1)).toMatchObject({ type: 'context_actions', elements: [{ type: 'feedback_buttons', action_id: 'folio_feedback' }] });
  });

  it('falls back to an edited message, once per workspace, when the workspace refuses streaming', async () => {
    const refuse = slack.fake.script(call => (call.method === 'chat.startStream' ? { body: { ok: false, error: 'unknown_method' } } : undefined));
    try {
      const first = await ask('How many days until refunds are paid?');
      expect(first.answer.stream).toBeUndefined();
      const edits = slack.fake.callsTo('chat.update').filter(call => call.params.ts === first.answer.ts);
      const partial = edits.filter(call => call.params.blocks === undefined).map(call => call.params.text as string);
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.every(text => text.endsWith(' …'))).toBe(true);
      expect(edits.at(-1)!.params.blocks[0].text.text).toContain('*fourteen days*');
      const refusedBefore = slack.fake.callsTo('chat.startStream').length;
      // The workspace is not asked again: the next answer goes straight to "Thinking…" and edits.
      const second = await ask('What does a refund need?');
      expect(slack.fake.callsTo('chat.startStream').length).toBe(refusedBefore);
      expect(slack.fake.callsTo('chat.postMessage').some(call => call.params.thread_ts === second.ts && call.params.text === 'Thinking…')).toBe(true);
    } finally {
      refuse();
    }
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
