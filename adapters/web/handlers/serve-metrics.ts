import type { RequestHandler } from 'express';
import type { WebContext } from '../web-context.ts';

/** `GET /metrics`: Prometheus text exposition of the web app's registry. */
export function serveMetrics(context: WebContext): RequestHandler {
  return async (_request, response) => {
    const text = await context.metrics.registry.metrics();
    response.type(context.metrics.registry.contentType).send(text);
  };
}
