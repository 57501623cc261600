import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { FolioError } from '../../errors.ts';
import type { FigureSink, ParsedDocument } from '../types.ts';
import type { DoclingDocument } from './docling-document.ts';
import { mapDoclingDocument } from './map-docling-document.ts';

export interface DoclingOptions {
  /** docling-serve base URL (DOCLING_SERVE_URL), with or without a trailing slash or base path. */
  url: string;
  /** Sent as X-Api-Key (docling-serve's DOCLING_SERVE_API_KEY). */
  apiKey?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** When given, the server is asked to embed picture crops (144 dpi) and each is saved here. */
  figureSink?: FigureSink;
  /** Shown in error messages; defaults to the path's base name. */
  name?: string;
  fetch?: typeof fetch;
}

// Only the fields we use; docling-serve adds md/html/text content, timings and more.
const convertResponseSchema = z.object({
  status: z.string().optional(),
  errors: z.array(z.unknown()).optional(),
  document: z.object({ json_content: z.looseObject({ body: z.looseObject({ self_ref: z.string() }) }).nullish() }).optional(),
});

/**
 * Parses a document with docling-serve (`POST /v1/convert/file`, synchronous) instead of pdf.js.
 * Send PDFs (convert office files first) so every item carries page provenance. Unreachable
 * server, timeouts, 408/429 and 5xx are retryable `docling_failed`; other 4xx and conversion
 * failures are not. The caller's abort rethrows its reason.
 */
export async function parseWithDocling(path: string, options: DoclingOptions): Promise<ParsedDocument> {
  const name = options.name ?? basename(path);
  const withImages = Boolean(options.figureSink);
  const form = new FormData();
  form.append('files', await openAsBlob(path, { type: 'application/pdf' }), basename(path));
  form.append('to_formats', 'json');
  form.append('image_export_mode', withImages ? 'embedded' : 'placeholder');
  form.append('include_images', String(withImages));
  if (withImages) form.append('images_scale', '2');
  form.append('abort_on_error', 'false');

  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const endpoint = `${options.url.replace(/\/+$/, '')}/v1/convert/file`;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(endpoint, {
      method: 'POST',
      headers: { Accept: 'application/json', ...(options.apiKey ? { 'X-Api-Key': options.apiKey } : {}) },
      body: form,
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    const reason = timeout.aborted ? `no answer within ${options.timeoutMs} ms` : `unreachable (${networkErrorCode(error)})`;
    throw unavailable(`docling-serve at ${endpoint} ${reason}`, error);
  }
  if (!response.ok) throw await statusError(response, name);

  const body = convertResponseSchema.safeParse(await response.json().catch(() => undefined));
  const document = body.success ? body.data.document?.json_content : undefined;
  if (!document || body.data?.status === 'failure' || body.data?.status === 'skipped') {
    throw new FolioError({
      code: 'docling_failed',
      message: `docling-serve returned no document for ${name}: status ${body.data?.status ?? 'unparseable'} ${JSON.stringify(body.data?.errors ?? []).slice(0, 300)}`,
      userMessage: `The document reader could not read ${name}: it may be damaged or scanned at very low quality. Export it to PDF again and share it again.`,
    });
  }

  const { parsed, figureImages } = mapDoclingDocument(document as unknown as DoclingDocument);
  for (const image of figureImages) {
    if (!options.figureSink) break;
    const { sha256 } = await options.figureSink.save(image.png);
    image.block.figure = { sha256, widthPx: image.widthPx, heightPx: image.heightPx, caption: image.caption, source: 'raster' };
  }
  return parsed;
}

async function statusError(response: Response, name: string): Promise<FolioError> {
  const detail = (await response.text().catch(() => '')).slice(0, 300);
  const message = `docling-serve answered ${response.status} for ${name}: ${detail}`;
  if (response.status >= 500 || response.status === 429 || response.status === 408) return unavailable(message);
  if (response.status === 401 || response.status === 403) {
    return new FolioError({
      code: 'docling_failed',
      message,
      userMessage: 'Folio was refused by its document reader. An administrator needs to check DOCLING_SERVE_API_KEY.',
    });
  }
  return new FolioError({
    code: 'docling_failed',
    message,
    userMessage: `The document reader rejected ${name}: it may be damaged or in a format it does not accept. Export it to PDF and share it again.`,
  });
}

function unavailable(message: string, cause?: unknown): FolioError {
  return new FolioError({
    code: 'docling_failed',
    message,
    userMessage: 'The document reader is not responding right now. Folio will try again shortly; if this keeps happening, tell your administrator.',
    retryable: true,
    cause,
  });
}

function networkErrorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}
