import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSlackMessage, SlackApiCall } from '../../fakes/fake-slack-api.ts';
import { captureLog, type LogLine } from '../../models/capture-log.ts';
import { reportFault } from '../../support/faults/fault-report.ts';
import { makeRefundPolicyPdf } from '../../slack/support/slack-test-documents.ts';
import { startSlackTestApp, type SlackTestApp } from '../../slack/support/slack-test-app.ts';

/**
 * Slack's Web API failing under the bot, with the Web API client as production builds it (no test
 * retry settings: Bolt's default policy of 10 retries over about 30 minutes, Retry-After honoured):
 * 429 with Retry-After on chat.postMessage and chat.update is waited out and the user still gets the
 * answer; a 5xx burst is retried; `channel_not_found` / `invalid_auth` are logged and the bot carries on.
 */
const bot = 'UFOLIOBOT';

describe('Slack API errors and rate limits', () => {
  let slack: SlackTestApp;
  const capture = captureLog();
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  /** When each Web API call arrived, in order (the fake records calls without times). */
  const arrivals: Array<{ call: SlackApiCall; at: number }> = [];

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    // `webClientOptions: {}` replaces the test harness's fast retries with the client's production defaults.
    slack = await startSlackTestApp({ adapter: { webClientOptions: {} }, log: capture.log });
    slack.fake.script(call => {
      arrivals.push({ call, at: Date.now() });
      return undefined;
    });
    const file = slack.fake.addFile('FREFUND', 'refund-policy.pdf', await makeRefundPolicyPdf());
    const ts = slack.fake.nextTs();
    await slack.sendEvent({ type: 'message', subtype: 'file_share', channel: 'C1', channel_type: 'channel', user: 'UALICE', text: '', ts, files: [file] });
    await slack.fake.waitFor(() => slack.fake.threadReplies('C1', ts).find(message => /\* is ready/.test(message.text ?? '')), 30_000);
    await slack.adapter.whenIdle();
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await slack?.close();
  });

  /** Asks in `channel`; resolves with the finished answer message (blocks) or whatever text the bot ended with. */
  async function ask(channel: string, question: string): Promise<{ ts: string; reply: FakeSlackMessage | undefined; ms: number }> {
    const started = Date.now();
    const ts = slack.fake.nextTs();
    const { status } = await slack.sendEvent({ type: 'app_mention', channel, user: 'UALICE', text: `<@${bot}> ${question}`, ts });
    expect(status).toBe(200);
    await slack.adapter.whenIdle();
    const reply = slack.fake.threadReplies(channel, ts).find(message => Number(message.ts) > Number(ts));
    return { ts, reply, ms: Date.now() - started };
  }

  const answerText = (message: FakeSlackMessage | undefined) =>
    (message?.blocks ?? []).flatMap((block: any) => (block.type === 'section' ? [block.text.text] : [])).join('\n');

  const callsIn = (method: string, channel: string) => arrivals.filter(entry => entry.call.method === method && entry.call.params.channel === channel);

  it('waits out a 429 on the answer as Retry-After says, and the answer still arrives', { timeout: 60_000 }, async () => {
    slack.fake.rateLimit('chat.postMessage', {
      count: 1,
      retryAfterSeconds: 2,
      only: call => call.params.channel === 'C1' && Array.isArray(call.params.blocks),
    });
    const { reply, ms } = await ask('C1', 'How soon are refunds paid?');
    expect(answerText(reply)).toMatch(/fourteen days/);

    const posts = callsIn('chat.postMessage', 'C1').filter(entry => Array.isArray(entry.call.params.blocks));
    expect(posts.map(entry => entry.call.status)).toEqual([429, 200]);
    expect(posts[1].at - posts[0].at).toBeGreaterThanOrEqual(2_000);
    reportFault({ fault: 'slack-429', answeredAfterMs: ms, postRetryGapMs: posts[1].at - posts[0].at });
  });

  it('retries a burst of 5xx answers from Slack, and the answer still arrives', { timeout: 60_000 }, async () => {
    let failuresLeft = 2;
    const stop = slack.fake.script(call =>
      call.method === 'chat.postMessage' && call.params.channel === 'C1' && Array.isArray(call.params.blocks) && failuresLeft-- > 0
        ? { status: 503, body: { ok: false, error: 'service_unavailable' } }
        : undefined,
    );
    try {
      const before = callsIn('chat.postMessage', 'C1').length;
      const { reply, ms } = await ask('C1', 'How soon are refunds paid?');
      expect(answerText(reply)).toMatch(/fourteen days/);
      const finalEdits = callsIn('chat.postMessage', 'C1')
        .slice(before)
        .filter(entry => Array.isArray(entry.call.params.blocks));
      expect(finalEdits.map(entry => entry.call.status)).toEqual([503, 503, 200]);
      reportFault({ fault: 'slack-5xx', answeredAfterMs: ms, attempts: finalEdits.length });
    } finally {
      stop();
    }
  });

  it('logs channel_not_found and invalid_auth, does not crash, and keeps answering elsewhere', { timeout: 60_000 }, async () => {
    const stop = slack.fake.script(call => {
      if (call.method !== 'chat.postMessage') return undefined;
      if (call.params.channel === 'CGONE') return { body: { ok: false, error: 'channel_not_found' } };
      if (call.params.channel === 'CREVOKED') return { body: { ok: false, error: 'invalid_auth' } };
      return undefined;
    });
    try {
      const gone = await ask('CGONE', 'How soon are refunds paid?');
      const revoked = await ask('CREVOKED', 'How soon are refunds paid?');
      expect(gone.reply).toBeUndefined();
      expect(revoked.reply).toBeUndefined();
      const logged = (error: string) => capture.lines.filter((line: LogLine) => line.level >= 40 && JSON.stringify(line).includes(error));
      expect(logged('channel_not_found').length).toBeGreaterThan(0);
      expect(logged('invalid_auth').length).toBeGreaterThan(0);
      // Platform errors are final: each message is tried once (the reply, then the error reply), no retry storm.
      const texts = callsIn('chat.postMessage', 'CGONE').map(entry => entry.call.params.text);
      expect(texts[0]).toContain('There are no documents in this channel yet');
      expect(new Set(texts).size).toBe(texts.length);
      expect(texts.length).toBeLessThanOrEqual(2);
      expect(unhandled).toEqual([]);

      const { reply } = await ask('C1', 'How soon are refunds paid?');
      expect(answerText(reply)).toMatch(/fourteen days/);
      reportFault({ fault: 'slack-platform-errors', logged: [...new Set(capture.lines.filter(line => line.level >= 40).map(line => line.msg))].slice(0, 5) });
    } finally {
      stop();
    }
  });
});
