import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWebApp, createWebApp } from '../../adapters/web/create-web-app.ts';
import { openApiDocument } from '../../adapters/web/openapi.ts';
import { handbookFacts, makeHandbookPdf } from './support/handbook-pdf.ts';
import { filesForm, startWebTestServer, type WebTestServer } from './support/web-test-server.ts';

// ajv-formats is CommonJS with a default export; under NodeNext its function sits one `.default` deeper.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

type OpenApi = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };

/** "METHOD /path/{param}" for every route the express app really has. */
function expressRoutes(app: Express): string[] {
  const stack = (app.router as unknown as { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> }).stack;
  return stack
    .filter(layer => layer.route)
    .flatMap(layer => Object.keys(layer.route!.methods).map(method => `${method.toUpperCase()} ${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`))
    .sort();
}

function documentedRoutes(document: OpenApi): string[] {
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  return Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter(key => methods.includes(key))
        .map(method => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

describe('the OpenAPI document', () => {
  let web: WebTestServer;
  let document: OpenApi;
  let ajv: Ajv2020;

  /** Checks a reply body against the document's schema for this operation and status. */
  function expectMatches(path: string, method: string, status: number, body: unknown) {
    const schema = document.paths[path][method].responses[String(status)].content['application/json'].schema;
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"folio-openapi#/components/')));
    if (!validate(body)) throw new Error(`${method.toUpperCase()} ${path} ${status}: ${ajv.errorsText(validate.errors)}`);
  }

  beforeAll(async () => {
    web = await startWebTestServer();
    document = (await (await fetch(`${web.baseUrl}/openapi.json`)).json()) as OpenApi;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'folio-openapi', components: document.components });
  });
  afterAll(() => web?.close());

  it('describes exactly the routes the express app has', async () => {
    const app = createWebApp(web.folio);
    const routes = expressRoutes(app);
    closeWebApp(app);
    expect(routes.length).toBeGreaterThanOrEqual(13);
    expect(documentedRoutes(document)).toEqual(routes);
    expect(document).toMatchObject({ openapi: '3.1.0' });
    expect(openApiDocument({ serverUrl: 'https://folio.example.com' })).toMatchObject({ servers: [{ url: 'https://folio.example.com' }] });
  });

  it('has schemas that real replies satisfy', async () => {
    const space = '/v1/spaces/{space}';
    const finished = web.nextFinished();
    const upload = await web.request('/v1/spaces/handbook/documents', {
      method: 'POST',
      body: filesForm([{ name: 'handbook.pdf', bytes: await makeHandbookPdf() }]),
    });
    expectMatches(`${space}/documents`, 'post', 202, await upload.json());
    await finished;

    const listed = (await (await web.request('/v1/spaces/handbook/documents')).json()) as { documents: Array<{ id: string }> };
    expectMatches(`${space}/documents`, 'get', 200, listed);
    const id = listed.documents[0].id;
    expectMatches(`${space}/documents/{id}`, 'get', 200, await (await web.request(`/v1/spaces/handbook/documents/${id}`)).json());

    const post = (path: string, body: unknown) =>
      web.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = (await (await post('/v1/spaces/handbook/ask', { question: handbookFacts.question })).json()) as { id: string };
    expectMatches(`${space}/ask`, 'post', 200, answer);
    expectMatches(`${space}/ask`, 'post', 200, await (await post('/v1/spaces/nothing-here/ask', { question: handbookFacts.question })).json());
    expectMatches(`${space}/search`, 'post', 200, await (await post('/v1/spaces/handbook/search', { question: 'refund' })).json());
    const patch = (body: unknown) =>
      web.request('/v1/spaces/handbook/settings', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expectMatches(`${space}/settings`, 'get', 200, await (await web.request('/v1/spaces/handbook/settings')).json());
    expectMatches(`${space}/settings`, 'patch', 200, await (await patch({ visibility: 'private', questionsPerUserPerMinute: 5 })).json());
    expectMatches(`${space}/settings`, 'patch', 400, await (await patch({ visibility: 'loud' })).json());
    expectMatches(`${space}/ask`, 'post', 200, await (await post('/v1/spaces/handbook/ask', { question: handbookFacts.question })).json());
    await patch({ visibility: 'thread', questionsPerUserPerMinute: null });
    expectMatches(`${space}/ask`, 'post', 400, await (await post('/v1/spaces/handbook/ask', { question: '' })).json());
    expectMatches('/readyz', 'get', 200, await (await fetch(`${web.baseUrl}/readyz`)).json());
    expectMatches('/healthz', 'get', 200, await (await fetch(`${web.baseUrl}/healthz`)).json());
    expectMatches(`${space}/documents/{id}`, 'delete', 200, await (await web.request(`/v1/spaces/handbook/documents/${id}`, { method: 'DELETE' })).json());
    expectMatches(`${space}/documents/{id}`, 'get', 404, await (await web.request(`/v1/spaces/handbook/documents/${id}`)).json());
    expectMatches(space, 'delete', 200, await (await web.request('/v1/spaces/handbook', { method: 'DELETE' })).json());
    expectMatches(space, 'delete', 400, await (await web.request('/v1/spaces/bad%20name', { method: 'DELETE' })).json());
    // And the check itself bites: a reply missing a required field is refused.
    expect(() => expectMatches(`${space}/ask`, 'post', 200, { ...answer, citations: undefined })).toThrow(/citations/);
  });

  it('describes the request bodies as the API checks them', async () => {
    const post = (path: string, body: unknown) =>
      web.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    /** The documented schema's verdict on `body` and the API's (400 or not) agree. */
    async function expectSameVerdict(documented: string, path: string, body: unknown, valid: boolean) {
      const schema = document.paths[documented].post.requestBody.content['application/json'].schema;
      const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"folio-openapi#/components/')));
      expect(validate(body), `${documented} ${JSON.stringify(body).slice(0, 80)} by the schema`).toBe(valid);
      expect((await post(path, body)).status === 400, `${documented} ${JSON.stringify(body).slice(0, 80)} by the API`).toBe(!valid);
    }
    const ask = (body: unknown, valid: boolean) => expectSameVerdict('/v1/spaces/{space}/ask', '/v1/spaces/bodies/ask', body, valid);
    await ask({ question: 'How long is the warranty?', history: [{ role: 'user', text: 'Hi' }], focus: { documents: ['a.pdf'] } }, true);
    await ask({ question: 'How long is the warranty?', history: [{ role: 'bot', text: 'Hi' }] }, false);
    await ask({ question: 'How long is the warranty?', history: Array.from({ length: 21 }, () => ({ role: 'user', text: 'Hi' })) }, false);
    await ask({ question: 'How long is the warranty?', focus: { documents: [] } }, false);
    await ask({ question: 'How long is the warranty?', focus: { documents: ['x'.repeat(501)] } }, false);
    await ask({ history: [] }, false);
    const search = (body: unknown, valid: boolean) => expectSameVerdict('/v1/spaces/{space}/search', '/v1/spaces/bodies/search', body, valid);
    await search({ question: 'warranty', k: 5 }, true);
    await search({ question: 'warranty', k: 0 }, false);
    await search({ question: 'warranty', k: 2.5 }, false);
  });
});
