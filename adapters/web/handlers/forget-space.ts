import type { RequestHandler } from 'express';
import { requestLog } from '../request-context.ts';
import { spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';
import { forgottenSpaceReply, sendReply } from '../reply-bodies.ts';

/**
 * `DELETE /v1/spaces/:space`: forgets the whole space (every document, its search data, the files no
 * other space uses, its settings and kept answers). The request is the confirmation; the API key
 * guards it as it guards every route. A space without documents answers 200 with `documents: 0`.
 */
export function forgetSpace(context: WebContext): RequestHandler {
  return async (request, response) => {
    const space = spaceParam(request);
    const outcome = await context.folio.forgetSpace(space, { forgottenBy: 'api' });
    requestLog(response).info({ space, documents: outcome.documents, deletedBlobs: outcome.deletedBlobs, leftovers: outcome.leftovers }, 'space forgotten');
    sendReply(response, forgottenSpaceReply, {
      space,
      forgotten: true,
      documents: outcome.documents,
      deletedFiles: outcome.deletedBlobs,
      stillReading: outcome.stillReading,
      leftovers: outcome.leftovers,
    });
  };
}
