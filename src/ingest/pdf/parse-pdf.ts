import { FolioError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { Block, FigureSink, ParsedDocument } from '../types.ts';
import type { PageNumber } from '../../documents/document-tree.ts';
import { attachCaptions } from './attach-captions.ts';
import { markHeadersAndFooters } from './headers-footers.ts';
import { carryTableHeaders } from './tables/continued-tables.ts';
import { isSheetPrint } from './sheet-print.ts';
import { hasFormFields } from './form-field-runs.ts';
import { classifyPage, FontStatsCollector, type PageGeometry } from './layout.ts';
import type { PageOcr } from './ocr/page-ocr.ts';
import { openPdf, type PDFDocumentProxy } from './open-pdf.ts';
import { readOutline, readPageLabels } from './outline.ts';
import { pdfReadError } from './pdf-read-error.ts';
import type { PageWorkerPool, WorkerPageResult } from './parallel/page-worker-pool.ts';
import { readPagesInWorkers, type ReadPagesInWorkersOptions } from './parallel/read-pages-in-workers.ts';
import { readPdfPage, type PageReading } from './parallel/read-pdf-page.ts';

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
  /**
   * Threads that read a document of `minPagesForWorkers` pages or more: this one plus `workers - 1`
   * worker threads. 1 (the default) reads in this thread only.
   */
  workers?: number;
  /**
   * Worker threads that live across documents. When given (and not empty), every page of every document
   * is read by its workers, whatever the length, and `workers` is not used: this thread commits the
   * results, OCRs scanned pages and builds the document.
   */
  pool?: PageWorkerPool;
  /** pdf.js's speed layer in the threads that read (IngestConfig.pdfjsFast); true unless given. */
  pdfjsFast?: boolean;
  /** Called after each page, in page order; pageNumber is 1-based. */
  onPage?: (pageNumber: number, pageCount: number) => void;
  signal?: AbortSignal;
  log?: Logger;
  /** Tests only: how parse workers are started. */
  startWorker?: ReadPagesInWorkersOptions['startWorker'];
}

/**
 * Without a pool: below this, starting a worker (tsx, pdf.js, fonts again) costs more than it saves:
 * this thread has finished a short document before a worker is ready.
 */
export const minPagesForWorkers = 16;

/**
 * Parses a PDF page by page with pdf.js: text runs, graphics, tables, figures (rendered and handed to
 * the sink in page order), OCR for scanned pages, layout. Long documents are read by worker threads
 * (`workers`), each with its own pdf.js document; this thread commits their results in page order and
 * OCRs scanned pages itself. Only small per-page geometry is kept between pages, so memory stays
 * bounded. Document-wide passes then classify blocks against the body font size, mark running
 * headers/footers, attach captions to figures and number blocks in order.
 * `data` is copied: pdf.js detaches the buffer it is given.
 */
export async function parsePdf(data: Uint8Array, options: ParsePdfOptions): Promise<ParsedDocument> {
  options.signal?.throwIfAborted();
  const pdfjsFast = options.pdfjsFast ?? true;
  const pdf = await openPdf(data.slice(), { name: options.name, pdfjsFast });
  try {
    const pageCount = pdf.numPages;
    checkPageCount(pageCount, options);
    const figureDpi = options.figureDpi ?? 144;
    const formFields = await hasFormFields(pdf);
    const sheet = await isSheetPrint(pdf);
    const fontStats = new FontStatsCollector();
    const geometries: PageGeometry[] = [];
    const ocrPages: PageNumber[] = [];
    const illegiblePages: PageNumber[] = [];

    const commitPage = async (pageNumber: number, reading: PageReading) => {
      await saveFigures(reading, options.figureSink);
      geometries.push(reading.geometry);
      fontStats.add(reading.runs);
      if (reading.ocr) ocrPages.push(pageNumber);
      if (reading.illegible) illegiblePages.push(pageNumber);
      if (reading.degraded) options.log?.debug({ document: options.name, page: pageNumber, reason: reading.degraded }, 'page simplified');
      options.onPage?.(pageNumber, pageCount);
    };
    const readHere = async (pageNumber: number) => {
      options.signal?.throwIfAborted();
      const page = await pdf.getPage(pageNumber);
      try {
        return (await readPdfPage(page, pageNumber, { figureDpi, ocr: options.ocr, formFields, sheet })) as PageReading;
      } finally {
        page.cleanup();
      }
    };

    const workerCount = options.workers ?? 1;
    const commitWorkerPage = async (pageNumber: number, result: WorkerPageResult) =>
      commitPage(pageNumber, 'needsOcr' in result ? await readHere(pageNumber) : result);
    try {
      if (options.pool && options.pool.size > 0) {
        await options.pool.read(data, {
          name: options.name,
          pageCount,
          figureDpi,
          pdfjsFast,
          deferOcr: Boolean(options.ocr),
          signal: options.signal,
          onPage: commitWorkerPage,
        });
      } else if (workerCount > 1 && pageCount >= minPagesForWorkers) {
        await readPagesInWorkers(data, {
          name: options.name,
          pageCount,
          workerCount,
          figureDpi,
          pdfjsFast,
          deferOcr: Boolean(options.ocr),
          signal: options.signal,
          startWorker: options.startWorker,
          readHere,
          onPage: commitWorkerPage,
        });
      } else {
        for (let pageNumber = 1; pageNumber <= pageCount; pageNumber++) await commitPage(pageNumber, await readHere(pageNumber));
      }
    } catch (error) {
      throw pdfReadError(error, options.name);
    }
    return await finishDocument(pdf, { pageCount, geometries, ocrPages, illegiblePages, stats: fontStats.stats() });
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

function checkPageCount(pageCount: number, options: ParsePdfOptions): void {
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
}

/** Stores the page's figure PNGs; the sink's key wins should it differ from the hash computed while reading. */
async function saveFigures(reading: PageReading, figureSink: FigureSink): Promise<void> {
  const keys = new Map<string, string>();
  for (const figure of reading.figures) {
    const { sha256 } = await figureSink.save(figure.png);
    keys.set(figure.sha256, sha256);
  }
  for (const item of reading.geometry.items) {
    if (item.type === 'figure' && item.figure) item.figure.sha256 = keys.get(item.figure.sha256) ?? item.figure.sha256;
  }
}

async function finishDocument(
  pdf: PDFDocumentProxy,
  parts: {
    pageCount: number;
    geometries: PageGeometry[];
    ocrPages: PageNumber[];
    illegiblePages: PageNumber[];
    stats: ReturnType<FontStatsCollector['stats']>;
  },
): Promise<ParsedDocument> {
  const pageSizes = parts.geometries.map(geometry => ({ width: geometry.width, height: geometry.height, ...(geometry.turn ? { turn: geometry.turn } : {}) }));
  const blocks: Block[] = parts.geometries.flatMap(geometry => classifyPage(geometry, parts.stats));
  const [outline, pageLabels] = await Promise.all([readOutline(pdf), readPageLabels(pdf)]);
  markHeadersAndFooters(blocks, pageSizes);
  carryTableHeaders(blocks, outline);
  attachCaptions(blocks);
  blocks.forEach((block, order) => (block.order = order));
  return {
    pageCount: parts.pageCount,
    pageSizes,
    ...(pageLabels ? { pageLabels } : {}),
    outline,
    blocks,
    ocrPages: parts.ocrPages,
    ...(parts.illegiblePages.length > 0 ? { ocrIllegiblePages: parts.illegiblePages } : {}),
    parser: 'pdfjs',
  };
}
