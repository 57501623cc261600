import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import type { Folio, Logger } from '../../src/index.ts';
import { OpenStreams } from './event-stream.ts';
import { apiNotFound, errorHandler } from './http-errors.ts';
import { WebMetrics } from './metrics.ts';
import { requestContext } from './request-context.ts';
import { requireApiKey } from './require-api-key.ts';
import { isSignedPageRequest } from './signed-page-request.ts';
import { routes } from './routes.ts';
import { securityHeaders } from './security-headers.ts';
import { UploadLimiter } from './upload-limiter.ts';
import type { WebContext } from './web-context.ts';

export interface WebAppOptions {
  /** Defaults to the Folio's logger. */
  log?: Logger;
  /** Where uploads are buffered before they are stored by hash; default `<tmpdir>/folio-uploads`. */
  uploadDir?: string;
}

const consoleDir = fileURLToPath(new URL('./console/', import.meta.url));

/**
 * The REST API, the web console (at `/`) and the operational endpoints on one express app. Slack and
 * Teams mount their routes on the same app afterwards (`surface.routes(app)`): nothing here parses
 * bodies globally (Slack verifies signatures over the raw body) and only `/v1/...` gets a JSON 404.
 * Call closeWebApp when the server stops: it ends open event streams and unsubscribes metrics.
 */
export function createWebApp(folio: Folio, options: WebAppOptions = {}): Express {
  const log = (options.log ?? folio.log).child({ component: 'web' });
  const uploads = new UploadLimiter(folio.config.server.maxConcurrentUploads);
  const metrics = new WebMetrics(folio, () => uploads.total);
  const context: WebContext = {
    folio,
    metrics,
    uploads,
    streams: new OpenStreams(),
    uploadDir: options.uploadDir ?? join(tmpdir(), 'folio-uploads'),
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(requestContext(log));
  app.use(securityHeaders());
  app.use(['/v1', '/metrics'], requireApiKey(folio.config.server.apiKey, { signedPage: isSignedPageRequest }));
  for (const route of routes(context)) app[route.method](route.path, ...route.handlers);
  app.use('/v1', apiNotFound);
  app.use(express.static(consoleDir, { index: 'index.html', maxAge: 0 }));
  app.use(errorHandler({ metrics, maxFileBytes: folio.config.ingest.maxFileBytes }));

  const handle: WebAppHandle = {
    close() {
      context.streams.closeAll();
      metrics.close();
    },
  };
  app.locals[handleKey] = handle;
  return app;
}

interface WebAppHandle {
  close(): void;
}

const handleKey = 'folioWeb';

/** Ends the app's event streams (they never end on their own) and its metrics subscription. */
export function closeWebApp(app: Express): void {
  (app.locals[handleKey] as WebAppHandle | undefined)?.close();
}
