/**
 * The shapes that flow through ingestion: convert → parse (Blocks) → figures → tree.
 * Coordinates are PDF points with a top-left origin; pages are 1-based physical page numbers.
 */

/** 1-based physical page number (a 0-based value is called a pageIndex). */
export type PageNumber = number;

/** PDF points (1/72 inch), origin at the page's top-left corner, y grows downwards. */
export interface BoundingBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where one printed line of a text sits on its page: `text.slice(start, end)` is that line, for the
 * text the offsets belong to (a block's `text`; a tree stores the same as a PageLine). What "show me
 * where" draws over a page image. A table row or a figure counts as one line (its row's or figure's box).
 */
export interface TextLine {
  /** UTF-16 offsets into the owning text, end exclusive. */
  start: number;
  end: number;
  box: BoundingBox;
}

/**
 * A TextLine as a tree keeps it: `[start, end, x, y, width, height]`, the box rounded to 0.1 pt. Trees
 * are JSON, read back for questions, and objects with property names would grow them by about half
 * again and slow their parsing several times (docs/benchmarks.md, "Line boxes in trees").
 * `pageTextLines` (page-lines.ts) turns them back into TextLines.
 */
export type PageLine = [start: number, end: number, x: number, y: number, width: number, height: number];

export type BlockKind = 'title' | 'heading' | 'paragraph' | 'list' | 'table' | 'figure' | 'caption' | 'formula' | 'code' | 'page-header' | 'page-footer';

export interface FontFacts {
  /** Dominant font size in points. */
  size: number;
  bold: boolean;
  italic: boolean;
  /** The font's real name when pdf.js knows it ("Helvetica-Bold"), for diagnostics. */
  name?: string;
}

/** One layout element of a page. */
export interface Block {
  page: PageNumber;
  bbox: BoundingBox;
  kind: BlockKind;
  /** Plain text; for tables the cells joined row by row; for figures the text found inside the figure. */
  text: string;
  /** Tables as a Markdown grid. */
  markdown?: string;
  /**
   * The block's lines with their boxes, offsets into `text` (for tables into `markdown`: one entry per
   * Markdown row). Absent when the parser does not know them; then the block's `bbox` is all there is.
   */
  lines?: TextLine[];
  /** 1 = top. Set by parsers that know it (docling's section_header level, PDF outline); otherwise the tree decides. */
  headingLevel?: number;
  font?: FontFacts;
  /** Index in document reading order, 0-based, unique within a document. Set by the parser. */
  order: number;
  /** For kind 'figure': the rendered crop. */
  figure?: FigureRef;
}

/** A rendered figure crop, stored once per image hash by the FigureSink. */
export interface FigureRef {
  /** sha256 hex of the PNG bytes; also the storage key. */
  sha256: string;
  widthPx: number;
  heightPx: number;
  /** "Figure 3: ..." when a caption was found next to the figure. */
  caption?: string;
  /** Filled in by a vision model after parsing; undefined until then. */
  description?: string;
  /** 'raster' for embedded images, 'vector' for clusters of drawing operators (charts, diagrams). */
  source: 'raster' | 'vector';
}

/** Receives figure PNGs as they are rendered, so pages never hold more than one page's images. */
export interface FigureSink {
  save(png: Uint8Array): Promise<{ sha256: string }>;
}

/** One entry of the PDF outline (bookmarks), flattened in order. */
export interface OutlineEntry {
  title: string;
  /** 1 = top. */
  level: number;
  /** Destination page, when it resolves. */
  page: PageNumber | null;
  /** Destination y (top-left origin) when the destination says it. */
  y?: number;
}

export interface ParsedDocument {
  pageCount: number;
  /** Width/height in points of each page, index = pageIndex. */
  pageSizes: Array<{ width: number; height: number }>;
  /** Printed page labels ("i", "ii", "1"...) when the PDF defines them. */
  pageLabels?: string[];
  outline: OutlineEntry[];
  /** All blocks in reading order, headers/footers included (marked by kind). */
  blocks: Block[];
  /** Pages whose text came from OCR. */
  ocrPages: PageNumber[];
  /** Which parser produced this: 'pdfjs' or 'docling'. */
  parser: 'pdfjs' | 'docling';
}

export type TreeNodeKind = 'section' | 'slide' | 'page' | 'figure' | 'table';

export interface TreeNode {
  /** "0001", "0002"...: document order, stable within one version of a document. */
  nodeId: string;
  /** From the outline, numbering or fonts; "Page 4" / "Slide 4" for page nodes. */
  title: string;
  kind: TreeNodeKind;
  /** 0 = top. */
  level: number;
  /** 1-based, inclusive. */
  pageStart: PageNumber;
  pageEnd: PageNumber;
  /** The node's own body (not its children's); tables as Markdown; a figure's description or caption. */
  text: string;
  /** The node's own text split by page, so a unit can name an exact page. Keys are page numbers. */
  pageTexts: NodePageText[];
  figure?: FigureRef;
  children: TreeNode[];
}

/** A tree node's own text on one page, with where its lines are on that page. */
export interface NodePageText {
  page: PageNumber;
  text: string;
  /** Offsets into `text`, ascending; absent when no line is known (trees read before line boxes were kept). */
  lines?: PageLine[];
}

export interface DocumentTree {
  documentId: string;
  totalPages: number;
  pageLabels?: string[];
  /**
   * The page numbers printed in the headers/footers, by physical page (index = page - 1): usually one,
   * two on a two-page spread, none where unknown. Absent when no numbered sequence was found. What a
   * reader means by "page 17" when the PDF's own page labels are missing or wrong.
   */
  printedPageNumbers?: number[][];
  /** Width/height in points of each page (index = page - 1): the scale of the line boxes; absent in trees made without line boxes. */
  pageSizes?: Array<{ width: number; height: number }>;
  nodes: TreeNode[];
}

/** Progress events emitted while a document is ingested (for progress bars and chat updates). */
export type IngestStage = 'queued' | 'converting' | 'parsing' | 'describing' | 'indexing' | 'ready' | 'failed';

export type IngestEvent =
  | { type: 'stage'; stage: IngestStage }
  | { type: 'page'; stage: 'parsing'; page: number; pageCount: number }
  | { type: 'figure'; stage: 'describing'; done: number; total: number };

export interface IngestStats {
  pages: number;
  /**
   * A deck's slides: how many it has, hidden ones included, and the numbers of the hidden ones (which
   * have no page). Absent for documents that are not decks.
   */
  slides?: { count: number; hidden: number[] };
  sections: number;
  tables: number;
  figures: number;
  figuresDescribed: number;
  ocrPages: number;
  /** Milliseconds per stage and in total. */
  ms: { convert: number; parse: number; describe: number; tree: number; total: number };
}
