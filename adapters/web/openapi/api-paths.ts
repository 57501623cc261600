import { feedbackBody, requestSchema, searchBody } from '../request-bodies.ts';
import { schemas } from './schemas.ts';
import { documentParameter, errors, json, ref, type Schema, sseDescription, spaceParameter } from './openapi-parts.ts';

/** Every route of the REST API, as OpenAPI 3.1 path items. */
export const apiPaths: Record<string, unknown> = {
  '/v1/spaces/{space}': {
    parameters: [spaceParameter],
    delete: {
      operationId: 'forgetSpace',
      summary:
        'Forget a whole space: every document, its search data, the files no other space uses, its settings and kept answers. Irreversible; the request is the confirmation',
      responses: {
        200: {
          description:
            'Forgotten (`documents: 0` for a space that had none). `stillReading`: documents that were being read, which come back if their ingest finishes. `leftovers`: `files` (stored files that could not be deleted), `state` (settings not cleared: send the request again)',
          content: json(ref('ForgottenSpace')),
        },
        ...errors(400, 401, 503),
      },
    },
  },
  '/v1/spaces/{space}/documents': {
    parameters: [spaceParameter],
    get: {
      operationId: 'listDocuments',
      summary: 'Documents of a space with their status, oldest first',
      responses: {
        200: {
          description: 'The documents',
          content: json(ref('DocumentList')),
        },
        ...errors(400, 401),
      },
    },
    post: {
      operationId: 'uploadDocuments',
      summary: 'Upload files (PDF, PPTX, DOCX, ...); ingest is queued, progress arrives on /events',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } } },
              description: 'One or more files (up to 20), under any field name',
            },
          },
        },
      },
      responses: {
        202: {
          description: 'Accepted; each file is queued, a duplicate of a ready document, or refused (`status: failed`) while others were accepted',
          content: json(ref('UploadResult')),
        },
        ...errors(400, 401, 413, 415, 429, 503, 507),
      },
    },
  },
  '/v1/spaces/{space}/documents/{id}': {
    parameters: [spaceParameter, documentParameter],
    get: {
      operationId: 'getDocument',
      summary: 'A document and its heading tree (null until ready)',
      parameters: [
        {
          name: 'outline',
          in: 'query',
          required: false,
          description: '`1`: leave out node text (titles and pages only)',
          schema: { type: 'string', enum: ['0', '1', 'true', 'false'] },
        },
      ],
      responses: {
        200: {
          description: 'Record and tree',
          content: json(ref('DocumentWithTree')),
        },
        ...errors(400, 401, 404),
      },
    },
    delete: {
      operationId: 'forgetDocument',
      summary: 'Forget a document: record, tree, search units, and files no other document uses',
      responses: {
        200: {
          description: 'Forgotten',
          content: json(ref('ForgottenDocument')),
        },
        ...errors(400, 401, 404),
      },
    },
  },
  '/v1/spaces/{space}/documents/{id}/pages/{page}.png': {
    parameters: [
      spaceParameter,
      documentParameter,
      { name: 'page', in: 'path', required: true, description: '1-based physical page', schema: { type: 'integer', minimum: 1 } },
      {
        name: 'highlight',
        in: 'query',
        required: false,
        description: "Lines to mark: a citation quote's `highlight` (several joined by commas), `<nodeId>:<start>-<end>`",
        schema: { type: 'string', pattern: '^[0-9A-Za-z_-]+:[0-9]+-[0-9]+(,[0-9A-Za-z_-]+:[0-9]+-[0-9]+)*$' },
      },
    ],
    get: {
      operationId: 'getPageImage',
      summary: 'The page rendered as PNG (~110 dpi, longest side at most 1600 px), with the quoted lines marked when `highlight` is given',
      responses: {
        200: {
          description: 'PNG image',
          headers: { 'Folio-Page-Name': { description: 'The page as a person names it ("slide 4", "p. iv"), URI-encoded', schema: { type: 'string' } } },
          content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } },
        },
        ...errors(400, 401, 404, 503),
      },
    },
  },
  '/v1/spaces/{space}/events': {
    parameters: [spaceParameter],
    get: {
      operationId: 'spaceEvents',
      summary: 'Ingest progress of the space as server-sent events: `progress`, `retrying`, `finished`',
      responses: { 200: { description: sseDescription, content: { 'text/event-stream': { schema: ref('IngestEvent') } } }, ...errors(400, 401) },
    },
  },
  '/v1/spaces/{space}/ask': {
    parameters: [spaceParameter],
    post: {
      operationId: 'ask',
      summary: 'Answer a question from the space (JSON, or SSE with Accept: text/event-stream)',
      requestBody: { required: true, content: json(ref('AskRequest')) },
      responses: {
        200: {
          description: `The answer. With \`Accept: text/event-stream\`: ${sseDescription} Events: \`stage\` {stage}, \`text\` {delta}, then \`answer\` (an Answer) or \`error\` ({code, message}).`,
          content: { 'application/json': { schema: ref('Answer') }, 'text/event-stream': { schema: ref('AskEvent') } },
        },
        ...errors(400, 401, 413, 503),
      },
    },
  },
  '/v1/spaces/{space}/search': {
    parameters: [spaceParameter],
    post: {
      operationId: 'search',
      summary: 'Ranked pages and sections for a question, without an answer',
      requestBody: {
        required: true,
        content: json(requestSchema(searchBody)),
      },
      responses: { 200: { description: 'Pages and hits, best first', content: json(ref('SearchResult')) }, ...errors(400, 401, 413, 503) },
    },
  },
  '/v1/spaces/{space}/settings': {
    parameters: [spaceParameter],
    get: {
      operationId: 'getSpaceSettings',
      summary: 'How answers are given in the space (the defaults until changed)',
      responses: { 200: { description: 'The settings', content: json(ref('SpaceSettings')) }, ...errors(400, 401, 503) },
    },
    patch: {
      operationId: 'changeSpaceSettings',
      summary: 'Change some settings of the space (also chat spaces, e.g. `slack:T1:C1`); replies with all of them',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: (schemas.SpaceSettings as { properties: Schema }).properties,
        }),
      },
      responses: { 200: { description: 'The settings after the change', content: json(ref('SpaceSettings')) }, ...errors(400, 401, 503) },
    },
  },
  '/v1/answers/{id}/feedback': {
    parameters: [{ name: 'id', in: 'path', required: true, description: 'Answer id (`Answer.id`)', schema: { type: 'string' } }],
    post: {
      operationId: 'recordFeedback',
      summary: '👍/👎 on an answer',
      requestBody: {
        required: true,
        content: json(requestSchema(feedbackBody)),
      },
      responses: { 204: { description: 'Stored' }, ...errors(400, 401) },
    },
  },
  '/healthz': {
    get: {
      operationId: 'healthz',
      summary: 'The process is up',
      security: [],
      responses: {
        200: {
          description: 'Up',
          content: json(ref('Health')),
        },
      },
    },
  },
  '/readyz': {
    get: {
      operationId: 'readyz',
      summary: 'Every backend checked now',
      security: [],
      responses: {
        200: { description: 'Ready', content: json(ref('Readiness')) },
        503: { description: 'A backend failed its check', content: json(ref('Readiness')) },
      },
    },
  },
  '/metrics': {
    get: {
      operationId: 'metrics',
      summary: 'Prometheus metrics',
      responses: { 200: { description: 'Text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } }, ...errors(401) },
    },
  },
  '/openapi.json': {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      security: [],
      responses: { 200: { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } },
    },
  },
};
