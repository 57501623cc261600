import type { RequestHandler } from 'express';
import { feedbackBody } from '../request-bodies.ts';
import { jsonBody } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';

/** `POST /v1/answers/:id/feedback`: 👍/👎 (and an optional comment) on an answer; 204 when stored. */
export function recordFeedback(context: WebContext): RequestHandler {
  return async (request, response) => {
    const body = jsonBody(request, feedbackBody, '{"rating": "up"}');
    await context.folio.recordFeedback({ answerId: String(request.params.id), rating: body.rating, comment: body.comment?.trim() || undefined });
    response.status(204).end();
  };
}
