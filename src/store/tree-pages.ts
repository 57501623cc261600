import type { DocumentTree, NodePageText, PageSize, TreeNode } from '../documents/document-tree.ts';

/**
 * What of a document's tree lies on one page: the nodes with text there, each with only that page's
 * text (a figure without page text stands on its first page), inside the nodes that hold them (their
 * titles are the passages' title paths), and the page's label, printed numbers and size. Stores keep
 * one per page beside the whole tree, so a question reads the few pages its answer is built from
 * instead of parsing whole trees (a 250-page report's is ~400 KB of JSON).
 */
export interface TreePage {
  page: number;
  totalPages: number;
  label?: string;
  printedNumbers?: number[];
  size?: PageSize;
  nodes: TreePageNode[];
}

/** A tree node as one page holds it: no body (its page text is in `pageTexts`), its place in document order. */
export interface TreePageNode extends Omit<TreeNode, 'text' | 'children'> {
  /** Pre-order index in the whole tree: how nodes of several pages are put back in document order. */
  order: number;
  children: TreePageNode[];
}

/** Every page of the tree, 1 to totalPages, in page order; a page with nothing on it has no nodes. */
export function treePages(tree: DocumentTree): TreePage[] {
  const pages: TreePage[] = [];
  for (let page = 1; page <= tree.totalPages; page++) {
    const label = tree.pageLabels?.[page - 1];
    const printedNumbers = tree.printedPageNumbers?.[page - 1];
    const size = tree.pageSizes?.[page - 1];
    pages.push({
      page,
      totalPages: tree.totalPages,
      ...(label !== undefined ? { label } : {}),
      ...(printedNumbers !== undefined ? { printedNumbers } : {}),
      ...(size !== undefined ? { size } : {}),
      nodes: [],
    });
  }
  let order = 0;
  // Each node's place on every page it is on, under its ancestors' places there (made on first need).
  const walk = (nodes: TreeNode[], parents: Array<{ node: TreeNode; order: number }>) => {
    for (const node of nodes) {
      const own = { node, order: order++ };
      for (const page of pagesOf(node)) {
        const target = pages[page - 1];
        if (!target) continue;
        let siblings = target.nodes;
        for (const parent of parents) siblings = placeOn(siblings, parent.node, parent.order, page).children;
        placeOn(siblings, node, own.order, page);
      }
      walk(node.children, [...parents, own]);
    }
  };
  walk(tree.nodes, []);
  return pages;
}

/**
 * The tree as far as `pages` go (any order, from one document): their nodes back in document order,
 * each node's `pageTexts` those of these pages and its `text` their join, and the pages' labels,
 * printed numbers and sizes at their places (other places empty). What the answer step reads of a
 * page is the same as in the whole tree. Null for no pages.
 */
export function treeOfPages(documentId: string, pages: readonly TreePage[]): DocumentTree | null {
  if (pages.length === 0) return null;
  const sorted = [...pages].sort((a, b) => a.page - b.page);
  const totalPages = sorted[0].totalPages;
  const pageLabels: string[] = [];
  const printedPageNumbers: number[][] = [];
  const pageSizes: PageSize[] = [];
  const roots = new Map<number, MergedNode>();
  const merge = (nodes: TreePageNode[], into: Map<number, MergedNode>) => {
    for (const { order, children, pageTexts, ...fields } of nodes) {
      let merged = into.get(order);
      if (!merged) {
        merged = { node: { ...fields, text: '', pageTexts: [], children: [] }, order, children: new Map() };
        into.set(order, merged);
      }
      merged.node.pageTexts.push(...pageTexts);
      merge(children, merged.children);
    }
  };
  for (const page of sorted) {
    if (page.label !== undefined) pageLabels[page.page - 1] = page.label;
    if (page.printedNumbers !== undefined) printedPageNumbers[page.page - 1] = page.printedNumbers;
    if (page.size !== undefined) pageSizes[page.page - 1] = page.size;
    merge(page.nodes, roots);
  }
  const build = (entries: Map<number, MergedNode>): TreeNode[] =>
    [...entries.values()]
      .sort((a, b) => a.order - b.order)
      .map(({ node, children }) => {
        node.text = node.pageTexts.map(pageText => pageText.text).join('\n\n');
        node.children = build(children);
        return node;
      });
  return {
    documentId,
    totalPages,
    ...(pageLabels.length > 0 ? { pageLabels } : {}),
    ...(printedPageNumbers.length > 0 ? { printedPageNumbers } : {}),
    ...(pageSizes.length > 0 ? { pageSizes } : {}),
    nodes: build(roots),
  };
}

/** A node of several pages' trees while they are put together: its children by their document order. */
interface MergedNode {
  node: TreeNode;
  order: number;
  children: Map<number, MergedNode>;
}

/** The pages of `tree` among `pages` (a store without page records of its trees answers with this). */
export function pagesOfTree(tree: DocumentTree, pages: Iterable<number>): TreePage[] {
  const wanted = new Set(pages);
  return treePages(tree).filter(page => wanted.has(page.page));
}

/** The pages a node has text on; a figure without page text (a description only) stands on its first page. */
function pagesOf(node: TreeNode): number[] {
  if (node.pageTexts.length > 0) return [...new Set(node.pageTexts.map(pageText => pageText.page))];
  return node.kind === 'figure' ? [node.pageStart] : [];
}

/** `node`'s entry among `siblings` of one page (appended in document order on first need), with that page's texts. */
function placeOn(siblings: TreePageNode[], node: TreeNode, order: number, page: number): TreePageNode {
  const last = siblings.at(-1);
  if (last?.order === order) return last;
  const { text: _text, children: _children, pageTexts, ...fields } = node;
  const entry: TreePageNode = { ...fields, pageTexts: pageTexts.filter((pageText: NodePageText) => pageText.page === page), order, children: [] };
  siblings.push(entry);
  return entry;
}
