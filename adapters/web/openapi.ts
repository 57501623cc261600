/**
 * The OpenAPI 3.1 description of the REST API, served at /openapi.json. test/web/openapi-sync.test.ts
 * fails when a route is added to the express app without being described here (or the reverse), and
 * checks real replies against the schemas below.
 */
import { apiPaths } from './openapi/api-paths.ts';
import { schemas } from './openapi/schemas.ts';

export function openApiDocument(options: { serverUrl?: string } = {}): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Folio API',
      version: '1',
      description:
        'Documents in, questions answered with page citations. Every `/v1` route and `/metrics` need `Authorization: Bearer <FOLIO_API_KEY>` when the server has a key; without one the server only listens on loopback. Errors are `{error: {code, message}}` where `message` is meant for users.',
    },
    servers: options.serverUrl ? [{ url: options.serverUrl }] : [],
    security: [{ bearer: [] }, {}],
    paths: apiPaths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'FOLIO_API_KEY' } },
      schemas,
    },
  };
}
