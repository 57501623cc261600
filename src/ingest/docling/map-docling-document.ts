import type { Block, BlockKind, ParsedDocument } from '../types.ts';
import type { TextLine } from '../../documents/document-tree.ts';
import type { BoundingBox } from '../../documents/document-tree.ts';
import { enclosingBox, roundBox } from '../../documents/bounding-box.ts';
import { tableToMarkdown } from '../pdf/tables/table-markdown.ts';
import { doclingTableCells } from './docling-table-cells.ts';
import type { DoclingBoundingBox, DoclingDocument, DoclingPicture, DoclingProvenance, DoclingRef, DoclingTable, DoclingText } from './docling-document.ts';

/** A picture whose PNG the server embedded; the caller stores it and sets `block.figure`. */
export interface DoclingFigureImage {
  block: Block;
  png: Uint8Array;
  widthPx: number;
  heightPx: number;
  caption?: string;
}

const kindByTextLabel: Record<string, BlockKind> = {
  title: 'title',
  section_header: 'heading',
  list_item: 'list',
  caption: 'caption',
  formula: 'formula',
  code: 'code',
  page_header: 'page-header',
  page_footer: 'page-footer',
};

// Letter-sized pages, for the rare document whose `pages` lacks an entry.
const fallbackPageSize = { width: 612, height: 792 };

type Placed = Omit<Block, 'order'>;

/**
 * Maps a DoclingDocument to Folio's ParsedDocument. Reading order is `body.children` depth first
 * (groups expand in place; an inline group becomes one paragraph), then anything not reached from
 * `body` or `furniture`. Blocks are then ordered by page, with page headers first and footers last on
 * each page. Boxes become top-left-origin points. Tables and pictures bring their captions along
 * (before the object when the caption sits above it) and their footnotes after.
 */
