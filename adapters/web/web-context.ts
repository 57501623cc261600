import type { Folio } from '../../src/index.ts';
import type { OpenStreams } from './event-stream.ts';
import type { WebMetrics } from './metrics.ts';
import type { UploadLimiter } from './upload-limiter.ts';

/** What the route handlers of one web app share; built once by createWebApp. */
export interface WebContext {
  folio: Folio;
  metrics: WebMetrics;
  streams: OpenStreams;
  uploads: UploadLimiter;
  /** Where multipart uploads are written before submitDocument stores them by hash. */
  uploadDir: string;
}
