import type { Answer, AskEvent } from '../../../src/answer/types.ts';
import { parseSpaceId } from '../../../src/spaces/space-id.ts';
import { readServerSentEvents, type WebTestServer } from '../../web/support/web-test-server.ts';
import { answerOf } from '../answer/answer-of.ts';

/** The three ways a question reaches the ask pipeline. */
export type AskSurface = 'app.ask' | 'REST JSON' | 'REST SSE';
export const askSurfaces: AskSurface[] = ['app.ask', 'REST JSON', 'REST SSE'];

/**
 * What the asker got: an answer (with the text streamed before it, for SSE and app.ask with events) or
 * an error the way the surface reports it; `ms` is the wall time until the reply was complete.
 */
export type AskReply =
  | { kind: 'answer'; answer: Answer; streamed: string; status: number; ms: number }
  | { kind: 'error'; code: string; message: string; status: number; ms: number };

/** Asks one question in `space` (a web space name) through one surface of a running web test server. */
export async function askThrough(web: WebTestServer, surface: AskSurface, space: string, question: string): Promise<AskReply> {
  const started = Date.now();
  if (surface === 'app.ask') {
    let streamed = '';
    try {
      const answer = await answerOf(
        web.folio.ask({
          spaces: [parseSpaceId(space)],
          question,
          onEvent: (event: AskEvent) => {
            if (event.type === 'text') streamed += event.delta;
          },
        }),
      );
      return { kind: 'answer', answer, streamed, status: 200, ms: Date.now() - started };
    } catch (error) {
      const { code = 'thrown', userMessage = String(error) } = error as { code?: string; userMessage?: string };
      return { kind: 'error', code, message: userMessage, status: 0, ms: Date.now() - started };
    }
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (surface === 'REST SSE') headers.accept = 'text/event-stream';
  const response = await web.request(`/v1/spaces/${space}/ask`, { method: 'POST', headers, body: JSON.stringify({ question }) });
  if (surface === 'REST JSON' || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const body = (await response.json()) as Answer & { error?: { code: string; message: string } };
    const ms = Date.now() - started;
    if (body.error) return { kind: 'error', code: body.error.code, message: body.error.message, status: response.status, ms };
    return { kind: 'answer', answer: body, streamed: '', status: response.status, ms };
  }
  const events = await readServerSentEvents(response, () => false);
  const ms = Date.now() - started;
  const streamed = events.flatMap(event => (event.event === 'text' ? [(event.data as { delta: string }).delta] : [])).join('');
  const last = events.at(-1);
  if (last?.event === 'answer') return { kind: 'answer', answer: last.data as Answer, streamed, status: response.status, ms };
  if (last?.event === 'error') {
    const error = last.data as { code: string; message: string };
    return { kind: 'error', code: error.code, message: error.message, status: response.status, ms };
  }
  return { kind: 'error', code: 'stream-ended-without-answer', message: JSON.stringify(events.map(event => event.event)), status: response.status, ms };
}
