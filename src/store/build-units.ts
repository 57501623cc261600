import type { DocumentTree, TreeNode } from '../documents/document-tree.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { splitText } from './split-text.ts';
import type { IndexUnit } from './types.ts';

/** About a page of prose: long enough for BM25 to see context, short enough to name one passage. */
export const unitTargetCharacters = 1500;

/**
 * One unit per (node, page) from each node's `pageTexts`, tables and figures included, in document
 * order. Long node-pages are split into parts; a table's continuation parts repeat its header row so
 * each part still says what its columns are. A heading with no text on its first page still gets a
 * unit there holding its title, so searching for the title finds the page it starts on; so does a page
 * with no text at all (see addTextlessPages).
 */
export function buildUnits(tree: DocumentTree, record: { space: SpaceId; id: string; name: string }): IndexUnit[] {
  const units: IndexUnit[] = [];
  const nextPart = new Map<string, number>();
  const addUnit = (node: TreeNode, titlePath: string[], page: number, text: string) => {
    const key = `${node.nodeId}:${page}`;
    const part = nextPart.get(key) ?? 0;
    nextPart.set(key, part + 1);
    units.push({
      id: `${record.id}:${node.nodeId}:${page}:${part}`,
      space: record.space,
      documentId: record.id,
      documentName: record.name,
      nodeId: node.nodeId,
      titlePath,
      kind: node.kind,
      page,
      part,
      text,
    });
  };
  const visit = (nodes: TreeNode[], parentPath: string[]) => {
    for (const node of nodes) {
      const title = node.title.trim();
      const titlePath = title ? [...parentPath, title] : parentPath;
      const add = (page: number, text: string) => addUnit(node, titlePath, page, text);
      const hasTextOnStartPage = node.pageTexts.some(pageText => pageText.page === node.pageStart && pageText.text.trim());
      if (title && !hasTextOnStartPage) add(node.pageStart, title);
      for (const pageText of node.pageTexts) {
        for (const text of splitNodeText(node, pageText.text)) add(pageText.page, text);
      }
      visit(node.children, titlePath);
    }
  };
  visit(tree.nodes, []);
  const before = units.length;
  addTextlessPages(tree, units, addUnit);
  // Node ids follow document order; a textless page's unit goes where its node and page put it.
  if (units.length > before)
    units.sort((left, right) => (left.nodeId < right.nodeId ? -1 : left.nodeId > right.nodeId ? 1 : left.page - right.page || left.part - right.part));
  return units;
}

/**
 * A page with no text of its own (a photo cover, a full-page picture the offline pipeline cannot
 * describe) would have no unit, so nothing could ever return it, not even "the cover" or "page 5".
 * Such a page gets one unit holding the title of the deepest titled node that spans it, under that
 * node, as a heading with no text does. Pages no titled node spans stay without a unit.
 */
function addTextlessPages(tree: DocumentTree, units: IndexUnit[], add: (node: TreeNode, titlePath: string[], page: number, text: string) => void) {
  const covered = new Set(units.map(unit => unit.page));
  for (let page = 1; page <= tree.totalPages; page++) {
    if (covered.has(page)) continue;
    const spanning = deepestTitledNode(tree.nodes, page, []);
    if (spanning) add(spanning.node, spanning.titlePath, page, spanning.node.title.trim());
  }
}

function deepestTitledNode(nodes: TreeNode[], page: number, parentPath: string[]): { node: TreeNode; titlePath: string[] } | undefined {
  for (const node of nodes) {
    if (page < node.pageStart || page > node.pageEnd) continue;
    const title = node.title.trim();
    const titlePath = title ? [...parentPath, title] : parentPath;
    const deeper = deepestTitledNode(node.children, page, titlePath);
    if (deeper) return deeper;
    if (title) return { node, titlePath };
  }
  return undefined;
}

function splitNodeText(node: TreeNode, text: string): string[] {
  const parts = splitText(text, unitTargetCharacters);
  if (node.kind !== 'table' || parts.length < 2) return parts;
  const header = /^(\|[^\n]*\|)\n(\|[\s:|-]*\|)(?:\n|$)/.exec(parts[0]);
  if (!header) return parts;
  return parts.map((part, index) => (index === 0 || part.startsWith(header[1]) ? part : `${header[0].trimEnd()}\n${part}`));
}
