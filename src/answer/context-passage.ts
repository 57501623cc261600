import type { DocumentRecord } from '../documents/types.ts';
import type { DocumentTree, TreeNode } from '../ingest/types.ts';
import { indexTree } from '../retrieve/tree-index.ts';
import type { Passage } from '../retrieve/types.ts';

/** A stitched passage as the answer step uses it: numbered, with its text per page and its figures. */
export interface ContextPassage extends Passage {
  /** [n] in the prompt and the answer. */
  n: number;
  record: DocumentRecord;
  /** The passage's text split by page, to narrow a citation to the page a claim comes from. */
  pageTexts: Array<{ page: number; text: string }>;
  /** Described figures of this section on the passage's pages. */
  figures: Array<{ nodeId: string; page: number; title: string; description: string }>;
}

/** Numbers passages 1..n and attaches per-page text and figure descriptions from their trees. */
export function toContextPassages(passages: Passage[], trees: ReadonlyMap<string, DocumentTree>, records: ReadonlyMap<string, DocumentRecord>): ContextPassage[] {
  const indexes = new Map<string, ReturnType<typeof indexTree>>();
  const result: ContextPassage[] = [];
  for (const passage of passages) {
    const record = records.get(passage.documentId);
    const tree = trees.get(passage.documentId);
    if (!record || !tree) continue;
    let index = indexes.get(passage.documentId);
    if (!index) indexes.set(passage.documentId, (index = indexTree(tree)));
    const node = index.get(passage.nodeId)?.node;
    const pages = new Set(passage.pages);
    const pageTexts = node ? pageTextsOf(node, pages) : passage.pages.map(page => ({ page, text: passage.text }));
    const figures = node
      ? node.children
          .filter(child => child.kind === 'figure' && pages.has(child.pageStart))
          .map(child => ({ nodeId: child.nodeId, page: child.pageStart, title: child.figure?.caption ?? child.title, description: (child.figure?.description ?? '').trim() }))
          .filter(figure => figure.description.length > 0)
      : [];
    result.push({ ...passage, n: result.length + 1, record, pageTexts, figures });
  }
  return result;
}

function pageTextsOf(node: TreeNode, pages: Set<number>): Array<{ page: number; text: string }> {
  const byPage = new Map<number, string[]>();
  for (const entry of node.pageTexts) if (pages.has(entry.page)) byPage.set(entry.page, [entry.text]);
  for (const child of node.children) {
    if ((child.kind === 'table' || child.kind === 'figure') && pages.has(child.pageStart)) {
      byPage.set(child.pageStart, [...(byPage.get(child.pageStart) ?? []), child.figure?.description ?? child.text, child.title]);
    }
  }
  return [...byPage].sort((a, b) => a[0] - b[0]).map(([page, texts]) => ({ page, text: texts.join('\n') }));
}

/** How a passage is shown to the answer model: its number, source and text. */
export function formatPassage(passage: ContextPassage): string {
  const pages = passage.pages.length === 1 ? `p. ${passage.pages[0]}` : `pp. ${passage.pages.join(', ')}`;
  const path = passage.titlePath.filter(Boolean).join(' › ');
  return `[${passage.n}] ${passage.documentName} · ${pages}${path ? ` · ${path}` : ''}\n${passage.text}`;
}
