import { strongMinimumEvidence } from '../answer/strong-evidence.ts';
import type { Answer, AskInput } from '../answer/types.ts';
import { documentNotFound } from '../documents/document-not-found.ts';
import type { DocumentRecord } from '../documents/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { documentNames } from './ask-outcome.ts';
import { plainChatText } from './chat-text.ts';
import { conversationMessages } from './conversation-messages.ts';
import type { DocumentDescriptions } from './described-documents.ts';
import { documentsByKind } from './documents-by-kind.ts';
import { documentsByLanguage } from './documents-by-language.ts';
import { namedDocuments, type SpaceWords } from './named-documents.ts';
import type { TermStore } from '../store/types.ts';
import { singleSearchTerms } from '../text/search-terms.ts';

/** Where a question is asked, as far as its focus goes. */
export interface FocusRequest {
  /** The question, for documents it names (named-documents.ts); without it names are not looked for. */
  question?: string;
  /**
   * The question made self-contained from the turn before (follow-up-question.ts), when it leans on it:
   * a document the previous question named stays the focus of "and the advertising expense?".
   */
  followUp?: string;
  /** The question is a reply in a thread (not the thread's first message, nor a chat without threads). */
  inThread?: boolean;
  /**
   * The text of the thread's first message (with `inThread`): when it shared no file, the documents it
   * names ("Please read budget-2025.pdf before Monday") are the thread's focus.
   */
  threadText?: string;
  /**
   * `DocumentSource.messageRef` of the message the question's thread started from: the documents that
   * message shared are the focus (a question in a file's thread is about that file).
   */
  threadRef?: string;
  /**
   * Ids of the documents Folio's latest answer in the thread cited (thread-answers.ts), with `inThread`:
   * the focus when the thread's first message neither shared nor names a document.
   */
  answeredInThread?: string[];
  /** Documents (ids or names) the caller asks about first (REST `focus.documents`, `folio ask --doc`). */
  documents?: string[];
}

export interface QuestionFocus {
  documents: DocumentRecord[];
  reason: 'thread' | 'named' | 'follow-up' | 'request';
}

/**
 * The ready documents a question is focused on: those named by the caller (each must be one of
 * `ready`, by id or name, else document_not_found), else those the question names itself (by name,
 * several narrowed to the language and kind of file it calls them; else by the language they are
 * written in, and the kind of file: documents-by-language.ts, documents-by-kind.ts), else those shared by the
 * thread's first message, named by it, or cited by Folio's latest answer in the thread, else the one
 * the question describes by meaning (`descriptions`, when there is an embedding model: a title in
 * other words or another language); none when nothing applies or the focus would be every ready
 * document anyway.
 */
export async function questionFocus(
  request: FocusRequest,
  ready: DocumentRecord[],
  space: SpaceId,
  spaceWords: SpaceWords,
  descriptions?: DocumentDescriptions,
): Promise<QuestionFocus | undefined> {
  const named = request.documents?.filter(name => name.trim() !== '') ?? [];
  if (named.length > 0) return { documents: [...new Map(named.map(name => [name, findReady(ready, name, space)])).values()], reason: 'request' };
  const namedInQuestion = request.question ? await namedDocuments(request.question, ready, spaceWords) : [];
  const inQuestion = request.question ? documentsInQuestion(request.question, namedInQuestion, ready) : [];
  const inFollowUp = inQuestion.length === 0 && request.followUp ? await namedDocuments(request.followUp, ready, spaceWords) : [];
  const focus: QuestionFocus | undefined =
    inQuestion.length > 0
      ? { documents: inQuestion, reason: 'named' }
      : inFollowUp.length > 0 && !request.threadRef
        ? { documents: inFollowUp, reason: 'follow-up' }
        : ((await threadFocus(request, ready, spaceWords)) ?? (await describedFocus(request, ready, descriptions)));
  if (!focus || focus.documents.length === 0 || focus.documents.length === ready.length) return undefined;
  return focus;
}

/**
 * The documents a question names (`named`, by name), else those it names by their language; of
 * several, those in the language and of the kind of file it calls them ("the German ONLYOFFICE
 * slides"), each only when some of them are.
 */
function documentsInQuestion(question: string, named: DocumentRecord[], ready: DocumentRecord[]): DocumentRecord[] {
  if (named.length === 0) return documentsByKind(question, documentsByLanguage(question, ready));
  if (named.length === 1) return named;
  const inLanguage = documentsByLanguage(question, named);
  return documentsByKind(question, inLanguage.length > 0 ? inLanguage : named);
}

/**
 * The document the question describes; a question that leans on the turn before ("and in 2022?") is
 * read as made self-contained, so it keeps the document the previous question described.
 */
