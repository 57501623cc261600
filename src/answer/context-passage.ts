import { namePages, pageNamesOf, type PageNames } from '../documents/page-names.ts';
import type { DocumentRecord } from '../documents/types.ts';
import type { DocumentTree } from '../documents/document-tree.ts';
import type { Passage } from '../search/types.ts';
import type { ContextEntry } from './types.ts';

/** A passage as the answer step uses it: numbered, with the record of its document. */
export interface ContextPassage extends Passage {
  /** [n] in the prompt, in the answer and in its citations; 1 is the passage of the best-ranked page. */
  n: number;
  record: DocumentRecord;
  /** How its document's pages are named for a person (slide numbers, printed labels). */
  names: PageNames;
}

/**
 * Numbers passages 1..n in the order given; passages of documents without a ready record are left out.
 * Pages are named from the documents' `trees` as far as they are at hand (the context's pages).
 */
export function toContextPassages(
  passages: Passage[],
  records: ReadonlyMap<string, DocumentRecord>,
  trees?: ReadonlyMap<string, Pick<DocumentTree, 'pageLabels' | 'printedPageNumbers'>>,
): ContextPassage[] {
  const result: ContextPassage[] = [];
  for (const passage of passages) {
    const record = records.get(passage.documentId);
    if (record) result.push({ ...passage, n: result.length + 1, record, names: pageNamesOf(record.mime, trees?.get(passage.documentId)) });
  }
  return result;
}

/** What the asker (and the answer eval) is shown of the context: one entry per passage, same `n`. */
export function contextEntries(passages: ContextPassage[], language = 'en'): ContextEntry[] {
  return passages.map(passage => ({
    n: passage.n,
    document: passage.documentName,
    documentId: passage.documentId,
    pages: passage.pages,
    pagesLabel: namePages(passage.names, passage.pages, language),
    nodeId: passage.nodeId,
    title: passage.titlePath.at(-1) ?? passage.documentName,
  }));
}

/** How a passage is shown to the answer model: its number, source and text. */
export function formatPassage(passage: ContextPassage): string {
  const pages = namePages(passage.names, passage.pages);
  const path = passage.titlePath.filter(Boolean).join(' › ');
  // Several pages: each page's text under its own mark, so the model can say which page a fact is on.
  const text =
    passage.pageTexts.length > 1 ? passage.pageTexts.map(entry => `(${namePages(passage.names, [entry.page])})\n${entry.text}`).join('\n\n') : passage.text;
  return `[${passage.n}] ${passage.documentName} · ${pages}${path ? ` · ${path}` : ''}\n${text}`;
}
