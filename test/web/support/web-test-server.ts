import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWebApp } from '../../../adapters/web/create-web-app.ts';
import { startWebServer, type WebServer } from '../../../adapters/web/start-web-server.ts';
import { createFolio, type FolioOverrides } from '../../../src/folio.ts';
import type { Folio } from '../../../src/folio-api.ts';
import { loadConfig } from '../../../src/config.ts';
import type { IngestJobEvent } from '../../../src/queue/types.ts';
import { silentLogger } from '../../../src/log.ts';

export interface WebTestServer {
  baseUrl: string;
  folio: Folio;
  server: WebServer;
  dataDir: string;
  /** fetch relative to the server, with the API key when `apiKey` was given. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Resolves with the `finished` event of the next ingest of `documentId` (or of any document). */
  nextFinished(documentId?: string): Promise<Extract<IngestJobEvent, { type: 'finished' }>>;
  close(): Promise<void>;
}

/**
 * A real Folio web server for tests: its own data dir, offline models (no model configured), OCR off,
 * in-process workers, listening on a free loopback port. `environment` adds FOLIO_* settings.
 */
export async function startWebTestServer(
  options: { environment?: Record<string, string>; apiKey?: string; overrides?: FolioOverrides; workers?: boolean } = {},
): Promise<WebTestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-web-test-'));
  const config = loadConfig({
    FOLIO_DATA_DIR: dataDir,
    FOLIO_LOG_LEVEL: 'silent',
    FOLIO_OCR: 'off',
    FOLIO_PARSE_WORKERS: '1',
    FOLIO_PORT: '0',
    ...(options.apiKey ? { FOLIO_API_KEY: options.apiKey } : {}),
    ...options.environment,
  });
  const folio = createFolio(config, { log: silentLogger(), ...options.overrides });
  if (options.workers !== false) await folio.startWorkers();
  const app = createWebApp(folio, { uploadDir: join(dataDir, 'uploads') });
  const server = await startWebServer(app, { host: '127.0.0.1', port: 0, apiKey: config.server.apiKey, log: silentLogger() });
  const baseUrl = server.url.replace(/\/$/, '');
  return {
    baseUrl,
    folio,
    server,
    dataDir,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (options.apiKey && !headers.has('authorization')) headers.set('authorization', `Bearer ${options.apiKey}`);
      return fetch(`${baseUrl}${path}`, { ...init, headers });
    },
    nextFinished: documentId =>
      new Promise(resolve => {
        const unsubscribe = folio.onIngestEvent(event => {
          if (event.type !== 'finished' || (documentId && event.job.documentId !== documentId)) return;
          unsubscribe();
          resolve(event);
        });
      }),
    async close() {
      await server.close(1000);
      await folio.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart body with these files under the field `file`. */
export function filesForm(files: Array<{ name: string; bytes: Uint8Array; type?: string }>): FormData {
  const form = new FormData();
  for (const file of files)
    form.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? 'application/octet-stream' }), file.name);
  return form;
}

export interface ServerSentEvent {
  event: string;
  data: unknown;
}

/**
 * Reads a text/event-stream reply event by event; `until` decides when to stop reading (the stream
 * is cancelled then). Comment lines are skipped.
 */
export async function readServerSentEvents(response: Response, until: (event: ServerSentEvent, all: ServerSentEvent[]) => boolean): Promise<ServerSentEvent[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: ServerSentEvent[] = [];
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return events;
      buffer += value;
      let boundary: number;
      while ((boundary = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!name || data === undefined) continue;
        const event = { event: name, data: JSON.parse(data) as unknown };
        events.push(event);
        if (until(event, events)) return events;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
