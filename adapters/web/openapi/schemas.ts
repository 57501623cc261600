import { askBody, requestSchema } from '../request-bodies.ts';
import { ref, type Schema } from './openapi-parts.ts';

const pages = { type: 'array', items: { type: 'integer', minimum: 1 } };

/** The components' schemas: the bodies the API takes and gives. */
export const schemas: Record<string, Schema> = {
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
      title: { type: 'string', description: 'The title printed on its first page, when it has one' },
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
  AskRequest: requestSchema(askBody),
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
      rewritten: {
        type: 'string',
        description:
          'A follow-up made self-contained for the search (by the model from `history`, or offline with the previous question’s words); absent when searched as asked',
      },
      focus: {
        type: 'object',
        required: ['documents', 'reason', 'widened'],
        description:
          'Present when the question was focused: on the documents the thread’s first message shared (`thread`, chat surfaces), those the question names (`named`) or those the request named (`request`). `widened`: they did not answer it, so the whole space was searched (a note says where the answer was found)',
        properties: {
          documents: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } } },
          reason: { enum: ['thread', 'named', 'follow-up', 'request'] },
          widened: { type: 'boolean' },
        },
      },
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