async function describedFocus(request: FocusRequest, ready: DocumentRecord[], descriptions?: DocumentDescriptions): Promise<QuestionFocus | undefined> {
  const text = request.followUp ?? request.question;
  if (!descriptions || !text) return undefined;
  const described = await descriptions.described(text, ready);
  return described ? { documents: [described], reason: request.followUp ? 'follow-up' : 'named' } : undefined;
}

/** The thread's documents (threadDocuments), when the question is in a thread that has some. */
async function threadFocus(request: FocusRequest, ready: DocumentRecord[], spaceWords: SpaceWords): Promise<QuestionFocus | undefined> {
  const documents = request.threadRef ? await threadDocuments(request, ready, spaceWords) : [];
  return documents.length > 0 ? { documents, reason: 'thread' } : undefined;
}

/** The documents the thread's first message shared, else those it names, else those Folio's latest answer in the thread cited. */
async function threadDocuments(request: FocusRequest, ready: DocumentRecord[], spaceWords: SpaceWords): Promise<DocumentRecord[]> {
  const shared = ready.filter(record => record.source.messageRef === request.threadRef);
  if (shared.length > 0 || !request.inThread) return shared;
  const named = request.threadText ? await namedDocuments(request.threadText, ready, spaceWords) : [];
  if (named.length > 0) return named;
  const answered = new Set(request.answeredInThread ?? []);
  return ready.filter(record => answered.has(record.id));
}

function findReady(ready: DocumentRecord[], name: string, space: SpaceId): DocumentRecord {
  const wanted = name.trim().toLowerCase();
  const found = ready.find(record => record.id === name.trim()) ?? ready.find(record => record.name.toLowerCase() === wanted);
  if (!found) throw documentNotFound(space, name.trim());
  return found;
}

/**
 * Answers from the focused documents first; when they do not answer (the answer is not grounded) the
 * whole of `ready` is asked, on strong evidence only (strong-evidence.ts: a page that shares a word or
 * two with the question is no answer found elsewhere), and the answer says in a note which document
 * it came from instead; when that does not answer either, the focused documents' "not found" is the
 * reply. A question named documents for (`request`) is widened the same way: the note says so.
 */
export async function answerWithFocus(
  input: AskInput,
  focus: QuestionFocus,
  ready: DocumentRecord[],
  answer: (input: AskInput) => Promise<Answer>,
): Promise<Answer> {
  const documents = focus.documents.map(record => ({ id: record.id, name: record.name }));
  const focused = await answer({ ...input, readyDocuments: focus.documents, documentIds: focus.documents.map(record => record.id) });
  if (focused.grounded || focus.documents.length === ready.length) return { ...focused, focus: { documents, reason: focus.reason, widened: false } };
  const wide = await answer({ ...input, readyDocuments: ready, documentIds: undefined, minimumEvidence: strongMinimumEvidence });
  const widened = { documents, reason: focus.reason, widened: true } as const;
  // Found nowhere: the asker named or shared these documents, so their closest sections and the reason
  // they do not answer ("never mention 1500S") say more than those of the whole space.
  if (!wide.grounded) return { ...focused, focus: widened };
  const cited = new Set(wide.citations.map(citation => citation.documentId));
  const found = ready.filter(record => cited.has(record.id));
  const note = plainChatText(conversationMessages(wide.language).widened(documentNames(focus.documents), documentNames(found)));
  return { ...wide, notes: [...wide.notes, note], focus: widened };
}

/**
 * What named-documents.ts reads of the pages of `spaces`: how many documents hold each word (as a page
 * search term), and for a word few documents hold, on how many pages of each. A word that is no single
 * search term counts as held by none.
 */
export function spaceWordsIn(store: Pick<TermStore, 'documentStatistics' | 'searchPages' | 'pageStatistics'>, spaces: SpaceId[]): SpaceWords {
  return {
    documentsHolding: async words => {
      const termOf = singleSearchTerms(words);
      if (termOf.size === 0) return new Map();
      const { frequencies } = await store.documentStatistics({ spaces, terms: [...new Set(termOf.values())], documentIds: [] });
      return new Map([...termOf].map(([word, term]) => [word, frequencies.get(term) ?? 0]));
    },
    pagesHolding: async word => {
      const term = singleSearchTerms([word]).get(word);
      if (term === undefined) return new Map();
      // Which documents: every page holding the term, when there are no more than k; else the best k,
      // which name the documents that hold it on many pages. Then how many pages of each.
      const holders = new Set((await store.searchPages({ spaces, terms: [term], pairs: [], k: pagesToFindHolders })).map(page => page.documentId));
      const counts = await Promise.all(
        [...holders].map(async documentId => {
          const { frequencies } = await store.pageStatistics({ spaces, documentIds: [documentId], terms: [term] });
          return [documentId, frequencies.get(term) ?? 0] as const;
        }),
      );
      return new Map(counts);
    },
  };
}

/** Pages read to learn which documents hold a word few documents hold. */
const pagesToFindHolders = 200;
