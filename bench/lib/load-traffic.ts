import { createHmac, randomUUID } from 'node:crypto';
import type { FakeSlackApi } from '../../test/fakes/fake-slack-api.ts';
import { filesForm, readServerSentEvents } from '../../test/web/support/web-test-server.ts';

/** One request of the load: how long it took and whether it did what it should. */
export interface Outcome {
  ms: number;
  ok: boolean;
  /** For SSE asks: when the first `text` delta arrived. */
  firstTextMs?: number;
  /** What went wrong, for the report (status and error code, or the exception). */
  error?: string;
}

/** No single request of the bench may hang it: every one gives up after this long. */
const requestTimeoutMs = 120_000;

async function timed(work: () => Promise<Omit<Outcome, 'ms'>>): Promise<Outcome> {
  const started = performance.now();
  try {
    const result = await work();
    return { ms: performance.now() - started, ...result };
  } catch (error) {
    return { ms: performance.now() - started, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** `POST /v1/spaces/:space/ask` as JSON: ok when the reply is a 200 answer with at least one citation. */
export function askJson(baseUrl: string, space: string, question: string): Promise<Outcome> {
  return timed(async () => {
    const response = await fetch(`${baseUrl}/v1/spaces/${encodeURIComponent(space)}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question }),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    const body = (await response.json()) as { citations?: unknown[]; error?: { code: string } };
    if (response.status !== 200) return { ok: false, error: `HTTP ${response.status} ${body.error?.code ?? ''}`.trim() };
    return body.citations && body.citations.length > 0 ? { ok: true } : { ok: false, error: 'answer without citations' };
  });
}

/** The same question with `Accept: text/event-stream`: ok when the stream ends with a cited `answer` event. */
export function askStreaming(baseUrl: string, space: string, question: string): Promise<Outcome> {
  const started = performance.now();
  let firstTextMs: number | undefined;
  return timed(async () => {
    const response = await fetch(`${baseUrl}/v1/spaces/${encodeURIComponent(space)}/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ question }),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    if (response.status !== 200) return { ok: false, error: `HTTP ${response.status}` };
    const events = await readServerSentEvents(response, event => {
      if (event.event === 'text') firstTextMs ??= performance.now() - started;
      return event.event === 'answer' || event.event === 'error';
    });
    const last = events.at(-1);
    if (last?.event !== 'answer')
      return {
        ok: false,
        error: last?.event === 'error' ? `SSE error ${JSON.stringify(last.data).slice(0, 120)}` : 'stream ended without an answer',
        firstTextMs,
      };
    const cited = ((last.data as { citations?: unknown[] }).citations?.length ?? 0) > 0;
    return cited ? { ok: true, firstTextMs } : { ok: false, error: 'answer without citations', firstTextMs };
  });
}

/** `POST /v1/spaces/:space/documents`: ok on 202 with a queued (or duplicate) document; resolves with its id. */
export async function upload(baseUrl: string, space: string, name: string, bytes: Uint8Array): Promise<Outcome & { documentId?: string }> {
  let documentId: string | undefined;
  const outcome = await timed(async () => {
    const response = await fetch(`${baseUrl}/v1/spaces/${encodeURIComponent(space)}/documents`, {
      method: 'POST',
      body: filesForm([{ name, bytes, type: 'application/pdf' }]),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    const body = (await response.json()) as { documents?: Array<{ documentId?: string; status: string }>; error?: { code: string } };
    if (response.status !== 202) return { ok: false, error: `HTTP ${response.status} ${body.error?.code ?? ''}`.trim() };
    documentId = body.documents?.[0]?.documentId;
    return documentId ? { ok: true } : { ok: false, error: `refused: ${body.documents?.[0]?.status}` };
  });
  return { ...outcome, documentId };
}

/** Polls the document until it is ready or failed; `ms` counts from `sinceMs` (the upload's start). */
export async function waitUntilReady(baseUrl: string, space: string, documentId: string, sinceMs: number, timeoutMs = 600_000): Promise<Outcome> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/v1/spaces/${encodeURIComponent(space)}/documents/${encodeURIComponent(documentId)}?outline=1`, {
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await response.json()) as { document?: { status: string; error?: { code: string } } };
      const status = body.document?.status;
      if (status === 'ready') return { ms: performance.now() - sinceMs, ok: true };
      if (status === 'failed') return { ms: performance.now() - sinceMs, ok: false, error: `ingest failed: ${body.document?.error?.code}` };
    } catch {
      // A busy server: try again until the deadline.
    }
    if (Date.now() > deadline) return { ms: performance.now() - sinceMs, ok: false, error: 'not ready in time' };
    await new Promise(resolve => setTimeout(resolve, 100));
  }
}

/**
 * An `app_mention` delivered as Slack delivers it (signed with the signing secret): `ms` is the time to
 * the HTTP acknowledgement, which Slack wants within 3 seconds. Resolves with the mention's ts so the
 * caller can wait for the answer in its thread.
 */
export async function slackMention(options: {
  baseUrl: string;
  signingSecret: string;
  slack: FakeSlackApi;
  channel: string;
  question: string;
}): Promise<Outcome & { ts: string }> {
  const ts = options.slack.nextTs();
  const text = `<@${options.slack.botUserId}> ${options.question}`;
  // Slack stores a message before it sends its event, so conversations.replies sees it.
  options.slack.addUserMessage({ channel: options.channel, ts, user: 'ULOAD', text });
  const body = JSON.stringify({
    type: 'event_callback',
    team_id: 'T1',
    api_app_id: 'AFOLIO',
    event_id: `Ev${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    event_time: Math.floor(Date.now() / 1000),
    event: { type: 'app_mention', channel: options.channel, user: 'ULOAD', text, ts, event_ts: ts },
    authorizations: [{ team_id: 'T1', user_id: options.slack.botUserId, is_bot: true }],
  });
  const outcome = await timed(async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = `v0=${createHmac('sha256', options.signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
    const response = await fetch(`${options.baseUrl}/slack/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature },
      body,
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    await response.arrayBuffer();
    return response.status === 200 ? { ok: true } : { ok: false, error: `HTTP ${response.status}` };
  });
  return { ...outcome, ts };
}

/** True once the bot's reply in the mention's thread carries the answer blocks. */
export function slackAnswered(slack: FakeSlackApi, channel: string, ts: string): boolean {
  return slack.threadReplies(channel, ts).some(message => (message.blocks?.length ?? 0) > 0);
}
