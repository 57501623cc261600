import type { Block, ParsedDocument } from '../types.ts';
import type { DocumentTree, TreeNode, TreeNodeKind } from '../../documents/document-tree.ts';
import { placeHeadings, type HeadingPlacement } from './place-headings.ts';
import { numberNodes } from './number-nodes.ts';
import { detectPrintedPageNumbers } from './printed-page-numbers.ts';
import { NodeBuilder } from './node-builder.ts';
import { firstRunningBlocks } from './first-running-blocks.ts';
import { looksLikeSlideDeck, slideTitles } from './slide-deck.ts';

export interface BuildTreeOptions {
  documentId: string;
  /**
   * Slide decks get one node per slide, titled by the slide's title. Otherwise a PDF that looks like
   * an exported deck (see looksLikeSlideDeck) is still treated as one.
   */
  slides?: boolean;
}

/**
 * Blocks + outline → page-exact heading tree. Headings come from the outline when the PDF has one,
 * else from numbering and font ranks; nesting is stack-based; each node keeps its own text per page;
 * tables and figures become child nodes of the section they appear in. Pages before the first
 * heading, and documents without headings, get one node per page (never one giant node).
 */
export function buildTree(parsed: ParsedDocument, options: BuildTreeOptions): DocumentTree {
  const keptRunning = firstRunningBlocks(parsed.blocks);
  const blocks = parsed.blocks.filter(block => (block.kind !== 'page-header' && block.kind !== 'page-footer') || keptRunning.has(block));
  const slides = options.slides === true || looksLikeSlideDeck(parsed);
  const nodes = slides ? slideNodes(blocks, parsed) : sectionNodes(blocks, parsed);
  numberNodes(nodes);
  const printedPageNumbers = detectPrintedPageNumbers(parsed.blocks, parsed);
  return {
    documentId: options.documentId,
    totalPages: parsed.pageCount,
    pageLabels: parsed.pageLabels,
    ...(printedPageNumbers ? { printedPageNumbers } : {}),
    pageSizes: parsed.pageSizes.map(size => ({ width: size.width, height: size.height, ...(size.turn ? { turn: size.turn } : {}) })),
    nodes,
  };
}

function sectionNodes(blocks: Block[], parsed: ParsedDocument): TreeNode[] {
  const placements = placeHeadings(blocks, parsed.outline, parsed.pageCount, parsed.ocrPages);
  const roots: TreeNode[] = [];
  const stack: Array<{ builder: NodeBuilder; level: number }> = [];
  let pageBuilder: NodeBuilder | null = null;
  let next = 0;

  const open = (placement: HeadingPlacement) => {
    while (stack.length > 0 && stack[stack.length - 1].level >= placement.level) stack.pop();
    const builder = new NodeBuilder('section', placement.title, placement.page);
    const parent = stack[stack.length - 1];
    (parent ? parent.builder.node.children : roots).push(builder.node);
    stack.push({ builder, level: placement.level });
    pageBuilder = null;
  };

  blocks.forEach((block, index) => {
    let consumed = false;
    while (next < placements.length && placements[next].position === index) {
      open(placements[next]);
      consumed ||= placements[next].consumesBlock;
      next += 1;
    }
    if (consumed) return;
    let target = stack[stack.length - 1]?.builder;
    if (!target) {
      // Before the first heading: one node per page.
      if (!pageBuilder || pageBuilder.node.pageStart !== block.page) {
        pageBuilder = new NodeBuilder('page', `Page ${pageLabel(parsed, block.page)}`, block.page);
        roots.push(pageBuilder.node);
      }
      target = pageBuilder;
    }
    target.add(block, blocks, index);
  });
  // Headings whose section starts after the last block (an outline entry for an empty last page).
  while (next < placements.length) open(placements[next++]);

  for (const root of roots) closePageRanges(root);
  return roots;
}

function slideNodes(blocks: Block[], parsed: ParsedDocument): TreeNode[] {
  const titles = slideTitles(blocks, parsed);
  const nodes: TreeNode[] = [];
  let current: NodeBuilder | null = null;
  blocks.forEach((block, index) => {
    if (!current || current.node.pageStart !== block.page) {
      const title = titles.get(block.page);
      current = new NodeBuilder('slide', title?.title ?? `Slide ${pageLabel(parsed, block.page)}`, block.page);
      nodes.push(current.node);
    }
    if (!titles.get(block.page)?.blocks.has(block)) current.add(block, blocks, index);
  });
  return nodes;
}

/** A node's pages run from its heading to the last page of its own text or any descendant. */
function closePageRanges(node: TreeNode): number {
  let pageEnd = Math.max(node.pageStart, node.pageEnd);
  for (const child of node.children) pageEnd = Math.max(pageEnd, closePageRanges(child));
  node.pageEnd = pageEnd;
  return pageEnd;
}

function pageLabel(parsed: ParsedDocument, page: number): string {
  return parsed.pageLabels?.[page - 1] ?? String(page);
}

export type { TreeNodeKind };
