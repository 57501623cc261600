import type { KnowledgeStore } from '../store/types.ts';
import type { CaptionKey } from '../text/caption-references.ts';
import { withinEdits } from '../text/edit-distance.ts';
import type { DocumentPages, PageSearch } from '../search/page-search.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { missingFrom, type DocumentWords, type KeyTerm } from './unmentioned-terms.ts';

/**
 * The look-ups the key-term check makes (unmentioned-terms.ts) for some documents, read from the
 * store's page records in a few queries. The check runs on what has been read so far, noting what it
 * asked that was not read yet (a term, a near spelling, a document's pages); those are read at once and
 * the check runs again, until it asks nothing new: its answers are then exactly those of the records.
 * `languageOf` gives a document's language as the check will be given it (the names it looks up depend on it).
 */
export async function loadDocumentWords(
  terms: KeyTerm[],
  documentIds: string[],
  spaces: SpaceId[],
  dependencies: { store: KnowledgeStore; pageSearch: PageSearch },
  languageOf: (documentId: string) => string | undefined = () => undefined,
): Promise<DocumentWords> {
  const { store, pageSearch } = dependencies;
  const read = { terms: new Set<string>(), near: false, pages: false };
  const held = new Map<string, Set<string>>(documentIds.map(documentId => [documentId, new Set<string>()]));
  const vocabularies = new Map<string, string[]>();
  const pages = new Map<string, DocumentPages | undefined>();
  const words: DocumentWords = {
    documentHolds: (documentId, term) => held.get(documentId)?.has(term) ?? false,
    documentHoldsLike: (documentId, term, maxEdits) =>
      (vocabularies.get(documentId) ?? []).some(word => Math.abs(word.length - term.length) <= maxEdits && withinEdits(term, word, maxEdits)),
    pagesCaptioned: (documentId, key: CaptionKey) => pages.get(documentId)?.pagesCaptioned(key) ?? [],
    pagesNamed: (documentId, name) => pages.get(documentId)?.pagesNamed(name) ?? [],
    lastPage: documentId => pages.get(documentId)?.lastPage ?? 0,
  };
  for (;;) {
    const wanted = { terms: new Set<string>(), near: false, pages: false };
    // What a lookup not read yet answers meanwhile, after noting it for the next round.
    const wantTerm = (term: string) => {
      wanted.terms.add(term);
      return false;
    };
    const wantNear = () => {
      wanted.near = true;
      return false;
    };
    const wantPages = <T>(meanwhile: T): T => {
      wanted.pages = true;
      return meanwhile;
    };
    const noting: DocumentWords = {
      documentHolds: (documentId, term) => (read.terms.has(term) ? words.documentHolds(documentId, term) : wantTerm(term)),
      documentHoldsLike: (documentId, term, maxEdits) => (read.near ? words.documentHoldsLike(documentId, term, maxEdits) : wantNear()),
      pagesCaptioned: (documentId, key) => (read.pages ? words.pagesCaptioned(documentId, key) : wantPages([])),
      pagesNamed: (documentId, name) => (read.pages ? words.pagesNamed(documentId, name) : wantPages([])),
      lastPage: documentId => (read.pages ? words.lastPage(documentId) : wantPages(0)),
    };
    for (const documentId of documentIds) missingFrom(terms, documentId, noting, languageOf(documentId));
    if (wanted.terms.size === 0 && !wanted.near && !wanted.pages) return words;
    await readWords(wanted, documentIds, spaces, { store, pageSearch, held, vocabularies, pages });
    for (const term of wanted.terms) read.terms.add(term);
    read.near ||= wanted.near;
    read.pages ||= wanted.pages;
  }
}

async function readWords(
  wanted: { terms: Set<string>; near: boolean; pages: boolean },
  documentIds: string[],
  spaces: SpaceId[],
  into: {
    store: KnowledgeStore;
    pageSearch: PageSearch;
    held: Map<string, Set<string>>;
    vocabularies: Map<string, string[]>;
    pages: Map<string, DocumentPages | undefined>;
  },
): Promise<void> {
  const { store, pageSearch, held } = into;
  const single = [...wanted.terms].filter(term => !term.includes(' '));
  const pairs = [...wanted.terms].filter(term => term.includes(' '));
  const reads: Array<Promise<void>> = [];
  if (single.length > 0) {
    reads.push(
      store.documentStatistics({ spaces, terms: single, documentIds }).then(statistics => {
        for (const [documentId, terms] of statistics.holdings) for (const term of terms) held.get(documentId)?.add(term);
      }),
    );
  }
  for (const documentId of documentIds) {
    if (pairs.length > 0) {
      reads.push(
        store.pageStatistics({ spaces, documentIds: [documentId], terms: pairs }).then(statistics => {
          for (const [pair, frequency] of statistics.frequencies) if (frequency > 0) held.get(documentId)?.add(pair);
        }),
      );
    }
    if (wanted.near) {
      reads.push(
        pageSearch.documentSpace(documentId, spaces).then(async space => {
          into.vocabularies.set(documentId, space ? await store.documentVocabulary(space, documentId) : []);
        }),
      );
    }
    if (wanted.pages) reads.push(pageSearch.documentPages(documentId, spaces).then(document => void into.pages.set(documentId, document)));
  }
  await Promise.all(reads);
}
