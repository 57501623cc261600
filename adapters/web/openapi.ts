/**
 * The OpenAPI 3.1 description of the REST API, served at /openapi.json. test/web/openapi-sync.test.ts
 * fails when a route is added to the express app without being described here (or the reverse), and
 * checks real replies against the schemas below.
 */
type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ 'application/json': { schema } });
const errorReply = (description: string) => ({ description, content: json(ref('Error')) });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map(status => [String(status), errorReply(errorDescriptions[status] ?? 'Error')]));

const errorDescriptions: Record<number, string> = {
  400: 'Bad input: invalid space name, empty or too long question, unknown setting or wrong value, malformed body',
  401: 'Missing or wrong API key (only when the server has FOLIO_API_KEY)',
  404: 'No such document, page or answer',
  413: 'A file over FOLIO_MAX_FILE_MB, or a JSON body over 256 kB',
  415: 'A file type Folio does not read, or a file whose content does not match its name',
  429: 'Too many uploads in flight from this client; see Retry-After',
  503: 'A backend (store, queue, model, converter) is unavailable; try again later',
  507: 'The disk under the data dir is full: nothing new can be stored until an administrator frees space',
};

const spaceParameter = {
  name: 'space',
  in: 'path',
  required: true,
  description: 'Space name (`handbook` means `web:handbook`) or a full space id (`slack:T1:C1`). Letters, digits and `: _ . @ * # = -`, up to 200 characters.',
  schema: { type: 'string', maxLength: 200 },
};
const documentParameter = { name: 'id', in: 'path', required: true, description: 'Document id or name', schema: { type: 'string' } };

const sseDescription = 'Server-sent events; each `data:` line is one JSON object. Comment lines (`: keep-alive`) are sent every 15 s.';

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
    paths: {
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
              content: json({
                type: 'object',
                required: ['space', 'forgotten', 'documents', 'deletedFiles', 'stillReading', 'leftovers'],
                properties: {
                  space: { type: 'string' },
                  forgotten: { const: true },
                  documents: { type: 'integer', minimum: 0 },
                  deletedFiles: { type: 'integer', minimum: 0 },
                  stillReading: { type: 'array', items: { type: 'string' } },
                  leftovers: { type: 'array', items: { enum: ['files', 'state'] } },
                },
              }),
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
              content: json({ type: 'object', required: ['documents'], properties: { documents: { type: 'array', items: ref('DocumentRecord') } } }),
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
              content: json({
                type: 'object',
                required: ['document', 'tree'],
                properties: { document: ref('DocumentRecord'), tree: { oneOf: [ref('DocumentTree'), { type: 'null' }] } },
              }),
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
              content: json({
                type: 'object',
                required: ['documentId', 'name', 'forgotten', 'deletedFiles'],
                properties: { documentId: { type: 'string' }, name: { type: 'string' }, forgotten: { const: true }, deletedFiles: { type: 'integer' } },
              }),
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
            content: json({
              type: 'object',
              required: ['question'],
              properties: { question: { type: 'string' }, k: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
            }),
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
            content: json({
              type: 'object',
              required: ['rating'],
              properties: { rating: { enum: ['up', 'down'] }, comment: { type: 'string', maxLength: 2000 } },
            }),
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
              content: json({ type: 'object', required: ['ok'], properties: { ok: { const: true }, uptimeSeconds: { type: 'integer' } } }),
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
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'FOLIO_API_KEY' } },
      schemas,
    },
  };
}

const pages = { type: 'array', items: { type: 'integer', minimum: 1 } };

