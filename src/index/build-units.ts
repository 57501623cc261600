import type { DocumentTree, TreeNode } from '../ingest/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { splitText } from './split-text.ts';
import type { IndexUnit } from './types.ts';

/** About a page of prose: long enough for BM25 to see context, short enough to name one passage. */
export const unitTargetCharacters = 1500;

/**
 * One unit per (node, page) from each node's `pageTexts`, tables and figures included, in document
 * order. Long node-pages are split into parts; a table's continuation parts repeat its header row so
 * each part still says what its columns are. A heading with no text on its first page still gets a
 * unit there holding its title, so searching for the title finds the page it starts on.
 */
export function buildUnits(tree: DocumentTree, record: { space: SpaceId; id: string; name: string }): IndexUnit[] {
  const units: IndexUnit[] = [];
  const visit = (nodes: TreeNode[], parentPath: string[]) => {
    for (const node of nodes) {
      const title = node.title.trim();
      const titlePath = title ? [...parentPath, title] : parentPath;
      const nextPart = new Map<number, number>();
      const add = (page: number, text: string) => {
        const part = nextPart.get(page) ?? 0;
        nextPart.set(page, part + 1);
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
      const hasTextOnStartPage = node.pageTexts.some(pageText => pageText.page === node.pageStart && pageText.text.trim());
      if (title && !hasTextOnStartPage) add(node.pageStart, title);
      for (const pageText of node.pageTexts) {
        for (const text of splitNodeText(node, pageText.text)) add(pageText.page, text);
      }
      visit(node.children, titlePath);
    }
  };
  visit(tree.nodes, []);
  return units;
}

function splitNodeText(node: TreeNode, text: string): string[] {
  const parts = splitText(text, unitTargetCharacters);
  if (node.kind !== 'table' || parts.length < 2) return parts;
  const header = /^(\|[^\n]*\|)\n(\|[\s:|-]*\|)(?:\n|$)/.exec(parts[0]);
  if (!header) return parts;
  return parts.map((part, index) => (index === 0 || part.startsWith(header[1]) ? part : `${header[0].trimEnd()}\n${part}`));
}
