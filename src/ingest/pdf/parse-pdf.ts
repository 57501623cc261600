import { FolioError } from '../../errors.ts';
import type { Block, BoundingBox, FigureRef, FigureSink, PageNumber, ParsedDocument } from '../types.ts';
import { attachCaptions } from './attach-captions.ts';
import { detectFigures } from './figures/detect-figures.ts';
import { renderFigures } from './figures/render-figures.ts';
import { extractGraphics } from './graphics.ts';
import { markHeadersAndFooters } from './headers-footers.ts';
import { analyzePageGeometry, classifyPage, FontStatsCollector, type PageGeometry } from './layout.ts';
import type { PageOcr } from './ocr/page-ocr.ts';
import { openPdf, type PDFPageProxy } from './open-pdf.ts';
import { readOutline, readPageLabels } from './outline.ts';
import type { GraphicsSummary, PageContent, TextRun } from './page-content.ts';
import { detectTables } from './tables/detect-tables.ts';
import { extractTextRuns } from './text-runs.ts';

export interface ParsePdfOptions {
  /** The file name users know it by, for error messages. */
  name: string;
  figureSink: FigureSink;
  /** Reads pages that have images but no text layer; without it such pages stay empty. */
  ocr?: PageOcr;
  /** Documents with more pages are refused before any page is read. */
  maxPages: number;
  /** Resolution of figure crops; 144 by default. */
  figureDpi?: number;
  /** Called after each page; pageNumber is 1-based. */
  onPage?: (pageNumber: number, pageCount: number) => void;
  signal?: AbortSignal;
}

/** A page with fewer characters than this, but with images, is treated as a scan. */
const minTextCharacters = 20;
/** OCR the page only when its images cover at least this share of it (not for a logo on an empty page). */
const minImageCoverage = 0.25;

/**
 * Parses a PDF page by page with pdf.js: text runs, graphics, tables, figures (rendered and handed to
 * the sink at once), OCR for scanned pages, layout. Only small per-page geometry is kept between pages,
 * so memory stays bounded on long documents. Document-wide passes then classify blocks against the
 * body font size, mark running headers/footers, attach captions to figures and number blocks in order.
 * `data` is copied: pdf.js detaches the buffer it is given.
 */
export async function parsePdf(data: Uint8Array, options: ParsePdfOptions): Promise<ParsedDocument> {
  options.signal?.throwIfAborted();
  const pdf = await openPdf(data.slice(), { name: options.name });
  try {
    const pageCount = pdf.numPages;
    if (pageCount === 0) {
      throw new FolioError({
        code: 'pdf_no_pages',
        message: `PDF has no pages: ${options.name}`,
        userMessage: `${options.name} has no pages. Check that the right file was shared, or export it again.`,
      });
    }
    if (pageCount > options.maxPages) {
      throw new FolioError({
        code: 'file_too_large',
        message: `PDF has ${pageCount} pages, limit is ${options.maxPages}: ${options.name}`,
        userMessage: `${options.name} has ${pageCount} pages; Folio reads at most ${options.maxPages} pages per document. Split it into smaller files and share them again.`,
      });
    }
    const fontStats = new FontStatsCollector();
    const geometries: PageGeometry[] = [];
    const pageSizes: ParsedDocument['pageSizes'] = [];
    const ocrPages: PageNumber[] = [];
    for (let pageNumber = 1; pageNumber <= pageCount; pageNumber++) {
      options.signal?.throwIfAborted();
      const page = await pdf.getPage(pageNumber);
      try {
        const result = await readPage(page, pageNumber, options);
        geometries.push(result.geometry);
        pageSizes.push({ width: result.geometry.width, height: result.geometry.height });
        fontStats.add(result.runs);
        if (result.ocr) ocrPages.push(pageNumber);
      } finally {
        page.cleanup();
      }
      options.onPage?.(pageNumber, pageCount);
    }
    const stats = fontStats.stats();
    const blocks: Block[] = geometries.flatMap(geometry => classifyPage(geometry, stats));
    markHeadersAndFooters(blocks, pageSizes);
    attachCaptions(blocks);
    blocks.forEach((block, order) => (block.order = order));
    const [outline, pageLabels] = await Promise.all([readOutline(pdf), readPageLabels(pdf)]);
    return { pageCount, pageSizes, ...(pageLabels ? { pageLabels } : {}), outline, blocks, ocrPages, parser: 'pdfjs' };
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

async function readPage(
  page: PDFPageProxy,
  pageNumber: number,
  options: ParsePdfOptions,
): Promise<{ geometry: PageGeometry; runs: TextRun[]; ocr: boolean }> {
  const viewport = page.getViewport({ scale: 1 });
  let runs = await extractTextRuns(page);
  const graphics = await extractGraphics(page);
  const ocr = Boolean(options.ocr) && looksScanned(runs, graphics, viewport.width * viewport.height);
  if (ocr) runs = await options.ocr!.recognize(page);
  const content: PageContent = { page: pageNumber, width: viewport.width, height: viewport.height, runs, graphics };
  const tables = detectTables(content);
  let figures = detectFigures(content, { exclude: tables.map(table => table.bbox) });
  // On a scanned page the scan itself is an image; it is the page, not a figure on it.
  if (ocr) figures = figures.filter(figure => area(figure.bbox) < 0.7 * viewport.width * viewport.height);
  const figureRefs = await saveFigures(page, figures.map(figure => figure.bbox), figures.map(figure => figure.source), options);
  return { geometry: analyzePageGeometry(content, { tables, figures, figureRefs }), runs, ocr };
}

async function saveFigures(
  page: PDFPageProxy,
  regions: BoundingBox[],
  sources: Array<'raster' | 'vector'>,
  options: ParsePdfOptions,
): Promise<Array<FigureRef | undefined>> {
  if (regions.length === 0) return [];
  const rendered = await renderFigures(page, regions, { dpi: options.figureDpi ?? 144 });
  const refs: Array<FigureRef | undefined> = [];
  for (const [index, figure] of rendered.entries()) {
    if (figure.png.length === 0) {
      refs.push(undefined);
      continue;
    }
    const { sha256 } = await options.figureSink.save(figure.png);
    refs.push({ sha256, widthPx: figure.widthPx, heightPx: figure.heightPx, source: sources[index] });
  }
  return refs;
}

function looksScanned(runs: TextRun[], graphics: GraphicsSummary, pageArea: number): boolean {
  const characters = runs.reduce((sum, run) => sum + run.text.trim().length, 0);
  if (characters >= minTextCharacters) return false;
  const imageArea = graphics.images.reduce((sum, image) => sum + area(image), 0);
  return imageArea >= minImageCoverage * pageArea;
}

function area(box: BoundingBox): number {
  return Math.max(0, box.width) * Math.max(0, box.height);
}
