import type { Response } from 'express';
import { z } from 'zod';
import type { Answer, Citation, ContextEntry, DocumentRecord, DocumentTree, IngestStats, SpaceSettings, TreeNode } from '../../src/index.ts';

/**
 * The JSON bodies the REST API gives, described once: /openapi.json is generated from them
 * (openapi/schemas.ts), `Describes` below fails to compile when a core type gains a field they do not
 * describe, and the openapi-sync test checks real replies against the generated document.
 */
export const replies = z.registry<{ id: string; description?: string }>();

const pages = z.array(z.number().int().min(1));

export const errorReply = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable code, e.g. file_too_large, question_empty' }),
      message: z.string().meta({ description: 'Plain words for the user' }),
    }),
  })
  .register(replies, { id: 'Error' });

const ingestStatsReply = z
  .object({
    pages: z.number().int(),
    slides: z
      .object({ count: z.number().int(), hidden: z.array(z.number().int()) })
      .optional()
      .meta({ description: "A deck's slides, hidden ones included, and the numbers of the hidden ones (LibreOffice leaves them out, so they are not read)" }),
    sections: z.number().int(),
    tables: z.number().int(),
    figures: z.number().int(),
    figuresDescribed: z.number().int(),
    ocrPages: z.number().int().meta({ description: 'Pages whose text came from OCR' }),
    ocrIllegiblePages: z
      .array(z.number().int())
      .optional()
      .meta({ description: 'Scanned pages OCR could not read: a script or language not among FOLIO_OCR_LANGS, or a poor scan' }),
    ms: z
      .object({ convert: z.number(), parse: z.number(), describe: z.number(), tree: z.number(), total: z.number() })
      .meta({ description: 'Milliseconds per stage of reading it, and in total' }),
  })
  .meta({ description: 'Counts of a ready document' });

