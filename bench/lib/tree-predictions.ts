import type { DocumentTree, TreeNode, TreeNodeKind } from '../../src/documents/document-tree.ts';

/** Every node of the tree in document order (parents before their children). */
export function flattenTree(tree: DocumentTree): TreeNode[] {
  const nodes: TreeNode[] = [];
  const visit = (children: TreeNode[]) => {
    for (const node of children) {
      nodes.push(node);
      visit(node.children);
    }
  };
  visit(tree.nodes);
  return nodes;
}

export function nodesOfKind(tree: DocumentTree, kinds: readonly TreeNodeKind[]): TreeNode[] {
  return flattenTree(tree).filter(node => kinds.includes(node.kind));
}

/** The titles the tree builder gives nodes it could not name: "Page 4", "Slide 4". */
const fallbackTitle = /^(page|slide)\s+\d+$/i;

export function isFallbackTitle(title: string): boolean {
  return fallbackTitle.test(title.trim());
}

/**
 * Headings Folio found: section nodes. Page and slide fallback nodes ("Page 4", whatever their kind)
 * are not headings, so they would only lower precision without meaning anything.
 */
export function predictedHeadings(tree: DocumentTree): TreeNode[] {
  return nodesOfKind(tree, ['section']).filter(node => !isFallbackTitle(node.title));
}

/**
 * Nodes whose titles a reader can navigate by: sections and slides that carry a real title (a deck's
 * slide node is titled after the slide). Compared against PageIndex trees, which have one node per slide.
 */
export function predictedTitledNodes(tree: DocumentTree): TreeNode[] {
  return nodesOfKind(tree, ['section', 'slide']).filter(node => !isFallbackTitle(node.title));
}
