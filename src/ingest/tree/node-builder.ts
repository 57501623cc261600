import { roundBox } from '../../documents/bounding-box.ts';
import { toPageLine } from '../../documents/page-lines.ts';
import type { Block } from '../types.ts';
import type { TextLine } from '../../documents/document-tree.ts';
import type { PageLine, TreeNode, TreeNodeKind } from '../../documents/document-tree.ts';

const tableCaption = /^\s*(table|tab\.)\s*[0-9IVX]/i;
const figureCaption = /^\s*(figure|fig\.|chart|exhibit|graph|diagram|image|picture)\s*[0-9IVX]/i;

/** Accumulates one node's own text page by page; tables and figures become child nodes. */
export class NodeBuilder {
  readonly node: TreeNode;

  constructor(kind: TreeNodeKind, title: string, page: number) {
    this.node = { nodeId: '', title, kind, level: 0, pageStart: page, pageEnd: page, text: '', pageTexts: [], children: [] };
  }

  get hasText(): boolean {
    return this.node.text.length > 0;
  }

  /** `blocks` and `index` let a table or figure take its caption from the block beside it. */
  add(block: Block, blocks: Block[], index: number): void {
    if (block.kind === 'table' || block.kind === 'figure') {
      this.node.children.push(objectNode(block, captionFor(blocks, index)));
      this.touch(block.page);
      return;
    }
    if ((block.kind === 'caption' || block.kind === 'paragraph') && isClaimedCaption(blocks, index)) return;
    appendText(this.node, block.page, { text: block.text, lines: block.lines });
  }

  private touch(page: number): void {
    this.node.pageEnd = Math.max(this.node.pageEnd, page);
  }
}

/** Text with its lines (offsets into `text`), as a block or a caption brings it. */
interface LinedText {
  text: string;
  lines?: readonly TextLine[];
}

function objectNode(block: Block, captionPart: LinedText | undefined): TreeNode {
  const kind: TreeNodeKind = block.kind === 'table' ? 'table' : 'figure';
  const fallbackTitle = `${kind === 'table' ? 'Table' : 'Figure'} on page ${block.page}`;
  const caption = captionPart?.text;
  const title = (caption ?? fallbackTitle).replace(/\s+/g, ' ').trim().slice(0, 200);
  const node: TreeNode = {
    nodeId: '',
    title,
    kind,
    level: 0,
    pageStart: block.page,
    pageEnd: block.page,
    text: '',
    pageTexts: [],
    figure: block.figure ? { ...block.figure, caption: caption ?? block.figure.caption } : undefined,
    children: [],
  };
  if (kind === 'table') {
    // A table's block lines are its Markdown rows; without Markdown they say nothing about `text`.
    const grid: LinedText = block.markdown !== undefined ? { text: block.markdown, lines: block.lines } : { text: block.text };
    appendText(node, block.page, joinParts([captionPart, grid]));
  } else {
    // A figure is one box however its text is made up: caption, description, the words inside it.
    const body = joinParts([{ text: caption ?? '' }, { text: block.figure?.description ?? '' }, { text: block.text }]).text;
    const placed = block.bbox.width > 0 || block.bbox.height > 0;
    appendText(node, block.page, { text: body, lines: placed ? [{ start: 0, end: body.length, box: roundBox(block.bbox) }] : [] });
  }
  return node;
}

/** Joins the non-empty parts with blank lines, moving each part's lines along. */
function joinParts(parts: ReadonlyArray<LinedText | undefined>): LinedText {
  let text = '';
  const lines: TextLine[] = [];
  for (const part of parts) {
    if (!part?.text) continue;
    if (text) text += '\n\n';
    for (const line of part.lines ?? []) lines.push({ ...line, start: line.start + text.length, end: line.end + text.length });
    text += part.text;
  }
  return { text, lines };
}

/**
 * Appends a block's text to the node's text and to its text on `page`, trimmed, after a blank line;
 * the block's lines move along into the page text (clipped to the trimmed text).
 */
function appendText(node: TreeNode, page: number, part: LinedText): void {
  const trimmed = part.text.trim();
  if (!trimmed) return;
  const last = node.pageTexts[node.pageTexts.length - 1];
  const onSamePage = last !== undefined && last.page === page;
  const lines = placeLines(part, trimmed.length, onSamePage ? last.text.length + 2 : 0);
  if (onSamePage) {
    last.text += `\n\n${trimmed}`;
    if (last.lines) last.lines.push(...lines);
    else if (lines.length > 0) last.lines = lines;
  } else {
    node.pageTexts.push({ page, text: trimmed, ...(lines.length > 0 ? { lines } : {}) });
  }
  node.text = node.text ? `${node.text}\n\n${trimmed}` : trimmed;
  node.pageEnd = Math.max(node.pageEnd, page);
}

