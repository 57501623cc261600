import type { RequestHandler } from 'express';
import { spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';
import { documentListReply, sendReply } from '../reply-bodies.ts';

/** `GET /v1/spaces/:space/documents`: every document of the space with its status, oldest first. */
export function listDocuments(context: WebContext): RequestHandler {
  return async (request, response) => {
    sendReply(response, documentListReply, { documents: await context.folio.listDocuments(spaceParam(request)) });
  };
}
