import type { DocumentRecord } from '../documents/types.ts';
import type { ModelUsage } from '../models/types.ts';
import type { QueryPlan } from '../search/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';

/** An earlier turn of the conversation (a chat thread), oldest first; lets the planner resolve "it"/"that". */
export interface ConversationTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface AskInput {
  /** Every space the asker may read (the channel's, plus its team's when the channel opted in). */
  spaces: SpaceId[];
  /** Only these documents (ids, within `spaces`): a question about one file. */
  documentIds?: string[];
  question: string;
  history?: ConversationTurn[];
  /** Streaming and stage updates (chat adapters edit their reply; the web console uses SSE). */
  onEvent?: (event: AskEvent) => void;
  signal?: AbortSignal;
  /** Ties log lines of one question together. */
  correlationId?: string;
  /** The ready documents of `spaces` (within `documentIds`), when the caller has listed them already. */
  readyDocuments?: DocumentRecord[];
  /**
   * The evidence the answer needs, when more than the configured bar: a question widened past the
   * documents it was about answers from others only on strong evidence (question-focus.ts).
   */
  minimumEvidence?: number;
}

export type AskEvent =
  | { type: 'stage'; stage: 'planning' | 'searching' | 'answering' }
  | { type: 'plan'; plan: QueryPlan }
  /** Answer text as the model writes it (citation markers included, not yet verified). */
  | { type: 'text'; delta: string };

/** A source the answer relies on: one passage, cited as [n]. */
export interface Citation {
  /** The number used in the answer text, [n]: the cited passage's number in the answer's `context`. */
  n: number;
  documentId: string;
  /** File name as shared. */
  document: string;
  /** 1-based physical pages, ascending: the key for page links, page images and evaluation. */
  pages: number[];
  /**
   * Each of `pages` as a person finds it in the document, in the answer's language: "slide 4" (a deck's
   * third page when slide 3 is hidden), "p. iv", "p. 45" (printed), "PDF p. 2" (a page printing no number).
   */
  labels: string[];
  /** All of `pages` as one phrase for the asker: "slide 4", "slides 4–5", "pp. iv, 3". */
  pagesLabel: string;
  nodeId: string;
  /** Section titles from the root: ["3 Results", "3.2 Tables"]. */
  titlePath: string[];
  space: SpaceId;
  /**
   * The document's own words the claim rests on: for each sentence citing [n], the sentence or table row
   * of the cited pages that shares the most words with it (at most three, in the order cited). Empty when
   * nothing on the pages matches the claim's words.
   */
  quotes: CitedQuote[];
}

/** One sentence (or table row) of a cited page, and where it is on that page. */
export interface CitedQuote {
  /** 1-based physical page. */
  page: number;
  /** As shown to the asker: the sentence, or "label — column: value" for a table row. */
  text: string;
  /**
   * Where the words are in the document's tree, for the page image's `?highlight=` ("show me where"):
   * `<nodeId>:<start>-<end>` offsets into that node's text on `page`. Absent when the words could not
   * be placed (the tree was not at hand).
   */
  highlight?: string;
}

/** One passage the answerer was given, in the order it was given; `n` is the number citations use. */
export interface ContextEntry {
  n: number;
  /** File name as shared. */
  document: string;
  documentId: string;
  /** 1-based physical pages, ascending. */
  pages: number[];
  /** `pages` as the asker names them ("slide 4", "pp. iv–v"; see Citation.labels). */
  pagesLabel: string;
  nodeId: string;
  /** The section's title. */
  title: string;
}

/** A figure description the answer used (the figure's page and its words). */
export interface FigureUsed {
  documentId: string;
  document: string;
  /** 1-based physical page. */
  page: number;
  /** The page as the asker names it: "slide 4", "p. 45" (see Citation.labels). */
  pageLabel: string;
  nodeId: string;
  title: string;
  description: string;
}

export interface Answer {
  /** Names this answer for feedback (👍/👎). */
  id: string;
  question: string;
  /** Markdown, in the question's language, with [n] markers that match `citations`. */
  answer: string;
  /** Only citations the answer actually uses and that name a real passage; `n` is the passage's number in `context`. */
  citations: Citation[];
  /** The passages the answer was built from, best-ranked page first (empty when nothing was searched). */
  context: ContextEntry[];
  figures: FigureUsed[];
  /** False when the documents do not answer the question (then `closest` lists where to look). */
  grounded: boolean;
  /** True for the offline answer: sentences quoted from the documents, no model involved. */
  extractive: boolean;
  /** ISO 639-1 code of the question's (and answer's) language, e.g. "en", "de". */
  language: string;
  /** Sections nearest to the question, for an ungrounded answer (empty when grounded). */
  closest: Array<{ document: string; pages: number[]; pagesLabel: string; title: string }>;
  /** Why the pipeline degraded, in plain words (e.g. "the model was unavailable; answered extractively"). */
  notes: string[];
  /**
   * How the question was planned: `full` (the model, with the table of contents), `compact` (the model,
   * a short plan its speed allows), `offline` (rules: no model, or the model's plan failed or was late).
   */
  plan: 'full' | 'compact' | 'offline';
  /**
   * A follow-up made self-contained for the search: by the model's plan from the thread's history, or
   * without a model by adding the previous question's words ("and in 2022? churn rate"); or a question in
   * another language than the documents, said in theirs by a model that does not plan. Absent when the
   * question was searched as asked.
   */
  rewritten?: string;
  /**
   * The documents the question was focused on, when it was: those shared in the thread's first message
   * (`thread`), those the question names (`named`) or the question it follows up named (`follow-up`),
   * or those the caller named (`request`). `widened`:
   * they did not answer it, so the whole space was searched (a note says where the answer was found).
   */
  focus?: { documents: Array<{ id: string; name: string }>; reason: 'thread' | 'named' | 'follow-up' | 'request'; widened: boolean };
  modelCalls: number;
  usage: ModelUsage;
  timings: { planMs: number; searchMs: number; answerMs: number; firstTokenMs?: number; totalMs: number };
}
