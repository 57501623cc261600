import type { Answer } from '../answer/types.ts';
import type { DocumentRecord } from '../documents/types.ts';
import type { ConversationPlace } from '../spaces/conversation-space.ts';
import type { AnswerDelivery } from '../spaces/space-settings.ts';
import { plainChatText, type ChatText } from './chat-text.ts';
import { conversationMessages } from './conversation-messages.ts';

/**
 * What asking in a conversation came to; every surface (Slack, Teams, the web console, the CLI)
 * renders these the same way.
 * - `no_documents`: nothing ready and nothing being read (`unreadable` lists documents that failed);
 * - `still_reading`: nothing ready yet, but documents are being read;
 * - `rate_limited`: the asker reached the space's questions per minute; `retryAfterSeconds` says when
 *   the next one is answered;
 * - `not_found`: the documents do not answer it (`answer` says so, with the closest sections);
 * - `answered`: a grounded answer with its citations.
 * The first three carry `message`, in the asker's language; the last two the Answer, whose text is in
 * it too. `reading` lists documents still being read; an answer then says in a note that it used the
 * ready ones. `delivery` says who sees it (the space's settings decide, see space-settings.ts):
 * `thread`, everyone in the conversation; `private`, the asker alone. `shareable`: a private answer its
 * asker may post for everyone (Folio.shareAnswer): private only because the space's answers are.
 */
export type AskOutcome = OutcomeContent & { delivery: AnswerDelivery; shareable: boolean };

/** An outcome before the space's settings decided its delivery. */
export type OutcomeContent =
  /** `teamScopeAvailable`: the conversation could also read its team's space (and does not yet); surfaces say how. */
  | { kind: 'no_documents'; message: ChatText; language: string; unreadable: DocumentRecord[]; reading: []; teamScopeAvailable: boolean }
  | { kind: 'still_reading'; message: ChatText; language: string; reading: DocumentRecord[]; unreadable: DocumentRecord[] }
  | { kind: 'rate_limited'; message: ChatText; language: string; retryAfterSeconds: number; reading: []; unreadable: [] }
  | { kind: 'not_found' | 'answered'; answer: Answer; language: string; reading: DocumentRecord[]; unreadable: DocumentRecord[] };

/** The documents of the spaces a question reads, by what they can contribute now. */
export interface ConversationDocuments {
  ready: DocumentRecord[];
  reading: DocumentRecord[];
  unreadable: DocumentRecord[];
}

export function sortDocuments(records: DocumentRecord[]): ConversationDocuments {
  return {
    ready: records.filter(record => record.status === 'ready'),
    reading: records.filter(record => record.status !== 'ready' && record.status !== 'failed'),
    unreadable: records.filter(record => record.status === 'failed'),
  };
}

/** How many names a message lists before "and N more". */
const namesShown = 5;

/** "**a.pdf**, **b.pptx** (+3)", the names as bold parts. */
export function documentNames(records: DocumentRecord[]): ChatText {
  const names: ChatText[number][] = [];
  records.slice(0, namesShown).forEach((record, index) => names.push(...(index > 0 ? [', '] : []), { bold: record.name }));
  const more = records.length - namesShown;
  return more > 0 ? [...names, ` (+${more})`] : names;
}

/**
 * The outcome when no document is ready to answer from; undefined when at least one is. `place` is
 * where the question was asked (its own space's place), for "in this channel" / "in our conversation";
 * `teamScopeAvailable` says it could opt into its team's space and has not.
 */
export function outcomeWithoutAnswer(
  documents: ConversationDocuments,
  language: string,
  place: ConversationPlace,
  teamScopeAvailable = false,
): OutcomeContent | undefined {
  if (documents.ready.length > 0) return undefined;
  const text = conversationMessages(language);
  const here = text.here[place];
  if (documents.reading.length > 0) {
    return {
      kind: 'still_reading',
      message: text.stillReading(documentNames(documents.reading)),
      language,
      reading: documents.reading,
      unreadable: documents.unreadable,
    };
  }
  const message = documents.unreadable.length > 0 ? text.unreadable(documentNames(documents.unreadable), here) : text.noDocuments(here);
  return {
    kind: 'no_documents',
    message,
    language,
    unreadable: documents.unreadable,
    reading: [],
    teamScopeAvailable: teamScopeAvailable && documents.unreadable.length === 0,
  };
}

/** An answer from the ready documents, with a note when others are still being read. */
export function outcomeOfAnswer(answer: Answer, documents: ConversationDocuments): OutcomeContent {
  const notes =
    documents.reading.length > 0
      ? [...answer.notes, plainChatText(conversationMessages(answer.language).readingNote(documentNames(documents.reading)))]
      : answer.notes;
  return {
    kind: answer.grounded ? 'answered' : 'not_found',
    answer: { ...answer, notes },
    language: answer.language,
    reading: documents.reading,
    unreadable: documents.unreadable,
  };
}

/** The asker reached the space's question limit: when they may ask again, in their language. */
export function rateLimitedOutcome(limit: number, retryAfterSeconds: number, language: string, place: ConversationPlace): OutcomeContent {
  const text = conversationMessages(language);
  return {
    kind: 'rate_limited',
    message: text.rateLimited(limit, text.here[place], retryAfterSeconds),
    language,
    retryAfterSeconds,
    reading: [],
    unreadable: [],
  };
}

/** True for an outcome that answers with a citation: what a `citedOnly` space posts for everyone. */
export function citesDocuments(outcome: OutcomeContent): boolean {
  return 'answer' in outcome && answerCites(outcome.answer);
}

/** A grounded answer that cites a document (an ungrounded one is "not found", whatever it lists). */
export function answerCites(answer: Answer): boolean {
  return answer.grounded && answer.citations.length > 0;
}
