import type { BoundingBox, FigureRef, PageNumber, PageSize, TextLine } from '../documents/document-tree.ts';
import type { IngestStage } from '../documents/types.ts';

/**
 * The shapes that flow through ingestion: convert → parse (Blocks) → figures → tree
 * (documents/document-tree.ts). Coordinates are PDF points with a top-left origin; pages are 1-based
 * physical page numbers.
 */

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
  /** Width/height in points of each page as it is read, index = pageIndex. */
  pageSizes: PageSize[];
  /** Printed page labels ("i", "ii", "1"...) when the PDF defines them. */
  pageLabels?: string[];
  outline: OutlineEntry[];
  /** All blocks in reading order, headers/footers included (marked by kind). */
  blocks: Block[];
  /** Pages whose text came from OCR. */
  ocrPages: PageNumber[];
  /** Of those, the pages OCR could not read (PageOcrReading.illegible): a script or language not set up, or a poor scan. */
  ocrIllegiblePages?: PageNumber[];
  /** Which parser produced this: 'pdfjs' or 'docling'. */
  parser: 'pdfjs' | 'docling';
}

/** Progress events emitted while a document is ingested (for progress bars and chat updates). */
export type IngestEvent =
  | { type: 'stage'; stage: IngestStage }
  | { type: 'page'; stage: 'parsing'; page: number; pageCount: number }
  | { type: 'figure'; stage: 'describing'; done: number; total: number };
