import type { KnowledgeStore } from '../store/types.ts';
import type { PageSearch } from '../search/page-search.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { recordLanguage } from '../documents/record-language.ts';
import { spelledOut } from '../text/acronyms.ts';
import { foldedWords, foldWord } from '../text/stopwords.ts';
import type { ContextPassage } from './context-passage.ts';
import { loadDocumentWords } from './document-words.ts';
import { keyTerms, missingFrom, passagesOf, type KeyTerm } from './unmentioned-terms.ts';

/**
 * The evidence a model's NOT_FOUND (or an answer none of whose claims is supported) is overruled on, by
 * the offline answer on the offline-sized context. The offline answer's own bar
 * (FOLIO_EXTRACTIVE_MIN_EVIDENCE, 0.05) only keeps out quotes that share almost nothing with the
 * question. Calibrated on the evaluation set with Qwen2.5-Coder 1.5B (docs/benchmarks.md, answers with a
 * local model): a small model says NOT_FOUND, or nothing it can show, for about half the answerable
 * questions and nearly all unanswerable ones, so the bar decides both false "not found" and abstention;
 * 0.25 (a quarter of the question's weighted words on the best page) keeps both near their targets,
 * where 0.6 left a quarter of the answerable questions "not found". A question about documents that do
 * not answer it is answered from the others of the space on this evidence too (question-focus.ts): on
 * less, what it finds there is mostly a page sharing a word or two with the question.
 */
export const strongMinimumEvidence = 0.25;

export type AnsweringPassages = { passages: ContextPassage[] } | { passages: []; unmentioned: KeyTerm[] };

/**
 * True for a code, number or name the document's file name carries, as whole words of it, a version
 * left out ("2303.08559" of "2303.08559v2.pdf", "3M" of "3M_2018_10K.pdf"): a question names the
 * document by it, and its pages need not print it. Years stay to be checked on the pages: a question
 * about another year than the name's is about something else.
 */
function inFileName(term: KeyTerm, fileName: string): boolean {
  if (term.kind !== 'code' && term.kind !== 'number' && term.kind !== 'name') return false;
  const wanted = foldWord(term.text).replace(/[^\p{L}\p{N}]+/gu, '');
  // The extension stays a word: a question may write the name whole ("10K.pdf" of "3M_2018_10K.pdf").
  const words = foldedWords(fileName);
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= words.length; end++) {
      const run = words.slice(start, end).join('');
      if (run === wanted || run.replace(/v\d+$/u, '') === wanted) return true;
    }
  }
  return false;
}

/**
 * True for a name the document's file name or title shortens: capitals that spell the initials of a
 * run of its words ("BI" of "Regulation Best Interest", as users write "Reg BI"), or the start of one of
 * its words, of three letters or more ("Reg" of "Regulation"). Its pages need not print the shortening.
 */
function abbreviatesName(term: KeyTerm, record: { name: string; title?: string }): boolean {
  if (term.kind !== 'name') return false;
  const written = foldWord(term.text);
  const acronym = /^\p{Lu}{2,5}$/u.test(term.text);
  return [record.name, record.title ?? ''].some(name => {
    const words = foldedWords(name);
    const initials = words.map(word => word[0]).join('');
    if (acronym && initials.includes(written)) return true;
    return written.length >= 3 && words.some(word => word.length > written.length + 1 && word.startsWith(written));
  });
}

/** The context's best-ranked pages (rank below this) are read for an acronym written out. */
const writtenOutPages = 3;

/**
 * True for an acronym ("EPS", "SBC") that one of the document's pages among the context's best-ranked
 * writes out in words ("diluted earnings per share", "Stock-Based Compensation"): the question asks in
 * its own shorthand for what they state. Only the pages the question ranks highest, where such words
 * are the question's subject rather than chance.
 */
function writtenOutOnTopPages(term: KeyTerm, passages: ContextPassage[], documentId: string): boolean {
  if (term.kind !== 'name' || !/^\p{Lu}{3,6}$/u.test(term.text)) return false;
  return passages.some(
    passage => passage.documentId === documentId && passage.pageTexts.some(page => page.rank < writtenOutPages && spelledOut(page.text, term.text)),
  );
}

/**
 * The passages that can answer the question: what the question names (a year, a name, a code, a figure,
 * a page…) must all be in one document of the context, otherwise none answers it, however well their
 * sentences match its other words; the passages of the documents that hold it all. None: with the terms
 * no context document holds. A question a model said in the documents' language (`translation`,
 * translate-question.ts) is answered by a document in that language that holds what either names: a
 * Dutch question's "Afro-Amerikanen" are the "African Americans" of an English deck.
 */
export async function answeringPassages(
  input: { question: string; passages: ContextPassage[]; language: string; spaces: SpaceId[]; translation?: { text: string; language: string } },
  dependencies: { store: KnowledgeStore; pageSearch: PageSearch },
): Promise<AnsweringPassages> {
  const { passages, language, translation } = input;
  const contextDocuments = [...new Set(passages.map(passage => passage.documentId))];
  const named = keyTerms(input.question, { language });
  const translated = translation ? keyTerms(translation.text, { language: translation.language }) : [];
  // A document's language matters only to the names asked for (missingFrom): read it only then.
  const asksNames = [...named, ...translated].some(term => term.kind === 'name');
  const records = new Map(passages.map(passage => [passage.documentId, passage.record]));
  const languageOf = (documentId: string) => (asksNames ? recordLanguage(records.get(documentId)!) : undefined);
  const words = await loadDocumentWords([...named, ...translated], contextDocuments, input.spaces, dependencies, languageOf);
  const missingIn = (terms: KeyTerm[], documentId: string, asked: string) =>
    missingFrom(terms, documentId, words, languageOf(documentId), asked).filter(
      term =>
        !inFileName(term, records.get(documentId)!.name) &&
        !abbreviatesName(term, records.get(documentId)!) &&
        !writtenOutOnTopPages(term, passages, documentId),
    );
  // The translation speaks for the documents written in its language only: said in French, an English
  // report's "FTE" would pass as initials French writes otherwise.
  const inTranslation = (documentId: string) => translation !== undefined && recordLanguage(records.get(documentId)!) === translation.language;
  const missing = contextDocuments.map(documentId => {
    const asAsked = missingIn(named, documentId, language);
    return asAsked.length > 0 && inTranslation(documentId) && missingIn(translated, documentId, translation!.language).length === 0 ? [] : asAsked;
  });
  if (named.length > 0 && missing.every(terms => terms.length > 0)) {
    return { passages: [], unmentioned: named.filter(term => missing.every(terms => terms.includes(term))) };
  }
  const holding = new Set(contextDocuments.filter((_, index) => missing[index].length === 0));
  return { passages: holding.size < contextDocuments.length ? passagesOf(passages, holding) : passages };
}
