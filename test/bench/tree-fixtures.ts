import type { DocumentTree, TreeNode, TreeNodeKind } from '../../src/documents/document-tree.ts';

let nextNodeNumber = 1;

/** A tree node with only what the fidelity scorers read filled in. */
export function treeNode(kind: TreeNodeKind, title: string, pageStart: number, children: TreeNode[] = []): TreeNode {
  return {
    nodeId: String(nextNodeNumber++).padStart(4, '0'),
    title,
    kind,
    level: 0,
    pageStart,
    pageEnd: pageStart,
    text: '',
    pageTexts: [],
    children,
  };
}

export function documentTree(nodes: TreeNode[]): DocumentTree {
  return { documentId: 'test', totalPages: 10, nodes };
}
