import express, { type RequestHandler } from 'express';
import { askQuestion } from './handlers/ask-question.ts';
import { forgetDocument } from './handlers/forget-document.ts';
import { forgetSpace } from './handlers/forget-space.ts';
import { getDocument } from './handlers/get-document.ts';
import { healthz } from './handlers/healthz.ts';
import { listDocuments } from './handlers/list-documents.ts';
import { pageImage } from './handlers/page-image.ts';
import { readyz } from './handlers/readyz.ts';
import { recordFeedback } from './handlers/record-feedback.ts';
import { searchSpace } from './handlers/search-space.ts';
import { serveMetrics } from './handlers/serve-metrics.ts';
import { serveOpenApi } from './handlers/serve-openapi.ts';
import { changeSpaceSettings, getSpaceSettings } from './handlers/space-settings.ts';
import { spaceEvents } from './handlers/space-events.ts';
import { uploadDocuments } from './handlers/upload-documents.ts';
import type { WebContext } from './web-context.ts';

export interface Route {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Express path; `/openapi.json` describes each one (test/web/openapi-sync.test.ts checks it). */
  path: string;
  handlers: RequestHandler[];
}

/** JSON bodies are questions and ratings: 256 kB is far more than any of them needs. */
const jsonBodyLimit = '256kb';

/** Every route of the API. Authentication is applied by path prefix (see createWebApp), not here. */
export function routes(context: WebContext): Route[] {
  const json = express.json({ limit: jsonBodyLimit });
  const space = '/v1/spaces/:space';
  return [
    { method: 'delete', path: space, handlers: [forgetSpace(context)] },
    { method: 'post', path: `${space}/documents`, handlers: uploadDocuments(context) },
    { method: 'get', path: `${space}/documents`, handlers: [listDocuments(context)] },
    { method: 'get', path: `${space}/documents/:id`, handlers: [getDocument(context)] },
    { method: 'delete', path: `${space}/documents/:id`, handlers: [forgetDocument(context)] },
    { method: 'get', path: `${space}/documents/:id/pages/:page.png`, handlers: [pageImage(context)] },
    { method: 'get', path: `${space}/events`, handlers: [spaceEvents(context)] },
    { method: 'post', path: `${space}/ask`, handlers: [json, askQuestion(context)] },
    { method: 'post', path: `${space}/search`, handlers: [json, searchSpace(context)] },
    { method: 'get', path: `${space}/settings`, handlers: [getSpaceSettings(context)] },
    { method: 'patch', path: `${space}/settings`, handlers: [json, changeSpaceSettings(context)] },
    { method: 'post', path: '/v1/answers/:id/feedback', handlers: [json, recordFeedback(context)] },
    { method: 'get', path: '/healthz', handlers: [healthz()] },
    { method: 'get', path: '/readyz', handlers: [readyz(context)] },
    { method: 'get', path: '/metrics', handlers: [serveMetrics(context)] },
    { method: 'get', path: '/openapi.json', handlers: [serveOpenApi(context)] },
  ];
}
