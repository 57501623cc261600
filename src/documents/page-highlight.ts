import { FolioError } from '../errors.ts';
import { horizontalOverlap, unionBoxes } from './bounding-box.ts';
import { pageTextLines } from './page-lines.ts';
import type { BoundingBox, DocumentTree, NodePageText, TreeNode } from './document-tree.ts';

/**
 * "Show me where": which lines of a page an answer quoted. A highlight names stretches of tree nodes'
 * text on one page, `<nodeId>:<start>-<end>` joined by commas (offsets into `NodePageText.text`), so a
 * link carries it as `?highlight=` and any process holding the document's tree can draw it again.
 */
export interface HighlightSpan {
  nodeId: string;
  /** UTF-16 offsets into the node's text on the page, end exclusive. */
  start: number;
  end: number;
}

/** More stretches than an answer ever quotes on one page; bounds the work a crafted link can ask for. */
const maxSpans = 12;
const spanPattern = /^([0-9A-Za-z_-]{1,32}):(\d{1,7})-(\d{1,7})$/u;

export function formatHighlight(spans: readonly HighlightSpan[]): string {
  return spans.map(span => `${span.nodeId}:${span.start}-${span.end}`).join(',');
}

/** The spans of a `?highlight=` value; undefined when it is not one (the caller says so, 400). */
export function parseHighlight(value: string): HighlightSpan[] | undefined {
  const parts = value.split(',');
  if (parts.length > maxSpans) return undefined;
  const spans: HighlightSpan[] = [];
  for (const part of parts) {
    const match = spanPattern.exec(part.trim());
    if (!match) return undefined;
    const start = Number(match[2]);
    const end = Number(match[3]);
    if (end <= start) return undefined;
    spans.push({ nodeId: match[1], start, end });
  }
  return spans;
}

export function invalidHighlight(value: string): FolioError {
  return new FolioError({
    code: 'input_invalid',
    message: `not a highlight: ${value.slice(0, 120)}`,
    userMessage: 'This page link marks lines in a way Folio does not understand; open the page without `highlight`.',
  });
}

/**
 * The page a citation opens on, its first quote's (the sentence the claim rests on) else its first
 * page, with every quote on that page marked, and that page's name for the asker (`labels`, else "p. N").
 */
export function citedPage(citation: { pages: number[]; labels?: string[]; quotes: Array<{ page: number; highlight?: string }> }): {
  page: number;
  label: string;
  highlight?: string;
} {
  const page = citation.quotes[0]?.page ?? citation.pages[0];
  const label = citation.labels?.[citation.pages.indexOf(page)] ?? `p. ${page}`;
  const highlight = citation.quotes.flatMap(quote => (quote.page === page && quote.highlight ? [quote.highlight] : [])).join(',');
  return highlight ? { page, label, highlight } : { page, label };
}

/** The node texts of each page, per tree (trees are immutable once read). */
const textsByTree = new WeakMap<DocumentTree, Map<number, Array<{ nodeId: string; pageText: NodePageText }>>>();

function pageTextsOf(tree: DocumentTree, page: number): Array<{ nodeId: string; pageText: NodePageText }> {
  let pages = textsByTree.get(tree);
  if (!pages) {
    pages = new Map();
    const walk = (nodes: TreeNode[]) => {
      for (const node of nodes) {
        for (const pageText of node.pageTexts) {
          const list = pages!.get(pageText.page) ?? [];
          list.push({ nodeId: node.nodeId, pageText });
          pages!.set(pageText.page, list);
        }
        walk(node.children);
      }
    };
    walk(tree.nodes);
    textsByTree.set(tree, pages);
  }
  return pages.get(page) ?? [];
}

/**
 * Where `words` (a sentence or a table row as the context quoted it) stand in the tree's text of
 * `page`: the first node whose text there holds them, whitespace aside. Undefined when none does.
 */
export function locateWords(tree: DocumentTree, page: number, words: string): HighlightSpan | undefined {
  const needle = squeeze(words.replace(/\s*…$/u, '')).text;
  if (needle.length === 0) return undefined;
  for (const { nodeId, pageText } of pageTextsOf(tree, page)) {
    const haystack = squeeze(pageText.text);
    const at = haystack.text.indexOf(needle);
    if (at >= 0) return { nodeId, start: haystack.offsets[at], end: haystack.offsets[at + needle.length - 1] + 1 };
  }
  return undefined;
}

/**
 * The boxes to draw for a highlight on `page`: every line whose text overlaps a span, whole lines (a
 * reader's eye finds a marked line; a box cut mid-line at a guessed glyph position would mislead),
 * adjacent lines of one span merged into one box. Spans naming no node or no lines on the page add
 * nothing: a tree read before line boxes were kept shows the page unmarked.
 */
export function highlightBoxes(tree: DocumentTree, page: number, spans: readonly HighlightSpan[]): BoundingBox[] {
  const texts = new Map(pageTextsOf(tree, page).map(entry => [entry.nodeId, entry.pageText]));
  const boxes: BoundingBox[] = [];
  for (const span of spans) {
    const lines = pageTextLines(texts.get(span.nodeId));
    let current: BoundingBox | undefined;
    for (const line of lines) {
      if (line.end <= span.start || line.start >= span.end) continue;
      if (current && continues(current, line.box)) current = unionBoxes(current, line.box);
      else {
        if (current) boxes.push(current);
        current = { ...line.box };
      }
    }
    if (current) boxes.push(current);
  }
  return boxes;
}

/** The next line of the same column: it starts below the box, within a line's height, and overlaps it sideways. */
function continues(box: BoundingBox, line: BoundingBox): boolean {
  const gap = line.y - (box.y + box.height);
  const sideways = horizontalOverlap(box, line);
  return gap > -line.height / 2 && gap < line.height && sideways > 0;
}

/** The text without whitespace, and for each kept character its offset in the original. */
function squeeze(text: string): { text: string; offsets: number[] } {
  const kept: string[] = [];
  const offsets: number[] = [];
  for (let index = 0; index < text.length; index++) {
    if (/\s/u.test(text[index])) continue;
    kept.push(text[index]);
    offsets.push(index);
  }
  return { text: kept.join(''), offsets };
}
