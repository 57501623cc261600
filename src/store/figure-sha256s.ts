import type { DocumentTree, TreeNode } from '../documents/document-tree.ts';

/** The distinct sha256s of the figure crops a tree refers to (forget deletes a crop no document uses). */
export function figureSha256s(tree: DocumentTree): string[] {
  const found = new Set<string>();
  const visit = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      if (node.figure) found.add(node.figure.sha256);
      visit(node.children);
    }
  };
  visit(tree.nodes);
  return [...found];
}