export function mapDoclingDocument(document: DoclingDocument): { parsed: ParsedDocument; figureImages: DoclingFigureImage[] } {
  const placed: Placed[] = [];
  const figureImages: DoclingFigureImage[] = [];
  const visited = new Set<string>();
  const pageNumbers = Object.values(document.pages ?? {}).map(page => page.page_no);
  let lastPage = 1;

  const pageHeight = (page: number) => document.pages?.[String(page)]?.size.height ?? fallbackPageSize.height;
  const locate = (prov: DoclingProvenance[] | undefined): { page: number; bbox: BoundingBox } => {
    const first = prov?.[0];
    if (!first) return { page: lastPage, bbox: { x: 0, y: 0, width: 0, height: 0 } };
    lastPage = first.page_no;
    pageNumbers.push(first.page_no);
    return { page: first.page_no, bbox: toTopLeft(first.bbox, pageHeight(first.page_no)) };
  };
  const resolve = (ref: string) => {
    const match = /^#\/(texts|tables|pictures|groups)\/(\d+)$/.exec(ref);
    if (!match) return undefined;
    const item = document[match[1] as 'texts' | 'tables' | 'pictures' | 'groups']?.[Number(match[2])];
    return item ? { collection: match[1], item } : undefined;
  };
  /** True the first time a ref is seen: every item becomes at most one block. */
  const claim = (ref: string): boolean => {
    if (visited.has(ref)) return false;
    visited.add(ref);
    return true;
  };
  const textOf = (refs: DoclingRef[] | undefined) =>
    (refs ?? []).flatMap(ref => {
      const target = resolve(ref.$ref);
      return target?.collection === 'texts' && claim(ref.$ref) ? [target.item as DoclingText] : [];
    });

  const emitText = (text: DoclingText, kindOverride?: BlockKind) => {
    const content = blockText(text);
    if (!content) return;
    const kind = kindOverride ?? kindByTextLabel[text.label] ?? 'paragraph';
    placed.push({ ...locate(text.prov), kind, text: content, headingLevel: kind === 'heading' ? (text.level ?? 1) : undefined });
  };

  const emitWithCaptions = (object: DoclingTable | DoclingPicture, block: Placed) => {
    const captions = textOf(object.captions);
    const footnotes = textOf(object.footnotes);
    const captionsAbove = captions.filter(caption => {
      const where = caption.prov?.[0];
      return where?.page_no === block.page && toTopLeft(where.bbox, pageHeight(where.page_no)).y < block.bbox.y;
    });
    for (const caption of captionsAbove) emitText(caption, 'caption');
    placed.push(block);
    for (const caption of captions.filter(caption => !captionsAbove.includes(caption))) emitText(caption, 'caption');
    for (const footnote of footnotes) emitText(footnote, 'paragraph');
    return captions.map(caption => caption.text.trim()).join(' ') || undefined;
  };

  const visit = (ref: string): void => {
    const target = resolve(ref);
    if (!target || !claim(ref)) return;
    if (target.collection === 'groups') {
      const group = target.item as { label: string; children?: DoclingRef[] };
      if (group.label === 'inline') {
        emitInline(group.children ?? []);
        return;
      }
      for (const child of group.children ?? []) visit(child.$ref);
    } else if (target.collection === 'texts') {
      const text = target.item as DoclingText;
      emitText(text);
      for (const child of text.children ?? []) visit(child.$ref);
    } else if (target.collection === 'tables') {
      const table = target.item as DoclingTable;
      const cells = doclingTableCells(table);
      const text = cells.map(row => row.join(' | ')).join('\n');
      const block: Placed = { ...locate(table.prov), kind: 'table', text, markdown: tableToMarkdown(cells) };
      emitWithCaptions(table, block);
      for (const child of table.children ?? []) visit(child.$ref);
    } else {
      const picture = target.item as DoclingPicture;
      const block: Placed = { ...locate(picture.prov), kind: 'figure', text: '' };
      const caption = emitWithCaptions(picture, block);
      // Text Docling found inside the picture (axis labels, legends) is the figure's own text.
      block.text = collectTexts(picture.children ?? []).join(' ');
      const png = decodePng(picture.image?.uri);
      const size = picture.image?.size;
      if (png) figureImages.push({ block: block as Block, png, widthPx: size?.width ?? 0, heightPx: size?.height ?? 0, caption });
    }
  };

  const collectTexts = (children: DoclingRef[]): string[] =>
    children.flatMap(child => {
      const target = resolve(child.$ref);
      if (!target || !claim(child.$ref)) return [];
      const own = target.collection === 'texts' ? [(target.item as DoclingText).text.trim()].filter(Boolean) : [];
      return [...own, ...collectTexts((target.item as { children?: DoclingRef[] }).children ?? [])];
    });

  const emitInline = (children: DoclingRef[]) => {
    const parts = children.flatMap(child => {
      const target = resolve(child.$ref);
      return target?.collection === 'texts' && claim(child.$ref) ? [target.item as DoclingText] : [];
    });
    const located = parts.filter(part => part.prov?.[0]);
    if (parts.length === 0) return;
    const first = locate(located[0]?.prov);
    const samePage = located.filter(part => part.prov![0].page_no === first.page);
    const boxes = samePage.map(part => toTopLeft(part.prov![0].bbox, pageHeight(first.page)));
    // Each part on the block's page is a line of its own: its words, its box.
    let text = '';
    const lines: TextLine[] = [];
    for (const part of parts) {
      if (text) text += ' ';
      const words = part.text.trim();
      const where = part.prov?.[0];
      if (words && where?.page_no === first.page)
        lines.push({ start: text.length, end: text.length + words.length, box: roundBox(toTopLeft(where.bbox, pageHeight(first.page))) });
      text += words;
    }
    placed.push({ page: first.page, bbox: enclosingBox(boxes) ?? first.bbox, kind: 'paragraph', text, ...(lines.length > 0 ? { lines } : {}) });
  };

  for (const root of [document.body, document.furniture]) for (const child of root?.children ?? []) visit(child.$ref);
  for (const collection of ['pictures', 'tables', 'texts', 'groups'] as const) {
    document[collection]?.forEach((_, index) => visit(`#/${collection}/${index}`));
  }

  // Docling gives no line geometry: a block is one line, its box, so a highlight still finds the paragraph.
  for (const block of placed) if (!block.lines) addWholeBlockLine(block);

  const layerRank = (kind: BlockKind) => (kind === 'page-header' ? 0 : kind === 'page-footer' ? 2 : 1);
  const blocks = placed
    .map((block, sequence) => ({ block, sequence }))
    .sort((a, b) => a.block.page - b.block.page || layerRank(a.block.kind) - layerRank(b.block.kind) || a.sequence - b.sequence)
    .map(({ block }, order) => Object.assign(block, { order }) as Block);

  const pageCount = Math.max(0, ...pageNumbers);
  const pageSizes = Array.from({ length: pageCount }, (_, pageIndex) => {
    const size = document.pages?.[String(pageIndex + 1)]?.size ?? fallbackPageSize;
    return { width: size.width, height: size.height };
  });
  // Docling reports neither the PDF outline nor which pages it OCRed.
  return { parsed: { pageCount, pageSizes, outline: [], blocks, ocrPages: [], parser: 'docling' }, figureImages };
}

/** One line over all of the block's text (a table's Markdown), unless the block has no place on its page. */
function addWholeBlockLine(block: Placed): void {
  const text = block.kind === 'table' ? (block.markdown ?? '') : block.text;
  if (text === '' || (block.bbox.width <= 0 && block.bbox.height <= 0)) return;
  block.lines = [{ start: 0, end: text.length, box: roundBox(block.bbox) }];
}

/** Converts a Docling box (bottom-left origin unless it says TOPLEFT) to Folio's top-left box. */
export function toTopLeft(bbox: DoclingBoundingBox, pageHeight: number): BoundingBox {
  const top = bbox.coord_origin === 'TOPLEFT' ? Math.min(bbox.t, bbox.b) : pageHeight - Math.max(bbox.t, bbox.b);
  return { x: Math.min(bbox.l, bbox.r), y: top, width: Math.abs(bbox.r - bbox.l), height: Math.abs(bbox.t - bbox.b) };
}

function blockText(text: DoclingText): string {
  // Formulas that were not enriched to LaTeX have an empty `text` but keep the characters in `orig`.
  const content = text.text.trim() || (text.orig ?? '').trim();
  // Numbers of an enumerated list carry meaning ("step 3"); bullet glyphs do not.
  if (text.label === 'list_item' && text.enumerated && text.marker && !content.startsWith(text.marker.trim())) {
    return `${text.marker.trim()} ${content}`;
  }
  return content;
}

function decodePng(uri: string | undefined): Uint8Array | undefined {
  const match = uri ? /^data:image\/png;base64,(.*)$/s.exec(uri) : null;
  return match ? new Uint8Array(Buffer.from(match[1], 'base64')) : undefined;
}