/** `part`'s lines as offsets into its trimmed text (`trimmedLength` long) placed at `offset`, in the tree's form. */
function placeLines(part: LinedText, trimmedLength: number, offset: number): PageLine[] {
  if (!part.lines?.length) return [];
  const leading = part.text.length - part.text.trimStart().length;
  const placed: PageLine[] = [];
  for (const line of part.lines) {
    const start = Math.max(0, line.start - leading);
    const end = Math.min(trimmedLength, line.end - leading);
    if (end > start) placed.push(toPageLine({ start: start + offset, end: end + offset, box: line.box }));
  }
  return placed;
}

/** The caption of the table or figure at `index`: the parser's, else the caption blocks just before or after it. */
function captionFor(blocks: Block[], index: number): LinedText | undefined {
  const block = blocks[index];
  if (block.figure?.caption) return { text: block.figure.caption };
  const range = neighbourCaption(blocks, index);
  if (range === null) return undefined;
  // One line, label first: "TABLE II MODELS EVALUATION …" reads as the table's title (quote-candidates.ts).
  let text = '';
  const lines: TextLine[] = [];
  for (let at = range[0]; at <= range[1]; at++) {
    const part = blocks[at];
    if (text) text += ' ';
    for (const line of part.lines ?? []) lines.push({ ...line, start: line.start + text.length, end: line.end + text.length });
    text += part.text.replace(/\s+/g, ' ');
  }
  return { text, lines };
}

/**
 * A caption that is a table's label alone ("TABLE II", "Table 3:"), as two-column papers print it, with
 * the table's title in the paragraph under it and sometimes a note under that.
 */
const tableLabelOnly = /^\s*(?:table|tab\.)\s*(?:\d+|[IVXLC]+)\s*[.:]?\s*$/i;
/** Paragraphs between a label-only caption and its table: its title and a note, each a few lines at most. */
const maxTitleParagraphs = 2;
const maxTitleParagraphChars = 400;

/** The blocks that caption the table or figure at `index`, first and last; null when none does. */
function neighbourCaption(blocks: Block[], index: number): [number, number] | null {
  const block = blocks[index];
  if (block.kind === 'table') {
    const labelled = labelledAbove(blocks, index);
    if (labelled !== null) return labelled;
  }
  const pattern = block.kind === 'table' ? tableCaption : figureCaption;
  for (const neighbour of [index - 1, index + 1]) {
    const candidate = blocks[neighbour];
    if (!candidate || candidate.page !== block.page || candidate.kind !== 'caption' || !pattern.test(candidate.text)) continue;
    // The label of the next table, over that table's title, captions the next table, not this one.
    if (neighbour === index + 1 && labelsTableBelow(blocks, neighbour)) continue;
    return [neighbour, neighbour];
  }
  return null;
}

/** A label-only caption above the table at `index` with its title (and note) between them. */
function labelledAbove(blocks: Block[], index: number): [number, number] | null {
  for (let at = index - 1; at >= 0 && at >= index - 1 - maxTitleParagraphs; at--) {
    const candidate = blocks[at];
    if (candidate.page !== blocks[index].page) return null;
    if (candidate.kind === 'caption' && tableLabelOnly.test(candidate.text)) return [at, index - 1];
    if (candidate.kind !== 'paragraph' || candidate.text.length > maxTitleParagraphChars) return null;
  }
  return null;
}

function labelsTableBelow(blocks: Block[], captionIndex: number): boolean {
  for (let at = captionIndex + 1; at < blocks.length && at <= captionIndex + 1 + maxTitleParagraphs; at++) {
    if (blocks[at].kind === 'table') return labelledAbove(blocks, at)?.[0] === captionIndex;
  }
  return false;
}

/** True when the caption or title paragraph at `index` is part of a table's or figure's caption nearby. */
function isClaimedCaption(blocks: Block[], index: number): boolean {
  for (let neighbour = index - 1; neighbour <= index + 1 + maxTitleParagraphs; neighbour++) {
    const candidate = blocks[neighbour];
    if (neighbour === index || !candidate || (candidate.kind !== 'table' && candidate.kind !== 'figure')) continue;
    if (candidate.figure?.caption === blocks[index].text) return true;
    const range = neighbourCaption(blocks, neighbour);
    if (range !== null && range[0] <= index && index <= range[1]) return true;
  }
  return false;
}
