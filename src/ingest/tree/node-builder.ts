import type { Block, TreeNode, TreeNodeKind } from '../types.ts';

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
    if (block.kind === 'caption' && isClaimedCaption(blocks, index)) return;
    appendText(this.node, block.page, block.text);
  }

  private touch(page: number): void {
    this.node.pageEnd = Math.max(this.node.pageEnd, page);
  }
}

function objectNode(block: Block, caption: string | undefined): TreeNode {
  const kind: TreeNodeKind = block.kind === 'table' ? 'table' : 'figure';
  const fallbackTitle = `${kind === 'table' ? 'Table' : 'Figure'} on page ${block.page}`;
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
  const body = kind === 'table' ? [caption, block.markdown ?? block.text] : [caption, block.figure?.description, block.text];
  appendText(node, block.page, body.filter(Boolean).join('\n\n'));
  return node;
}

function appendText(node: TreeNode, page: number, text: string): void {
  const trimmed = text.trim();
  if (!trimmed) return;
  const last = node.pageTexts[node.pageTexts.length - 1];
  if (last && last.page === page) last.text += `\n\n${trimmed}`;
  else node.pageTexts.push({ page, text: trimmed });
  node.text = node.text ? `${node.text}\n\n${trimmed}` : trimmed;
  node.pageEnd = Math.max(node.pageEnd, page);
}

/** The caption of the table or figure at `index`: the parser's, else a matching caption just before or after it. */
function captionFor(blocks: Block[], index: number): string | undefined {
  const block = blocks[index];
  if (block.figure?.caption) return block.figure.caption;
  const captionIndex = neighbourCaption(blocks, index);
  return captionIndex === null ? undefined : blocks[captionIndex].text;
}

function neighbourCaption(blocks: Block[], index: number): number | null {
  const block = blocks[index];
  const pattern = block.kind === 'table' ? tableCaption : figureCaption;
  for (const neighbour of [index - 1, index + 1]) {
    const candidate = blocks[neighbour];
    if (candidate && candidate.page === block.page && candidate.kind === 'caption' && pattern.test(candidate.text)) return neighbour;
  }
  return null;
}

function isClaimedCaption(blocks: Block[], index: number): boolean {
  for (const neighbour of [index - 1, index + 1]) {
    const candidate = blocks[neighbour];
    if (!candidate || (candidate.kind !== 'table' && candidate.kind !== 'figure')) continue;
    if (candidate.figure?.caption === blocks[index].text || neighbourCaption(blocks, neighbour) === index) return true;
  }
  return false;
}
