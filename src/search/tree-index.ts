import type { DocumentTree, TreeNode } from '../documents/document-tree.ts';

export interface IndexedNode {
  node: TreeNode;
  parent: TreeNode | null;
  /** Titles from the root to this node, inclusive. */
  titlePath: string[];
  /** Position in a depth-first walk: document order. */
  order: number;
}

/** nodeId → node with its parent, title path and document order, for one tree. */
export function indexTree(tree: DocumentTree): Map<string, IndexedNode> {
  const byId = new Map<string, IndexedNode>();
  const walk = (nodes: TreeNode[], parent: TreeNode | null, path: string[]) => {
    for (const node of nodes) {
      const titlePath = [...path, node.title];
      byId.set(node.nodeId, { node, parent, titlePath, order: byId.size });
      walk(node.children, node, titlePath);
    }
  };
  walk(tree.nodes, null, []);
  return byId;
}
