import type { IndexUnit } from '../index/types.ts';
import type { DocumentTree, TreeNode } from '../ingest/types.ts';
import { indexTree, type IndexedNode } from './tree-index.ts';
import type { Passage } from './types.ts';

export interface StitchOptions {
  /** Total size of all passages, in tokens (≈ characters / 4). */
  budgetTokens?: number;
  /** No single section takes more than this, so several sections fit. */
  maxPassageTokens?: number;
  /** A hit page with less text than this pulls in the neighbouring pages of the same section. */
  shortPageChars?: number;
}

type HitRef = { unit: Pick<IndexUnit, 'documentId' | 'documentName' | 'nodeId' | 'page'> };

const charsPerToken = 4;
const minimumPassageChars = 200;

/**
 * Hits → the sections they belong to → labelled passages: the section's text on the hit pages (plus
 * neighbouring pages when a page says little), then its tables' Markdown and figure descriptions on those
 * pages. A section appears once however many of its units hit. Budget goes to sections in hit order;
 * the result lists documents in order of their best hit and, within a document, sections in document
 * order. A table or figure hit brings in the section around it.
 */
export function stitchSections(hits: HitRef[], trees: ReadonlyMap<string, DocumentTree>, options: StitchOptions = {}): Passage[] {
  const budgetChars = (options.budgetTokens ?? 3000) * charsPerToken;
  const maxPassageChars = (options.maxPassageTokens ?? Math.ceil((options.budgetTokens ?? 3000) / 2)) * charsPerToken;
  const shortPageChars = options.shortPageChars ?? 400;

  const indexes = new Map<string, Map<string, IndexedNode>>();
  const sections = new Map<string, { documentId: string; documentName: string; section: IndexedNode; pages: Set<number>; rank: number }>();
  for (const [rank, { unit }] of hits.entries()) {
    const tree = trees.get(unit.documentId);
    if (!tree) continue;
    let index = indexes.get(unit.documentId);
    if (!index) indexes.set(unit.documentId, (index = indexTree(tree)));
    const indexed = index.get(unit.nodeId);
    if (!indexed) continue;
    const section = enclosingSection(indexed, index);
    const key = `${unit.documentId}\n${section.node.nodeId}`;
    const entry = sections.get(key) ?? { documentId: unit.documentId, documentName: unit.documentName, section, pages: new Set<number>(), rank };
    entry.pages.add(unit.page);
    sections.set(key, entry);
  }

  let remaining = budgetChars;
  const built: Array<{ passage: Passage; rank: number; order: number; documentRank: number }> = [];
  const documentRanks = new Map<string, number>();
  for (const entry of [...sections.values()].sort((a, b) => a.rank - b.rank)) {
    // A few leftover characters make a useless fragment, not context.
    if (remaining < Math.min(minimumPassageChars, maxPassageChars)) break;
    const { text, pages } = sectionText(entry.section.node, entry.pages, shortPageChars);
    const clipped = clip(text, Math.min(remaining, maxPassageChars));
    if (clipped.length === 0) continue;
    remaining -= clipped.length;
    if (!documentRanks.has(entry.documentId)) documentRanks.set(entry.documentId, entry.rank);
    built.push({
      passage: {
        documentId: entry.documentId,
        documentName: entry.documentName,
        nodeId: entry.section.node.nodeId,
        titlePath: entry.section.titlePath,
        pages,
        text: clipped,
      },
      rank: entry.rank,
      order: entry.section.order,
      documentRank: documentRanks.get(entry.documentId)!,
    });
  }
  return built.sort((a, b) => a.documentRank - b.documentRank || a.order - b.order).map(item => item.passage);
}

/** Tables and figures are read inside their section: a hit on one stands for the section around it. */
function enclosingSection(indexed: IndexedNode, index: Map<string, IndexedNode>): IndexedNode {
  if ((indexed.node.kind === 'table' || indexed.node.kind === 'figure') && indexed.parent) {
    return index.get(indexed.parent.nodeId) ?? indexed;
  }
  return indexed;
}

function sectionText(node: TreeNode, hitPages: Set<number>, shortPageChars: number): { text: string; pages: number[] } {
  const textByPage = new Map(node.pageTexts.map(entry => [entry.page, entry.text.trim()]));
  const pages = new Set(hitPages);
  for (const page of hitPages) {
    if ((textByPage.get(page) ?? '').length >= shortPageChars) continue;
    for (const neighbour of [page - 1, page + 1]) if (textByPage.get(neighbour)) pages.add(neighbour);
  }
  const attachments = node.children.filter(child => (child.kind === 'table' || child.kind === 'figure') && overlaps(child, pages));
  // A table or figure that hit alone still names its own page.
  for (const child of attachments) if (hitPages.has(child.pageStart)) pages.add(child.pageStart);
  const sortedPages = [...pages].sort((a, b) => a - b);
  const body = sortedPages.map(page => textByPage.get(page) ?? '').filter(text => text.length > 0);
  const extras = attachments.map(describeAttachment).filter(text => text.length > 0);
  const usedPages = sortedPages.filter(page => textByPage.get(page) || attachments.some(child => child.pageStart === page));
  return { text: [...body, ...extras].join('\n\n'), pages: usedPages.length > 0 ? usedPages : sortedPages };
}

function overlaps(node: TreeNode, pages: Set<number>): boolean {
  for (let page = node.pageStart; page <= node.pageEnd; page++) if (pages.has(page)) return true;
  return false;
}

function describeAttachment(node: TreeNode): string {
  const text = node.text.trim();
  if (node.kind === 'table') return `[Table, p. ${node.pageStart}] ${node.title}\n${text}`.trim();
  const caption = node.figure?.caption ?? node.title;
  const description = node.figure?.description ?? text;
  return `[Figure, p. ${node.pageStart}] ${caption}${description && description !== caption ? `\n${description}` : ''}`.trim();
}

/** Cuts at the last paragraph or sentence end that fits, so passages do not stop mid-word. */
function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, Math.max(0, maxChars - 2));
  const cut = Math.max(head.lastIndexOf('\n\n'), head.lastIndexOf('. ') + 1, head.lastIndexOf('\n'));
  return (cut > maxChars * 0.5 ? head.slice(0, cut) : head.replace(/\s+\S*$/u, '')).trim() + ' …';
}
