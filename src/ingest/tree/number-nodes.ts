import type { TreeNode } from '../../documents/document-tree.ts';

/** Gives node ids "0001", "0002"... in document (pre-order) order; wider when a document has ≥ 10,000 nodes. */
export function numberNodes(roots: TreeNode[]): void {
  let count = 0;
  const countAll = (nodes: TreeNode[]) =>
    nodes.forEach(node => {
      count += 1;
      countAll(node.children);
    });
  countAll(roots);
  const width = Math.max(4, String(count).length);
  let next = 0;
  const visit = (nodes: TreeNode[], level: number) => {
    for (const node of nodes) {
      next += 1;
      node.nodeId = String(next).padStart(width, '0');
      node.level = level;
      visit(node.children, level + 1);
    }
  };
  visit(roots, 0);
}
