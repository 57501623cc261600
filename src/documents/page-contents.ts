import type { DocumentTree, TreeNode } from './document-tree.ts';

/** One tree node's text on one page, with the section it is read in. */
export interface PagePiece {
  /** The section the text belongs to: the node itself, or for a table or figure the section around it. */
  section: TreeNode;
  /** Titles from the root to `section`. */
  titlePath: string[];
  text: string;
  /** Set for a described figure: what the answer step lists as a figure it used. */
  figure?: { nodeId: string; title: string; description: string };
}

/**
 * Kept per tree object: trees are immutable once read (TreeCache hands the same object to every
 * question about a document), and every question reads the pages of its documents' trees again.
 */
const contentsByTree = new WeakMap<DocumentTree, ReadonlyMap<number, readonly PagePiece[]>>();

/**
 * A tree read page by page: for every 1-based page, the text of each node on it in reading (document)
 * order. Tables keep their Markdown; a figure reads as "[Figure, p. N] caption" and its description.
 * The result is shared between callers: read it, never change it.
 */
export function pageContents(tree: DocumentTree): ReadonlyMap<number, readonly PagePiece[]> {
  const known = contentsByTree.get(tree);
  if (known) return known;
  const pages = readPages(tree);
  contentsByTree.set(tree, pages);
  return pages;
}

function readPages(tree: DocumentTree): Map<number, PagePiece[]> {
  const pages = new Map<number, PagePiece[]>();
  const add = (page: number, piece: PagePiece) => {
    const text = piece.text.trim();
    if (text.length === 0) return;
    const list = pages.get(page);
    if (list) list.push({ ...piece, text });
    else pages.set(page, [{ ...piece, text }]);
  };
  const walk = (nodes: TreeNode[], parent: { node: TreeNode; titlePath: string[] } | null, path: string[]) => {
    for (const node of nodes) {
      const titlePath = [...path, node.title];
      const attached = (node.kind === 'table' || node.kind === 'figure') && parent !== null;
      const section = attached ? parent : { node, titlePath };
      if (node.kind === 'figure') {
        const caption = node.figure?.caption ?? node.title;
        const description = (node.figure?.description ?? '').trim();
        const texts = node.pageTexts.length > 0 ? node.pageTexts : description ? [{ page: node.pageStart, text: description }] : [];
        for (const { page, text } of texts) {
          // The node's text starts with its caption when it has one (node-builder): not said twice.
          const body = text.trim().startsWith(caption.trim()) ? text.trim().slice(caption.trim().length).trim() : text.trim();
          add(page, {
            section: section.node,
            titlePath: section.titlePath,
            text: `[Figure, p. ${page}] ${caption}${body ? `\n${body}` : ''}`,
            figure: description ? { nodeId: node.nodeId, title: caption, description } : undefined,
          });
        }
      } else {
        for (const { page, text } of node.pageTexts) add(page, { section: section.node, titlePath: section.titlePath, text });
      }
      walk(node.children, attached ? parent : { node, titlePath }, titlePath);
    }
  };
  walk(tree.nodes, null, []);
  return pages;
}
