import type { DocumentRecord } from '../documents/types.ts';
import type { Passage } from '../retrieve/types.ts';
import type { ContextEntry } from './types.ts';

/** A passage as the answer step uses it: numbered, with the record of its document. */
export interface ContextPassage extends Passage {
  /** [n] in the prompt, in the answer and in its citations; 1 is the passage of the best-ranked page. */
  n: number;
  record: DocumentRecord;
}

/** Numbers passages 1..n in the order given; passages of documents without a ready record are left out. */
export function toContextPassages(passages: Passage[], records: ReadonlyMap<string, DocumentRecord>): ContextPassage[] {
  const result: ContextPassage[] = [];
  for (const passage of passages) {
    const record = records.get(passage.documentId);
    if (record) result.push({ ...passage, n: result.length + 1, record });
  }
  return result;
}

/** What the asker (and the answer eval) is shown of the context: one entry per passage, same `n`. */
export function contextEntries(passages: ContextPassage[]): ContextEntry[] {
  return passages.map(passage => ({
    n: passage.n,
    document: passage.documentName,
    documentId: passage.documentId,
    pages: passage.pages,
    nodeId: passage.nodeId,
    title: passage.titlePath.at(-1) ?? passage.documentName,
  }));
}

/** How a passage is shown to the answer model: its number, source and text. */
export function formatPassage(passage: ContextPassage): string {
  const pages = passage.pages.length === 1 ? `p. ${passage.pages[0]}` : `pp. ${passage.pages.join(', ')}`;
  const path = passage.titlePath.filter(Boolean).join(' › ');
  // Several pages: each page's text under its own mark, so the model can say which page a fact is on.
  const text = passage.pageTexts.length > 1 ? passage.pageTexts.map(entry => `(p. ${entry.page})\n${entry.text}`).join('\n\n') : passage.text;
  return `[${passage.n}] ${passage.documentName} · ${pages}${path ? ` · ${path}` : ''}\n${text}`;
}
