import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteKnowledgeStore } from '../../src/store/sqlite/sqlite-knowledge-store.ts';
import { makeHandbookPdf } from './support/handbook-pdf.ts';
import { filesForm, readServerSentEvents, startWebTestServer, type WebTestServer } from './support/web-test-server.ts';

const apiKey = 'test-api-key-0123456789';

describe('authentication with FOLIO_API_KEY', () => {
  let web: WebTestServer;
  beforeAll(async () => {
    web = await startWebTestServer({ apiKey });
  });
  afterAll(() => web?.close());

  it('refuses /v1 and /metrics without the key or with a wrong one, with a JSON 401', async () => {
    for (const path of ['/v1/spaces/handbook/documents', '/metrics', '/v1/spaces/handbook/events', '/v1/nothing-here']) {
      const missing = await fetch(`${web.baseUrl}${path}`);
      expect(missing.status, path).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="folio"');
      expect(await missing.json()).toEqual({ error: { code: 'unauthorized', message: expect.stringContaining('Authorization: Bearer') } });
      const wrong = await fetch(`${web.baseUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}x` } });
      expect(wrong.status, path).toBe(401);
      expect(((await wrong.json()) as any).error.message).toBe('That API key is not valid for this server.');
    }
    const upload = await fetch(`${web.baseUrl}/v1/spaces/handbook/documents`, {
      method: 'POST',
      body: filesForm([{ name: 'h.pdf', bytes: await makeHandbookPdf() }]),
    });
    expect(upload.status).toBe(401);
    expect((await web.request('/v1/spaces/handbook/documents')).status).toBe(200);
    expect((await web.request('/metrics')).status).toBe(200);
  });

  it('leaves the console, health checks and the API description open', async () => {
    for (const path of ['/', '/console.js', '/healthz', '/readyz', '/openapi.json']) expect((await fetch(`${web.baseUrl}${path}`)).status, path).toBe(200);
  });
});

describe('operations endpoints', () => {
  let web: WebTestServer;
  beforeAll(async () => {
    web = await startWebTestServer();
  });
  afterAll(() => web?.close());

  it('/healthz says the process is up; /readyz checks every backend', async () => {
    expect(await (await fetch(`${web.baseUrl}/healthz`)).json()).toMatchObject({ ok: true });
    const ready = await fetch(`${web.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ok: true,
      checks: {
        store: { ok: true, detail: 'sqlite' },
        queue: { ok: true, detail: 'in-process' },
        state: { ok: true, detail: 'sqlite' },
        models: { ok: true, detail: 'offline' },
      },
    });
  });

  it('echoes a sane x-request-id and makes one up otherwise', async () => {
    const given = await fetch(`${web.baseUrl}/healthz`, { headers: { 'x-request-id': 'trace-42' } });
    expect(given.headers.get('x-request-id')).toBe('trace-42');
    const replaced = await fetch(`${web.baseUrl}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404 and serves the console with a strict content policy', async () => {
    const unknown = await fetch(`${web.baseUrl}/v1/spaces/handbook/nothing`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.code).toBe('input_invalid');
    const page = await fetch(`${web.baseUrl}/`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<script type="module" src="console.js">');
  });

  it('exposes Prometheus metrics: ingests, pages, queue depth, ask latency, errors by code', async () => {
    const finished = web.nextFinished();
    await web.request('/v1/spaces/metrics/documents', { method: 'POST', body: filesForm([{ name: 'handbook.pdf', bytes: await makeHandbookPdf() }]) });
    await finished;
    await web.request('/v1/spaces/metrics/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'refund days?' }),
    });
    await web.request('/v1/spaces/metrics/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: ' ' }) });
    const response = await web.request('/metrics');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/^folio_documents_ingested_total\{status="ready"\} 1$/m);
    expect(text).toMatch(/^folio_pages_ingested_total 3$/m);
    expect(text).toMatch(/^folio_ingest_duration_seconds_count\{status="ready"\} 1$/m);
    expect(text).toMatch(/^folio_queue_jobs\{state="waiting"\} 0$/m);
    expect(text).toMatch(/^folio_queue_jobs\{state="active"\} 0$/m);
    expect(text).toMatch(/^folio_ask_duration_seconds_count\{mode="extractive",grounded="true"\} 1$/m);
    expect(text).toMatch(/^folio_model_calls_total 0$/m);
    expect(text).toMatch(/^folio_errors_total\{code="question_empty"\} 1$/m);
    expect(text).toMatch(/^folio_process_resident_memory_bytes \d+/m);
  });
});

describe('a broken store', () => {
  let web: WebTestServer;
  let storeDir: string;
  beforeAll(async () => {
    storeDir = await mkdtemp(join(tmpdir(), 'folio-broken-store-'));
    const store = new SqliteKnowledgeStore({ dataDir: storeDir });
    web = await startWebTestServer({ overrides: { store } });
    // The database goes away under the running server, as when its disk fails.
    await store.close();
  });
  afterAll(async () => {
    await web?.close();
    await rm(storeDir, { recursive: true, force: true });
  });

  it('makes /readyz answer 503 naming the failed check', async () => {
    const response = await fetch(`${web.baseUrl}/readyz`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as any;
    expect(body.ok).toBe(false);
    expect(body.checks.store.ok).toBe(false);
    expect(body.checks.queue.ok).toBe(true);
  });

  it('turns failures into a plain 500 or an SSE `error` event, without internal details', async () => {
    const json = await web.request('/v1/spaces/handbook/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'anything?' }),
    });
    expect(json.status).toBe(500);
    const body = (await json.json()) as any;
    expect(body.error.code).toBe('internal');
    expect(body.error.message).not.toMatch(/database|sqlite/i);

    const streamed = await web.request('/v1/spaces/handbook/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ question: 'anything?' }),
    });
    expect(streamed.status).toBe(200);
    const events = await readServerSentEvents(streamed, () => false);
    expect(events.at(-1)).toEqual({ event: 'error', data: { code: 'internal', message: expect.stringContaining('Something went wrong') } });

    const list = await web.request('/v1/spaces/handbook/documents');
    expect(list.status).toBe(500);
  });
});
