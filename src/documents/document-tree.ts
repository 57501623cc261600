/**
 * A document as Folio keeps it once read: its heading tree, with each node's text by page and where
 * its lines are. Coordinates are PDF points with a top-left origin; pages are 1-based physical page
 * numbers.
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
  pageSizes?: PageSize[];
  nodes: TreeNode[];
}

/** Clockwise degrees a page is turned to be read: a scan fed sideways or upside down. */
export type PageTurn = 90 | 180 | 270;

/**
 * A page's width and height in points as it is read. A page read turned (`turn`) has its size, line
 * boxes and images in the turned frame: a page image must be drawn turned for its boxes to fit.
 */
export interface PageSize {
  width: number;
  height: number;
  turn?: PageTurn;
}
