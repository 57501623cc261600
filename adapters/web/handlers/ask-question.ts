import type { RequestHandler } from 'express';
import { z } from 'zod';
import { checkedQuestion } from '../../../src/answer/check-question.ts';
import type { Answer, AskEvent } from '../../../src/answer/types.ts';
import { wantsEventStream } from '../event-stream.ts';
import { folioErrorOf } from '../http-errors.ts';
import { requestIdOf, requestLog } from '../request-context.ts';
import { jsonBody, spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';

const askBody = z.object({
  question: z.string(),
  history: z
    .array(z.object({ role: z.enum(['user', 'assistant']), text: z.string().max(20_000) }))
    .max(20)
    .optional(),
});
const example = '{"question": "What is the refund policy?"}';

/**
 * `POST /v1/spaces/:space/ask`: the question answered from the space's documents (and its team
 * space when it opted in). JSON by default; with `Accept: text/event-stream` the reply streams:
 * `stage` events, `text` deltas as the model writes, then `answer` (the final Answer, citations
 * checked) or `error`. A space without documents gets a not-grounded answer, not an error.
 */
export function askQuestion(context: WebContext): RequestHandler {
  const { folio, metrics } = context;
  return async (request, response) => {
    const space = spaceParam(request);
    const body = jsonBody(request, askBody, example);
    const question = checkedQuestion(body.question, folio.config.ask.maxQuestionChars);
    const spaces = await folio.readableSpaces(space);
    const started = performance.now();
    const ask = (signal: AbortSignal, onEvent?: (event: AskEvent) => void) =>
      folio.ask({ spaces, question, history: body.history, signal, onEvent, correlationId: requestIdOf(response) });
    const answered = (answer: Answer) => {
      metrics.answered(answer, (performance.now() - started) / 1000);
      requestLog(response).info({ answerId: answer.id, grounded: answer.grounded, extractive: answer.extractive, citations: answer.citations.length, ms: answer.timings.totalMs }, 'question answered');
    };

    if (!wantsEventStream(request)) {
      const abort = new AbortController();
      response.once('close', () => abort.abort(new Error('client went away')));
      const answer = await ask(abort.signal);
      answered(answer);
      response.json(answer);
      return;
    }

    const stream = context.streams.open(response);
    try {
      const answer = await ask(stream.signal, event => {
        if (event.type === 'stage') stream.send('stage', { stage: event.stage });
        else if (event.type === 'text') stream.send('text', { delta: event.delta });
      });
      answered(answer);
      stream.send('answer', answer);
    } catch (thrown) {
      if (stream.closed) return; // the client left; nobody to tell
      const error = folioErrorOf(thrown);
      metrics.errors.inc({ code: error.code });
      requestLog(response).error({ err: thrown, code: error.code }, 'question failed');
      stream.send('error', { code: error.code, message: error.userMessage });
    } finally {
      stream.close();
    }
  };
}