export const documentRecordReply = z
  .object({
    id: z.string(),
    space: z.string(),
    name: z.string(),
    title: z.string().optional().meta({ description: 'The title printed on its first page, when it has one' }),
    opening: z.string().optional().meta({ description: 'The words its first pages open with (about 400 characters); questions may name the document by them' }),
    language: z.string().optional().meta({ description: 'ISO 639-1 code of the language its text is written in, read at ingest' }),
    mime: z.string(),
    sha256: z.string(),
    sizeBytes: z.number().int(),
    pageCount: z.number().int(),
    status: z.enum(['queued', 'converting', 'parsing', 'describing', 'indexing', 'ready', 'failed']),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
    source: z.object({
      platform: z.enum(['cli', 'web', 'slack', 'teams']),
      fileId: z.string().optional(),
      sharedBy: z.string().optional(),
      messageRef: z.string().optional(),
    }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    stats: ingestStatsReply.optional(),
  })
  .register(replies, { id: 'DocumentRecord' });

export const documentListReply = z.object({ documents: z.array(documentRecordReply) }).register(replies, { id: 'DocumentList' });

export const forgottenSpaceReply = z
  .object({
    space: z.string(),
    forgotten: z.literal(true),
    documents: z.number().int().min(0),
    deletedFiles: z.number().int().min(0),
    stillReading: z.array(z.string()),
    leftovers: z.array(z.enum(['files', 'state'])),
  })
  .register(replies, { id: 'ForgottenSpace' });

export const forgottenDocumentReply = z
  .object({ documentId: z.string(), name: z.string(), forgotten: z.literal(true), deletedFiles: z.number().int() })
  .register(replies, { id: 'ForgottenDocument' });

export const uploadReply = z
  .object({
    documents: z.array(
      z.object({
        name: z.string(),
        documentId: z.string().optional(),
        jobId: z.string().optional(),
        duplicate: z.boolean(),
        status: z.string().meta({ description: "`queued`, a duplicate's status, or `failed` (then `error` says why)" }),
        error: z.object({ code: z.string(), message: z.string() }).optional(),
      }),
    ),
  })
  .register(replies, { id: 'UploadResult' });

/**
 * A tree node as the API shows it: `pageTexts` is left out (it repeats `text` split by page), and its
 * pages as a person names them are added (`pagesLabel`: "slides 2–3", "pp. iv–vi").
 */
export type TreeNodeView = Omit<TreeNode, 'pageTexts' | 'children'> & { pagesLabel: string; children: TreeNodeView[] };

export const treeNodeReply = z.object({
  nodeId: z.string(),
  title: z.string(),
  kind: z.enum(['section', 'slide', 'page', 'figure', 'table']),
  level: z.number().int(),
  pageStart: z.number().int(),
  pageEnd: z.number().int(),
  pagesLabel: z.string().meta({ description: 'The pages as a person names them: "slides 2–5", "pp. iv–vi"' }),
  text: z.string(),
  figure: z
    .object({
      sha256: z.string().meta({ description: "sha256 of the figure's PNG crop" }),
      widthPx: z.number().int(),
      heightPx: z.number().int(),
      caption: z.string().optional(),
      description: z.string().optional().meta({ description: "A vision model's description, when one was configured" }),
      source: z.enum(['raster', 'vector']),
    })
    .optional(),
  get children() {
    return z.array(treeNodeReply);
  },
});
replies.add(treeNodeReply, { id: 'TreeNode' });

export const documentTreeReply = z
  .object({
    documentId: z.string(),
    totalPages: z.number().int(),
    pageLabels: z.array(z.string()).optional().meta({ description: "The PDF's page labels, or a deck's slide numbers, by physical page" }),
    printedPageNumbers: z
      .array(z.array(z.number().int()))
      .optional()
      .meta({ description: 'The page numbers printed on each physical page (two on a spread, none where unknown), when the document prints them' }),
    pageSizes: z
      .array(z.object({ width: z.number(), height: z.number() }))
      .optional()
      .meta({ description: 'Width and height of each physical page in points' }),
    pageNames: z.array(z.string()).meta({ description: 'Every physical page as a person names it: "slide 4", "p. iv", "p. 45"' }),
    nodes: z.array(treeNodeReply),
  })
  .register(replies, { id: 'DocumentTree' });

export const documentWithTreeReply = z
  .object({ document: documentRecordReply, tree: documentTreeReply.nullable() })
  .register(replies, { id: 'DocumentWithTree' });

export const ingestEventReply = z
  .looseObject({ documentId: z.string(), jobId: z.string(), name: z.string() })
  .meta({
    description:
      '`progress`: {documentId, jobId, name, type: stage|page|figure, stage, page?, pageCount?, done?, total?}; `retrying`: {documentId, jobId, name, attempt, delayMs, error}; `finished`: {documentId, jobId, name, status: ready|failed, pages, duplicate, error?, stats?}',
  })
  .register(replies, { id: 'IngestEvent' });

export const citationReply = z
  .object({
    n: z.number().int(),
    documentId: z.string(),
    document: z.string(),
    pages,
    labels: z
      .array(z.string())
      .meta({ description: 'Each of `pages` as the asker finds it, in the answer\'s language: "slide 4", "p. iv", "p. 45", "PDF p. 2"' }),
    pagesLabel: z.string().meta({ description: 'All of `pages` as one phrase: "slide 4", "slides 4–5", "pp. iv, 3"' }),
    nodeId: z.string(),
    titlePath: z.array(z.string()),
    space: z.string(),
    quotes: z
      .array(
        z.object({
          page: z.number().int().min(1),
          text: z.string(),
          highlight: z.string().optional().meta({ description: 'Pass as `highlight` to the page image to mark these lines' }),
        }),
      )
      .meta({ description: "The cited pages' sentences (or table rows) the claims rest on, at most three" }),
  })
  .meta({ description: 'A passage the answer cites as [n]' })
  .register(replies, { id: 'Citation' });

const contextEntryReply = z.object({
  n: z.number().int(),
  document: z.string(),
  documentId: z.string(),
  pages,
  pagesLabel: z.string(),
  nodeId: z.string(),
  title: z.string(),
});

export const answerReply = z
  .object({
    outcome: z.enum(['answered', 'not_found', 'no_documents', 'still_reading', 'rate_limited']),
    delivery: z.enum(['thread', 'private']).meta({
      description:
        "Who the space's settings show this to: `thread`, everyone in the conversation; `private`, only the asker (visibility `private`, or `citedOnly` and no citation). Chat surfaces follow it; an API caller decides itself",
    }),
    retryAfterSeconds: z.number().int().min(1).optional().meta({ description: 'With rate_limited: when the asker may ask again' }),
    id: z.string().optional().meta({ description: 'For feedback; absent when nothing was answered' }),
    question: z.string(),
    answer: z.string().meta({ description: 'Markdown with [n] markers matching `citations` (or the directions when nothing was answered)' }),
    reading: z.array(z.string()).meta({ description: 'Names of documents still being read; an answer then used the ready ones (and says so in `notes`)' }),
    unreadable: z.array(z.string()).optional().meta({ description: 'With no_documents and still_reading: names of documents that could not be read' }),
    citations: z.array(citationReply).meta({ description: "`n` is the cited passage's number in `context`" }),
    context: z
      .array(contextEntryReply)
      .meta({ description: 'The passages the answer was built from, in the order the answerer got them (best-ranked page first)' }),
    figures: z.array(
      z.object({
        documentId: z.string(),
        document: z.string(),
        page: z.number().int(),
        pageLabel: z.string().meta({ description: 'The page as the asker names it' }),
        nodeId: z.string(),
        title: z.string(),
        description: z.string(),
      }),
    ),
    grounded: z.boolean().meta({ description: 'False when the documents do not answer the question' }),
    extractive: z.boolean().meta({ description: 'True for the offline answer (sentences quoted, no model)' }),
    language: z.string(),
    closest: z.array(z.object({ document: z.string(), pages, pagesLabel: z.string(), title: z.string() })),
    notes: z.array(z.string()),
    modelCalls: z.number().int().optional(),
    usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() }).optional(),
    rewritten: z.string().optional().meta({
      description:
        'A follow-up made self-contained for the search (by the model from `history`, or offline with the previous question’s words), or the question said in the documents’ language by a model that does not plan (a CPU model); absent when searched as asked',
    }),
    focus: z
      .object({
        documents: z.array(z.object({ id: z.string(), name: z.string() })),
        reason: z.enum(['thread', 'named', 'follow-up', 'request']),
        widened: z.boolean(),
      })
      .optional()
      .meta({
        description:
          'Present when the question was focused: on the documents the thread’s first message shared (`thread`, chat surfaces), those the question names (`named`) or those the request named (`request`). `widened`: they did not answer it, so the whole space was searched (a note says where the answer was found)',
      }),
    plan: z
      .enum(['full', 'compact', 'offline'])
      .optional()
      .meta({ description: 'How the question was planned: by the model (full, or compact for a slow model) or by rules' }),
    timings: z
      .object({
        planMs: z.number(),
        searchMs: z.number(),
        answerMs: z.number(),
        firstTokenMs: z.number().optional(),
        totalMs: z.number(),
      })
      .optional(),
  })
  .meta({
    description:
      'What asking came to (`outcome`). `answered` and `not_found` carry the whole answer; `no_documents` and `still_reading` (nothing ready to answer from yet) and `rate_limited` (the asker reached the question limit; not for API calls, which have no asker) carry only the directions in `answer`, with empty lists and no `id`, `modelCalls`, `usage` or `timings`.',
  })
  .register(replies, { id: 'Answer' });

