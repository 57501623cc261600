import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBindAllowed, closeWebApp, createWebApp } from '../../../adapters/web/index.ts';
import { startService } from '../../../src/cli/serve-command.ts';
import { loadConfig } from '../../../src/config.ts';
import { FolioError } from '../../../src/errors.ts';
import { silentLogger } from '../../../src/log.ts';
import { makeHandbookPdf } from '../../web/support/handbook-pdf.ts';
import { filesForm, startWebTestServer, type WebTestServer } from '../../web/support/web-test-server.ts';

// test/web/serve-command.test.ts shows `folio serve` exiting when FOLIO_HOST=0.0.0.0 has no key, and
// test/web/operations-api.test.ts a 401 on four paths. Here: which addresses count as "this machine
// only", that a refused start leaves nothing running or written, and a 401 on every route of the API
// (taken from the express app itself, so a new route is covered the day it is added) for every way a
// key might be offered other than the one that is accepted, including path spellings express matches.

const apiKey = 'security-test-api-key-0123456789';

/** "METHOD /path" for every route the express app has, with sample values for its parameters. */
function appRoutes(app: Express): Array<{ method: string; path: string }> {
  const stack = (app.router as unknown as { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> }).stack;
  const samples: Record<string, string> = { space: 'handbook', id: 'handbook.pdf', page: '1' };
  return stack
    .filter(layer => layer.route)
    .flatMap(layer =>
      Object.keys(layer.route!.methods).map(method => ({
        method: method.toUpperCase(),
        path: layer.route!.path.replace(/:(\w+)/g, (_, name: string) => samples[name] ?? 'x'),
      })),
    );
}

describe('binding without an API key', () => {
  it.each(['127.0.0.1', '127.0.0.53', '::1', '[::1]', 'localhost', 'LOCALHOST'])('allows the loopback address %s', host => {
    expect(() => assertBindAllowed(host, undefined)).not.toThrow();
  });

  it.each(['0.0.0.0', '::', '', '192.168.1.20', '10.0.0.5', 'example.com', 'localhost.example.com', '127.0.0.1.nip.io', '::ffff:127.0.0.1', '0', '127.1'])(
    'refuses %j, naming FOLIO_HOST and FOLIO_API_KEY',
    host => {
      let thrown: unknown;
      try {
        assertBindAllowed(host, undefined);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(FolioError);
      expect(thrown).toMatchObject({ code: 'config_invalid', message: expect.stringMatching(/FOLIO_HOST=.*FOLIO_API_KEY/s) });
      expect(() => assertBindAllowed(host, apiKey)).not.toThrow();
    },
  );

  it('startService refuses before it opens the store, starts workers or listens', async () => {
    const root = await mkdtemp(join(tmpdir(), 'folio-bind-'));
    try {
      const dataDir = join(root, 'data');
      const config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_HOST: '0.0.0.0', FOLIO_PORT: '0', FOLIO_LOG_LEVEL: 'silent' });
      await expect(startService(config, { log: silentLogger() })).rejects.toMatchObject({ code: 'config_invalid' });
      expect(existsSync(dataDir) ? await readdir(dataDir) : []).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('with FOLIO_API_KEY', () => {
  let web: WebTestServer;
  let routes: Array<{ method: string; path: string }>;

  beforeAll(async () => {
    web = await startWebTestServer({ apiKey });
    const upload = await web.request('/v1/spaces/handbook/documents', {
      method: 'POST',
      body: filesForm([{ name: 'handbook.pdf', bytes: await makeHandbookPdf() }]),
    });
    expect(upload.status).toBe(202);
    await web.nextFinished();
    const app = createWebApp(web.folio);
    routes = appRoutes(app);
    closeWebApp(app);
  });
  afterAll(() => web?.close());

  const protectedRoutes = () => routes.filter(route => route.path.startsWith('/v1/') || route.path === '/metrics');
  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${web.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: method === 'POST' ? JSON.stringify({ question: 'refund', rating: 'up' }) : undefined,
    });

  it('protects every /v1 route and /metrics the app has', () => {
    expect(protectedRoutes().length).toBeGreaterThanOrEqual(10);
    expect(protectedRoutes().map(route => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['POST /v1/spaces/handbook/ask', 'DELETE /v1/spaces/handbook/documents/handbook.pdf', 'GET /metrics']),
    );
  });

  it('answers 401 on each of them to every way of offering a key but the right bearer token', async () => {
    const wrongWays: Array<[string, Record<string, string>, string?]> = [
      ['nothing', {}],
      ['a wrong key', { authorization: `Bearer ${apiKey.slice(0, -1)}X` }],
      ['a prefix of the key', { authorization: `Bearer ${apiKey.slice(0, 16)}` }],
      ['the key with a suffix', { authorization: `Bearer ${apiKey}0` }],
      ['an empty bearer token', { authorization: 'Bearer ' }],
      ['the key as Basic credentials', { authorization: `Basic ${Buffer.from(`folio:${apiKey}`).toString('base64')}` }],
      ['the key without a scheme', { authorization: apiKey }],
      ['the key in X-API-Key', { 'x-api-key': apiKey }],
      ['the key in a cookie', { cookie: `folio_api_key=${apiKey}; token=${apiKey}` }],
      ['the key in the query string', {}, `?api_key=${apiKey}&access_token=${apiKey}&key=${apiKey}`],
    ];
    for (const route of protectedRoutes()) {
      for (const [label, headers, query] of wrongWays) {
        const response = await send(route.method, `${route.path}${query ?? ''}`, headers);
        expect(response.status, `${route.method} ${route.path} with ${label}`).toBe(401);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
      }
    }
  });

  it('answers with the right key (the control: the 401s are the key check)', async () => {
    for (const route of protectedRoutes().filter(route => route.method === 'GET' && !route.path.includes('/events'))) {
      const response = await send(route.method, route.path, { authorization: `Bearer ${apiKey}` });
      expect(response.status, `${route.method} ${route.path}`).not.toBe(401);
      await response.arrayBuffer();
    }
  });

  it('gives no data for other spellings of protected paths', async () => {
    const spellings = [
      '/V1/spaces/handbook/documents',
      '/v1/SPACES/handbook/documents',
      '/METRICS',
      '/metrics/',
      '/Metrics?format=json',
      '//v1/spaces/handbook/documents',
      '/v1//spaces/handbook/documents',
      '/%76%31/spaces/handbook/documents',
      '/v1%2Fspaces%2Fhandbook%2Fdocuments',
      '/v1;/spaces/handbook/documents',
      '/./v1/spaces/handbook/documents',
      '/healthz/../v1/spaces/handbook/documents',
      '/v1/spaces/handbook/documents%00',
    ];
    for (const path of spellings) {
      const response = await fetch(`${web.baseUrl}${path}`);
      const body = await response.text();
      expect(response.status === 401 || response.status === 404 || response.status === 400, `${path}: ${response.status} ${body.slice(0, 120)}`).toBe(true);
      expect(body, path).not.toContain('handbook.pdf');
      expect(body, path).not.toContain('folio_');
    }
  });
});
