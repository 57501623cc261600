import type { RequestHandler } from 'express';
import { openApiDocument } from '../openapi.ts';
import type { WebContext } from '../web-context.ts';

/** `GET /openapi.json`: the API's OpenAPI 3.1 description, with FOLIO_PUBLIC_URL as its server when set. */
export function serveOpenApi(context: WebContext): RequestHandler {
  const document = openApiDocument({ serverUrl: context.folio.config.server.publicUrl });
  return (_request, response) => {
    response.json(document);
  };
}
