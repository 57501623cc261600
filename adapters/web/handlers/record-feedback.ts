import type { RequestHandler } from 'express';
import { z } from 'zod';
import { jsonBody } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';

const feedbackBody = z.object({ rating: z.enum(['up', 'down']), comment: z.string().max(2000).optional() });

/** `POST /v1/answers/:id/feedback`: 👍/👎 (and an optional comment) on an answer; 204 when stored. */
export function recordFeedback(context: WebContext): RequestHandler {
  return async (request, response) => {
    const body = jsonBody(request, feedbackBody, '{"rating": "up"}');
    await context.folio.recordFeedback({ answerId: String(request.params.id), rating: body.rating, comment: body.comment?.trim() || undefined });
    response.status(204).end();
  };
}
