import type { RequestHandler } from 'express';
import { requestLog } from '../request-context.ts';
import { spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';
import { forgottenDocumentReply, sendReply } from '../reply-bodies.ts';

/**
 * `DELETE /v1/spaces/:space/documents/:id` (id or name): record, tree, search units, and the stored
 * files no other document uses, including the page images rendered for citations (the core forget does
 * all of it, as for every other way of forgetting).
 */
export function forgetDocument(context: WebContext): RequestHandler {
  return async (request, response) => {
    const { record, deletedBlobs } = await context.folio.forget(spaceParam(request), String(request.params.id));
    requestLog(response).info({ documentId: record.id, deletedBlobs }, 'document forgotten');
    sendReply(response, forgottenDocumentReply, { documentId: record.id, name: record.name, forgotten: true, deletedFiles: deletedBlobs });
  };
}