export const askEventReply = z
  .union([
    z.object({ stage: z.enum(['planning', 'searching', 'answering']) }),
    z.object({ delta: z.string() }),
    answerReply,
    z.object({ code: z.string(), message: z.string() }),
  ])
  .meta({ description: '`stage`: {stage: planning|searching|answering}; `text`: {delta}; `answer`: Answer; `error`: {code, message}' })
  .register(replies, { id: 'AskEvent' });

export const searchReply = z
  .object({
    pages: z.array(z.object({ documentId: z.string(), document: z.string(), page: z.number().int(), score: z.number() })),
    hits: z.array(
      z.object({
        documentId: z.string(),
        document: z.string(),
        nodeId: z.string(),
        title: z.string(),
        path: z.array(z.string()),
        page: z.number().int(),
        score: z.number(),
        snippet: z.string(),
      }),
    ),
  })
  .register(replies, { id: 'SearchResult' });

export const spaceSettingsReply = z
  .object({
    visibility: z
      .enum(['thread', 'private'])
      .default('thread')
      .meta({ description: '`private`: only the asker sees an answer (Slack: ephemeral with "Share in thread"; Teams: their personal chat)' }),
    citedOnly: z.boolean().default(false).meta({ description: 'Answers without a citation go only to the asker' }),
    questionsPerUserPerMinute: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .nullable()
      .default(null)
      .meta({ description: 'Questions one person may ask per clock minute in chat; `null`: no limit' }),
  })
  .meta({ description: 'Stored per space; anyone in a chat conversation can change them with `/folio settings` (Slack) or `settings` (Teams)' })
  .register(replies, { id: 'SpaceSettings' });

export const healthReply = z.object({ ok: z.literal(true), uptimeSeconds: z.number().int().optional() }).register(replies, { id: 'Health' });

export const readinessReply = z
  .object({
    ok: z.boolean(),
    checks: z.record(z.string(), z.object({ ok: z.boolean(), detail: z.string() })),
  })
  .register(replies, { id: 'Readiness' });

/** Sends a reply as JSON; its body is checked against the reply's schema when compiled, not at run time. */
export function sendReply<Schema extends z.ZodType>(response: Response, _reply: Schema, body: z.input<Schema>): void {
  response.json(body);
}

/**
 * True when a schema describes every field of a core type and the core type's values fit it: a field
 * added to the type and not here, or typed otherwise, turns the checks below into compile errors.
 */
type Describes<Schema extends z.ZodType, Value> = [Value] extends [z.input<Schema>]
  ? [Exclude<keyof Value, keyof z.input<Schema>>] extends [never]
    ? true
    : false
  : false;
type Holds<Check extends true> = Check;

export type ReplyChecks = [
  Holds<Describes<typeof documentRecordReply, DocumentRecord>>,
  Holds<Describes<typeof ingestStatsReply, IngestStats>>,
  Holds<Describes<typeof citationReply, Citation>>,
  Holds<Describes<typeof contextEntryReply, ContextEntry>>,
  Holds<Describes<typeof treeNodeReply, TreeNodeView>>,
  Holds<Describes<typeof documentTreeReply, Omit<DocumentTree, 'nodes'> & { pageNames: string[]; nodes: TreeNodeView[] }>>,
  Holds<Describes<typeof answerReply, Answer & { outcome: 'answered'; delivery: 'thread'; reading: string[] }>>,
  Holds<Describes<typeof spaceSettingsReply, SpaceSettings>>,
];
