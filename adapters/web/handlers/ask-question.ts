import type { RequestHandler } from 'express';
import { checkedQuestion, renderChatText, type AskEvent, type AskOutcome } from '../../../src/index.ts';
import { wantsEventStream } from '../event-stream.ts';
import { folioErrorOf } from '../http-errors.ts';
import { requestIdOf, requestLog } from '../request-context.ts';
import { askBody } from '../request-bodies.ts';
import { jsonBody, spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';
import { answerReply, sendReply } from '../reply-bodies.ts';

const example = '{"question": "What is the refund policy?"}';

/**
 * The reply body: the Answer with `outcome` (answered, not_found), `delivery` (who the space's settings
 * would show it to) and `reading` (names of documents still being read), or, when there is nothing to
 * answer from yet (no_documents, still_reading, rate_limited), the same shape without an id: `answer`
 * is the message, citations and context are empty.
 */
export function outcomeBody(outcome: AskOutcome, question: string) {
  const reading = outcome.reading.map(record => record.name);
  if ('answer' in outcome) return { ...outcome.answer, outcome: outcome.kind, delivery: outcome.delivery, reading };
  return {
    outcome: outcome.kind,
    delivery: outcome.delivery,
    ...(outcome.kind === 'rate_limited' ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}),
    question,
    answer: renderChatText(outcome.message, name => `**${name.replace(/([\\`*_[\]<>])/g, '\\$1')}**`),
    citations: [],
    context: [],
    figures: [],
    closest: [],
    notes: [],
    grounded: false,
    extractive: false,
    language: outcome.language,
    reading,
    unreadable: outcome.unreadable.map(record => record.name),
  };
}

/**
 * `POST /v1/spaces/:space/ask`: the question answered from the space's documents (and its team
 * space when it opted in). JSON by default; with `Accept: text/event-stream` the reply streams:
 * `stage` events, `text` deltas as the model writes, then `answer` (the body outcomeBody describes)
 * or `error`. A space with no document ready gets its outcome with directions, not an error.
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
      folio.ask({ spaces, question, history: body.history, focus: body.focus, signal, onEvent, correlationId: requestIdOf(response) });
    const answered = (outcome: AskOutcome) => {
      if (!('answer' in outcome)) {
        requestLog(response).info({ outcome: outcome.kind, reading: outcome.reading.length }, 'nothing to answer from yet');
        return;
      }
      const { answer } = outcome;
      metrics.answered(answer, (performance.now() - started) / 1000);
      requestLog(response).info(
        { answerId: answer.id, outcome: outcome.kind, extractive: answer.extractive, citations: answer.citations.length, ms: answer.timings.totalMs },
        'question answered',
      );
    };

    if (!wantsEventStream(request)) {
      const abort = new AbortController();
      response.once('close', () => abort.abort(new Error('client went away')));
      const outcome = await ask(abort.signal);
      answered(outcome);
      sendReply(response, answerReply, outcomeBody(outcome, question));
      return;
    }

    const stream = context.streams.open(response);
    try {
      const outcome = await ask(stream.signal, event => {
        if (event.type === 'stage') stream.send('stage', { stage: event.stage });
        else if (event.type === 'text') stream.send('text', { delta: event.delta });
      });
      answered(outcome);
      stream.send('answer', outcomeBody(outcome, question));
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
