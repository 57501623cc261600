import type { BoundingBox, PageNumber, PageTurn } from '../../documents/document-tree.ts';

/**
 * What the PDF parser reads off one page before layout analysis. Produced by text-runs.ts and
 * graphics.ts, consumed by the table, figure and layout detectors. All coordinates are PDF points,
 * top-left origin (y grows downwards), in the page's rotated (as displayed) frame.
 */
export interface TextRun {
  text: string;
  bbox: BoundingBox;
  /** Font size in points, from the text matrix (not the nominal size). */
  fontSize: number;
  /** Real font name from the font object ("ABCDEF+Arial-BoldMT" becomes "Arial-BoldMT"). */
  fontName: string;
  bold: boolean;
  italic: boolean;
  /** pdf.js hasEOL: the producer ended a line after this run. */
  endsLine: boolean;
  /** Clockwise degrees the page must turn for this run to read upright; absent when it does. */
  turn?: PageTurn;
}

/** A horizontal or vertical stroke (or a thin filled rectangle) that may rule a table. */
export interface RulingLine {
  orientation: 'horizontal' | 'vertical';
  /** For horizontal: x1 < x2 and y1 === y2; for vertical: y1 < y2 and x1 === x2. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface GraphicsSummary {
  /** Table-ruling candidates: axis-aligned strokes and thin filled rectangles. */
  rulings: RulingLine[];
  /** Filled or stroked rectangles that are not thin (cell shading, boxes, bars of a bar chart). */
  rectangles: BoundingBox[];
  /** Where raster images are painted (after the current transform). */
  images: BoundingBox[];
  /** Bounding boxes of other painted paths (curves, diagonal lines, polygons): charts and diagrams. */
  paths: BoundingBox[];
}

export interface PageContent {
  page: PageNumber;
  width: number;
  height: number;
  runs: TextRun[];
  graphics: GraphicsSummary;
}

/** A table found on a page. */
export interface DetectedTable {
  bbox: BoundingBox;
  /** Row-major cell texts; every row has the same length. Row 0 is the header row when one was found. */
  cells: string[][];
  /** GitHub-flavoured Markdown grid of `cells`. */
  markdown: string;
  /**
   * Where each row of `cells` is (same index): the table's width, the row's lines' height. Undefined
   * for a row the detector made up (a contents table's "Title | Page"); absent when rows are not known.
   */
  rowBoxes?: Array<BoundingBox | undefined>;
  /** Indices into PageContent.runs that belong to the table (layout leaves them out of paragraphs). */
  runIndices: number[];
  /**
   * 'ruled' when built from ruling lines, 'aligned' when from column alignment alone, 'contents' for a
   * table of contents (title, page), 'marks' for a matrix of check marks or boxes under column headings,
   * 'sheet' for a block of cells of a printed spreadsheet.
   */
  method: 'ruled' | 'aligned' | 'contents' | 'marks' | 'sheet';
}

/** A figure region found on a page (not yet rendered). */
export interface DetectedFigure {
  bbox: BoundingBox;
  source: 'raster' | 'vector';
  /** Indices into PageContent.runs inside the figure (axis labels, legends): kept as the figure's text. */
  runIndices: number[];
}
