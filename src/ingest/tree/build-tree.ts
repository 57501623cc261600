import type { Block, ParsedDocument } from '../types.ts';
import type { DocumentTree, TreeNode, TreeNodeKind } from '../../documents/document-tree.ts';
import { placeHeadings, type HeadingPlacement } from './place-headings.ts';
import { numberNodes } from './number-nodes.ts';
import { detectPrintedPageNumbers } from './printed-page-numbers.ts';
import { NodeBuilder } from './node-builder.ts';
import { firstRunningBlocks } from './first-running-blocks.ts';
import { isGenericTitle } from './generic-title.ts';
import { normalizeTitle } from './normalize-title.ts';
import { completedOutlineTitle } from './outline-title.ts';
import { looksLikeSlideDeck, slideTitle } from './slide-deck.ts';

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
  const placements = placeHeadings(blocks, parsed.outline, parsed.pageCount);
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

/**
 * Each slide's title: its outline entry when that names the slide ("Slide 7" does not), else its
 * largest heading near the top. The blocks that make up the title are not repeated in the body.
 */
function slideTitles(blocks: Block[], parsed: ParsedDocument): Map<number, { title: string; blocks: Set<Block> }> {
  const blocksByPage = new Map<number, Block[]>();
  for (const block of blocks) {
    const onPage = blocksByPage.get(block.page);
    if (onPage) onPage.push(block);
    else blocksByPage.set(block.page, [block]);
  }
  const outlineTitles = new Map<number, string>();
  for (const entry of parsed.outline) {
    if (entry.page !== null && !outlineTitles.has(entry.page) && !isGenericTitle(entry.title)) outlineTitles.set(entry.page, entry.title);
  }
  const pagesByHeading = new Map<string, Set<number>>();
  for (const block of blocks) {
    if (!isHeadingBlock(block)) continue;
    const key = normalizeTitle(block.text);
    pagesByHeading.set(key, (pagesByHeading.get(key) ?? new Set()).add(block.page));
  }
  const titles = new Map<number, { title: string; blocks: Set<Block> }>();
  for (const [page, pageBlocks] of blocksByPage) {
    const outlineTitle = outlineTitles.get(page);
    if (outlineTitle) {
      // A title the outline cut short is read whole from the page (outline-title.ts).
      const completed = completedOutlineTitle(outlineTitle, pageBlocks);
      const wanted = normalizeTitle(completed.title);
      const parts = pageBlocks.filter(block => isHeadingBlock(block) && normalizeTitle(block.text) !== '' && wanted.includes(normalizeTitle(block.text)));
      titles.set(page, { title: completed.title.slice(0, 200), blocks: new Set([...parts, ...completed.blocks.filter(isHeadingBlock)]) });
      continue;
    }
    const found = slideTitle(
      pageBlocks,
      parsed.pageSizes[page - 1]?.height ?? Infinity,
      block => (pagesByHeading.get(normalizeTitle(block.text))?.size ?? 0) >= 3,
    );
    if (found) titles.set(page, { title: found.title, blocks: new Set(found.blocks) });
  }
  return titles;
}

function isHeadingBlock(block: Block): boolean {
  return block.kind === 'heading' || block.kind === 'title';
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
