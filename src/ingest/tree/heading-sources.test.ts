import { describe, expect, it } from 'vitest';
import type { Block, BlockKind, OutlineEntry, ParsedDocument } from '../types.ts';
import { buildTree } from './build-tree.ts';
import { coverPageExtras } from './cover-pages.ts';
import { isGenericTitle } from './generic-title.ts';
import { looksLikeSlideDeck } from './slide-deck.ts';

let order = 0;
function block(page: number, kind: BlockKind, text: string, size: number, y = 100 + order): Block {
  return { page, kind, text, bbox: { x: 50, y, width: 400, height: size * 1.2 }, order: order++, font: { size, bold: kind !== 'paragraph', italic: false } };
}
const body = 'Widgets are made of smaller widgets in most of the factories we visited.';

function parsed(blocks: Block[], pageCount: number, options: { outline?: OutlineEntry[]; landscape?: boolean } = {}): ParsedDocument {
  const size = options.landscape ? { width: 720, height: 540 } : { width: 612, height: 792 };
  return { pageCount, pageSizes: Array.from({ length: pageCount }, () => size), outline: options.outline ?? [], blocks, ocrPages: [], parser: 'pdfjs' };
}

const sectionTitles = (document: ParsedDocument) =>
  buildTree(document, { documentId: 'd' }).nodes.flatMap(function walk(node): string[] {
    return [...(node.kind === 'section' || node.kind === 'slide' ? [`${node.kind}:${node.title}`] : []), ...node.children.flatMap(walk)];
  });

describe('generic outline titles', () => {
  it('knows positional and file-name titles from real ones', () => {
    for (const title of ['Slide 3', 'Page 4', 'Untitled', 'report_final.pptx', '12', 'Folie 2']) expect(isGenericTitle(title)).toBe(true);
    for (const title of ['Slide rules and their history', 'Page layout', '3 Results', 'Section 2 Definitions']) expect(isGenericTitle(title)).toBe(false);
  });

  it('falls back to layout headings when the outline only has generic entries or a single entry', () => {
    const blocks = [
      block(1, 'heading', '1 Widgets', 14),
      block(1, 'paragraph', body, 10),
      block(2, 'heading', '2 Gadgets', 14),
      block(2, 'paragraph', body, 10),
    ];
    const generic: OutlineEntry[] = [
      { title: 'Page 1', level: 1, page: 1 },
      { title: 'Page 2', level: 1, page: 2 },
    ];
    expect(sectionTitles(parsed(blocks, 2, { outline: generic }))).toEqual(['section:1 Widgets', 'section:2 Gadgets']);
    const single: OutlineEntry[] = [{ title: 'A Paper About Widgets', level: 1, page: 1 }];
    expect(sectionTitles(parsed(blocks, 2, { outline: single }))).toEqual(['section:1 Widgets', 'section:2 Gadgets']);
    const real: OutlineEntry[] = [
      { title: 'Widgets', level: 1, page: 1 },
      { title: 'Gadgets', level: 1, page: 2 },
    ];
    expect(sectionTitles(parsed(blocks, 2, { outline: real }))).toEqual(['section:Widgets', 'section:Gadgets']);
  });
});

describe('cover pages', () => {
  const inner = (page: number) => [block(page, 'heading', `${page} Inner section`, 14), block(page, 'paragraph', body.repeat(8), 10)];

  it('keeps only the title of a sparse front or back cover as a heading', () => {
    const blocks = [
      block(1, 'heading', 'Front cover', 24, 20),
      block(1, 'title', 'The Widget Handbook', 40, 100),
      block(1, 'heading', 'Learn widgets in a week', 14, 300),
      ...inner(2),
      ...inner(3),
      ...inner(4),
      block(5, 'heading', 'Back cover', 24, 20),
      block(5, 'heading', 'The Widget Handbook', 32, 80),
      block(5, 'heading', 'For more information:', 12, 500),
      block(5, 'paragraph', 'A short blurb about the widget handbook.', 10, 520),
    ];
    const extras = coverPageExtras(blocks, 5);
    expect([...extras].map(index => blocks[index].text).sort()).toEqual(['Back cover', 'For more information:', 'Front cover', 'Learn widgets in a week']);
    expect(sectionTitles(parsed(blocks, 5))).not.toContain('section:Front cover');
  });

  it('leaves a first page with running text or numbered sections alone', () => {
    const wordy = [
      block(1, 'title', 'The Widget Handbook', 40, 100),
      block(1, 'heading', 'Overview', 14, 200),
      block(1, 'paragraph', body.repeat(30), 10, 220),
      ...inner(2),
      ...inner(3),
      ...inner(4),
    ];
    expect(coverPageExtras(wordy, 4).size).toBe(0);
    const numbered = [
      block(1, 'title', 'The Widget Handbook', 40, 100),
      block(1, 'heading', '1 Introduction', 14, 200),
      block(1, 'paragraph', body, 10, 220),
      ...inner(2),
      ...inner(3),
      ...inner(4),
    ];
    expect(coverPageExtras(numbered, 4).size).toBe(0);
  });
});

describe('slide decks exported to PDF', () => {
  const deckBlocks = () => [
    block(1, 'title', 'Quarterly Widget Review', 32, 40),
    block(1, 'paragraph', 'Presented by the widget team', 12, 300),
    block(2, 'heading', 'Hire', 18, 20),
    block(2, 'heading', 'Widgets', 18, 42),
    block(2, 'heading', 'Time to fill', 14, 30),
    block(2, 'paragraph', body, 12, 200),
    block(3, 'heading', 'Hire', 18, 20),
    block(3, 'heading', 'Widgets', 18, 42),
    block(3, 'heading', 'Candidate quality', 14, 30),
    block(3, 'paragraph', body, 12, 200),
    block(4, 'heading', 'Hire', 18, 20),
    block(4, 'heading', 'Widgets', 18, 42),
    block(4, 'heading', 'Overtime usage', 14, 30),
    block(4, 'paragraph', body, 12, 200),
  ];
  const slideOutline: OutlineEntry[] = [
    { title: 'Quarterly Widget Review', level: 1, page: 1 },
    { title: 'Slide 2', level: 1, page: 2 },
    { title: 'Slide 3', level: 1, page: 3 },
    { title: 'Slide 4', level: 1, page: 4 },
  ];

  it('gives one slide node per page titled by the outline or the slide title, skipping repeated section tabs', () => {
    const document = parsed(deckBlocks(), 4, { outline: slideOutline, landscape: true });
    expect(looksLikeSlideDeck(document)).toBe(true);
    expect(sectionTitles(document)).toEqual(['slide:Quarterly Widget Review', 'slide:Time to fill', 'slide:Candidate quality', 'slide:Overtime usage']);
  });

  it('recognizes a deck without outline by slide proportions and titles on top', () => {
    expect(looksLikeSlideDeck(parsed(deckBlocks(), 4, { landscape: true }))).toBe(true);
  });

  it('does not take portrait documents or landscape reports with a real outline for decks', () => {
    expect(looksLikeSlideDeck(parsed(deckBlocks(), 4, { outline: slideOutline }))).toBe(false);
    const realOutline: OutlineEntry[] = [
      { title: 'Hiring', level: 1, page: 2 },
      { title: 'Overtime', level: 1, page: 4 },
    ];
    expect(looksLikeSlideDeck(parsed(deckBlocks(), 4, { outline: realOutline, landscape: true }))).toBe(false);
  });
});
