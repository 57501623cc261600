import type { DocumentRecord } from '../documents/types.ts';
import type { DocumentTree, TreeNode } from '../documents/document-tree.ts';

export interface TocDocument {
  /** The number the planner sees: [D1], [D2], ... */
  label: number;
  record: DocumentRecord;
  tree: DocumentTree;
}

export interface TableOfContents {
  text: string;
  documents: TocDocument[];
}

/**
 * The space's compact table of contents for the planner (PageIndex-style tree search folded into the
 * plan call): per document its sections with node id, title, pages and the start of their text.
 * Documents come in the caller's order (most relevant first) and are added while they fit in `maxChars`;
 * a document whose full outline does not fit is shown to a shallower depth.
 */
export function tableOfContents(
  documents: Array<{ record: DocumentRecord; tree: DocumentTree }>,
  options: { maxChars: number; snippetChars?: number },
): TableOfContents {
  const snippetChars = options.snippetChars ?? 80;
  const parts: string[] = [];
  const included: TocDocument[] = [];
  let used = 0;
  for (const { record, tree } of documents) {
    const label = included.length + 1;
    const header = `[D${label}] ${record.name} (${tree.totalPages} pages)`;
    const remaining = options.maxChars - used - header.length - 1;
    if (remaining < 200) break;
    const lines = outlineLines(tree, remaining, snippetChars);
    const block = [header, ...lines].join('\n');
    parts.push(block);
    used += block.length + 1;
    included.push({ label, record, tree });
  }
  return { text: parts.join('\n'), documents: included };
}

function outlineLines(tree: DocumentTree, maxChars: number, snippetChars: number): string[] {
  const sections: Array<{ node: TreeNode; depth: number }> = [];
  const walk = (nodes: TreeNode[], depth: number) => {
    for (const node of nodes) {
      if (node.kind === 'figure' || node.kind === 'table') continue;
      sections.push({ node, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(tree.nodes, 0);
  const maxDepth = Math.max(0, ...sections.map(section => section.depth));
  // Deepest levels go first, then snippets, then lines from the end: the top of the outline says most.
  for (const withSnippets of [true, false]) {
    for (let depth = maxDepth; depth >= 0; depth--) {
      const lines = sections.filter(section => section.depth <= depth).map(section => line(section.node, section.depth, withSnippets ? snippetChars : 0));
      if (length(lines) <= maxChars) return lines;
    }
  }
  const lines = sections.filter(section => section.depth === 0).map(section => line(section.node, 0, 0));
  const kept: string[] = [];
  let total = 0;
  for (const text of lines) {
    if (total + text.length + 1 > maxChars - 40) {
      kept.push(`  … ${lines.length - kept.length} more sections`);
      break;
    }
    kept.push(text);
    total += text.length + 1;
  }
  return kept;
}

function line(node: TreeNode, depth: number, snippetChars: number): string {
  const pages = node.pageStart === node.pageEnd ? `p. ${node.pageStart}` : `p. ${node.pageStart}–${node.pageEnd}`;
  const snippet = snippetChars > 0 ? snippetOf(node.text, snippetChars) : '';
  return `${'  '.repeat(depth + 1)}${node.nodeId} ${node.title.slice(0, 120)} (${pages})${snippet ? ` — ${snippet}` : ''}`;
}

function snippetOf(text: string, maxChars: number): string {
  // Only the start is shown: flattening a prefix gives the same snippet when it holds more than
  // `maxChars` characters once flattened (sections can be pages long; the whole text was the cost).
  const start = text
    .slice(0, 4 * maxChars + 16)
    .replace(/\s+/gu, ' ')
    .trimStart();
  if (start.length > maxChars + 1) return `${start.slice(0, maxChars).replace(/\s+\S*$/u, '')}…`;
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= maxChars) return flat;
  return `${flat.slice(0, maxChars).replace(/\s+\S*$/u, '')}…`;
}

function length(lines: string[]): number {
  return lines.reduce((sum, text) => sum + text.length + 1, 0);
}