const schemas: Record<string, Schema> = {
  Error: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', description: 'Stable code, e.g. file_too_large, question_empty' },
          message: { type: 'string', description: 'Plain words for the user' },
        },
      },
    },
  },
  DocumentRecord: {
    type: 'object',
    required: ['id', 'space', 'name', 'mime', 'sha256', 'sizeBytes', 'pageCount', 'status', 'source', 'createdAt', 'updatedAt'],
    properties: {
      id: { type: 'string' },
      space: { type: 'string' },
      name: { type: 'string' },
      mime: { type: 'string' },
      sha256: { type: 'string' },
      sizeBytes: { type: 'integer' },
      pageCount: { type: 'integer' },
      status: { enum: ['queued', 'converting', 'parsing', 'describing', 'indexing', 'ready', 'failed'] },
      error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
      source: { type: 'object', required: ['platform'], properties: { platform: { enum: ['cli', 'web', 'slack', 'teams'] } } },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      stats: {
        type: 'object',
        description: 'Counts of a ready document; `slides` for a deck: {count, hidden: slide numbers LibreOffice left out, so not read}',
        properties: {
          pages: { type: 'integer' },
          slides: {
            type: 'object',
            required: ['count', 'hidden'],
            properties: { count: { type: 'integer' }, hidden: { type: 'array', items: { type: 'integer' } } },
          },
        },
      },
    },
  },
  UploadResult: {
    type: 'object',
    required: ['documents'],
    properties: {
      documents: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'duplicate', 'status'],
          properties: {
            name: { type: 'string' },
            documentId: { type: 'string' },
            jobId: { type: 'string' },
            duplicate: { type: 'boolean' },
            status: { type: 'string', description: "`queued`, a duplicate's status, or `failed` (then `error` says why)" },
            error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
          },
        },
      },
    },
  },
  DocumentTree: {
    type: 'object',
    required: ['documentId', 'totalPages', 'nodes'],
    properties: {
      documentId: { type: 'string' },
      totalPages: { type: 'integer' },
      pageLabels: { type: 'array', items: { type: 'string' }, description: "The PDF's page labels, or a deck's slide numbers, by physical page" },
      pageNames: { type: 'array', items: { type: 'string' }, description: 'Every physical page as a person names it: "slide 4", "p. iv", "p. 45"' },
      nodes: { type: 'array', items: ref('TreeNode') },
    },
  },
  TreeNode: {
    type: 'object',
    required: ['nodeId', 'title', 'kind', 'level', 'pageStart', 'pageEnd', 'pagesLabel', 'text', 'children'],
    properties: {
      nodeId: { type: 'string' },
      title: { type: 'string' },
      kind: { enum: ['section', 'slide', 'page', 'figure', 'table'] },
      level: { type: 'integer' },
      pageStart: { type: 'integer' },
      pageEnd: { type: 'integer' },
      pagesLabel: { type: 'string', description: 'The pages as a person names them: "slides 2–5", "pp. iv–vi"' },
      text: { type: 'string' },
      figure: { type: 'object' },
      children: { type: 'array', items: ref('TreeNode') },
    },
  },
  IngestEvent: {
    type: 'object',
    description:
      '`progress`: {documentId, jobId, name, type: stage|page|figure, stage, page?, pageCount?, done?, total?}; `retrying`: {documentId, jobId, name, attempt, delayMs, error}; `finished`: {documentId, jobId, name, status: ready|failed, pages, duplicate, error?, stats?}',
    required: ['documentId', 'jobId', 'name'],
    properties: { documentId: { type: 'string' }, jobId: { type: 'string' }, name: { type: 'string' } },
  },
  AskRequest: {
    type: 'object',
    required: ['question'],
    properties: {
      question: { type: 'string', description: 'Not empty; at most FOLIO_MAX_QUESTION_CHARS characters' },
      history: {
        type: 'array',
        maxItems: 20,
        items: { type: 'object', required: ['role', 'text'], properties: { role: { enum: ['user', 'assistant'] }, text: { type: 'string' } } },
      },
    },
  },
  AskEvent: {
    description: '`stage`: {stage: planning|searching|answering}; `text`: {delta}; `answer`: Answer; `error`: {code, message}',
    oneOf: [
      { type: 'object', required: ['stage'], properties: { stage: { enum: ['planning', 'searching', 'answering'] } } },
      { type: 'object', required: ['delta'], properties: { delta: { type: 'string' } } },
      ref('Answer'),
      { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
    ],
  },
  Citation: {
    type: 'object',
    description: 'A passage the answer cites as [n]',
    required: ['n', 'documentId', 'document', 'pages', 'labels', 'pagesLabel', 'nodeId', 'titlePath', 'space', 'quotes'],
    properties: {
      n: { type: 'integer' },
      documentId: { type: 'string' },
      document: { type: 'string' },
      pages,
      labels: {
        type: 'array',
        items: { type: 'string' },
        description: 'Each of `pages` as the asker finds it, in the answer\'s language: "slide 4", "p. iv", "p. 45", "PDF p. 2"',
      },
      pagesLabel: { type: 'string', description: 'All of `pages` as one phrase: "slide 4", "slides 4–5", "pp. iv, 3"' },
      nodeId: { type: 'string' },
      titlePath: { type: 'array', items: { type: 'string' } },
      space: { type: 'string' },
      quotes: {
        type: 'array',
        description: "The cited pages' sentences (or table rows) the claims rest on, at most three",
        items: {
          type: 'object',
          required: ['page', 'text'],
          properties: {
            page: { type: 'integer', minimum: 1 },
            text: { type: 'string' },
            highlight: { type: 'string', description: 'Pass as `highlight` to the page image to mark these lines' },
          },
        },
      },
    },
  },
  Answer: {
    type: 'object',
    description:
      'What asking came to (`outcome`). `answered` and `not_found` carry the whole answer; `no_documents` and `still_reading` (nothing ready to answer from yet) and `rate_limited` (the asker reached the question limit; not for API calls, which have no asker) carry only the directions in `answer`, with empty lists and no `id`, `modelCalls`, `usage` or `timings`.',
    required: [
      'outcome',
      'delivery',
      'question',
      'answer',
      'citations',
      'context',
      'figures',
      'grounded',
      'extractive',
      'language',
      'closest',
      'notes',
      'reading',
    ],
    properties: {
      outcome: { type: 'string', enum: ['answered', 'not_found', 'no_documents', 'still_reading', 'rate_limited'] },
      delivery: {
        enum: ['thread', 'private'],
        description:
          "Who the space's settings show this to: `thread`, everyone in the conversation; `private`, only the asker (visibility `private`, or `citedOnly` and no citation). Chat surfaces follow it; an API caller decides itself",
      },
      retryAfterSeconds: { type: 'integer', minimum: 1, description: 'With rate_limited: when the asker may ask again' },
      id: { type: 'string', description: 'For feedback; absent when nothing was answered' },
      question: { type: 'string' },
      answer: { type: 'string', description: 'Markdown with [n] markers matching `citations` (or the directions when nothing was answered)' },
      reading: {
        type: 'array',
        items: { type: 'string' },
        description: 'Names of documents still being read; an answer then used the ready ones (and says so in `notes`)',
      },
      unreadable: { type: 'array', items: { type: 'string' }, description: 'With no_documents and still_reading: names of documents that could not be read' },
      citations: { type: 'array', items: ref('Citation'), description: "`n` is the cited passage's number in `context`" },
      context: {
        type: 'array',
        description: 'The passages the answer was built from, in the order the answerer got them (best-ranked page first)',
        items: {
          type: 'object',
          required: ['n', 'document', 'documentId', 'pages', 'pagesLabel', 'nodeId', 'title'],
          properties: {
            n: { type: 'integer' },
            document: { type: 'string' },
            documentId: { type: 'string' },
            pages,
            pagesLabel: { type: 'string' },
            nodeId: { type: 'string' },
            title: { type: 'string' },
          },
        },
      },
      figures: {
        type: 'array',
        items: {
          type: 'object',
          required: ['documentId', 'document', 'page', 'pageLabel', 'nodeId', 'title', 'description'],
          properties: {
            documentId: { type: 'string' },
            document: { type: 'string' },
            page: { type: 'integer' },
            pageLabel: { type: 'string', description: 'The page as the asker names it' },
            nodeId: { type: 'string' },
            title: { type: 'string' },
            description: { type: 'string' },
          },
        },
      },
      grounded: { type: 'boolean', description: 'False when the documents do not answer the question' },
      extractive: { type: 'boolean', description: 'True for the offline answer (sentences quoted, no model)' },
      language: { type: 'string' },
      closest: {
        type: 'array',
        items: {
          type: 'object',
          required: ['document', 'pages', 'pagesLabel', 'title'],
          properties: { document: { type: 'string' }, pages, pagesLabel: { type: 'string' }, title: { type: 'string' } },
        },
      },
      notes: { type: 'array', items: { type: 'string' } },
      modelCalls: { type: 'integer' },
      usage: { type: 'object', required: ['inputTokens', 'outputTokens'], properties: { inputTokens: { type: 'integer' }, outputTokens: { type: 'integer' } } },
      plan: {
        type: 'string',
        enum: ['full', 'compact', 'offline'],
        description: 'How the question was planned: by the model (full, or compact for a slow model) or by rules',
      },
      timings: {
        type: 'object',
        required: ['planMs', 'searchMs', 'answerMs', 'totalMs'],
        properties: {
          planMs: { type: 'number' },
          searchMs: { type: 'number' },
          answerMs: { type: 'number' },
          firstTokenMs: { type: 'number' },
          totalMs: { type: 'number' },
        },
      },
    },
  },
  SearchResult: {
    type: 'object',
    required: ['pages', 'hits'],
    properties: {
      pages: {
        type: 'array',
        items: {
          type: 'object',
          required: ['documentId', 'document', 'page', 'score'],
          properties: { documentId: { type: 'string' }, document: { type: 'string' }, page: { type: 'integer' }, score: { type: 'number' } },
        },
      },
      hits: {
        type: 'array',
        items: {
          type: 'object',
          required: ['documentId', 'document', 'nodeId', 'title', 'path', 'page', 'score', 'snippet'],
          properties: {
            documentId: { type: 'string' },
            document: { type: 'string' },
            nodeId: { type: 'string' },
            title: { type: 'string' },
            path: { type: 'array', items: { type: 'string' } },
            page: { type: 'integer' },
            score: { type: 'number' },
            snippet: { type: 'string' },
          },
        },
      },
    },
  },
  SpaceSettings: {
    type: 'object',
    description: 'Stored per space; anyone in a chat conversation can change them with `/folio settings` (Slack) or `settings` (Teams)',
    required: ['visibility', 'citedOnly', 'questionsPerUserPerMinute'],
    properties: {
      visibility: {
        enum: ['thread', 'private'],
        default: 'thread',
        description: '`private`: only the asker sees an answer (Slack: ephemeral with "Share in thread"; Teams: their personal chat)',
      },
      citedOnly: { type: 'boolean', default: false, description: 'Answers without a citation go only to the asker' },
      questionsPerUserPerMinute: {
        type: ['integer', 'null'],
        minimum: 1,
        maximum: 1000,
        default: null,
        description: 'Questions one person may ask per clock minute in chat; `null`: no limit',
      },
    },
  },
  Readiness: {
    type: 'object',
    required: ['ok', 'checks'],
    properties: {
      ok: { type: 'boolean' },
      checks: {
        type: 'object',
        additionalProperties: { type: 'object', required: ['ok', 'detail'], properties: { ok: { type: 'boolean' }, detail: { type: 'string' } } },
      },
    },
  },
};
