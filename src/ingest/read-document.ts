import { byReadingOrder } from './reading-order.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { IngestConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { convertOneToPdf } from './convert/libreoffice.ts';
import { readOfficeCharts } from './convert/office-charts.ts';
import { buildSlidePageMap, isSlideDeck } from './convert/slide-page-map.ts';
import { placeChartData } from './chart-data.ts';
import { detectFileType, type DetectedFile } from './detect-file-type.ts';
import { documentOpening } from './document-opening.ts';
import { documentTitle } from './document-title.ts';
import { documentLanguage } from '../text/detect-language.ts';
import { parseWithDocling } from './docling/parse-with-docling.ts';
import type { FigureDescriber } from '../models/types.ts';
import { describeFigures } from './figures/describe-figures.ts';
import type { PageOcr } from './pdf/ocr/page-ocr.ts';
import type { PageWorkerPool } from './pdf/parallel/page-worker-pool.ts';
import { parsePdf } from './pdf/parse-pdf.ts';
import { buildTree } from './tree/build-tree.ts';
import type { FigureSink, IngestEvent, ParsedDocument } from './types.ts';
import type { DocumentTree, TreeNode } from '../documents/document-tree.ts';
import type { IngestStats } from '../documents/types.ts';

export interface ReadDocumentResult {
  parsed: ParsedDocument;
  tree: DocumentTree;
  stats: IngestStats;
  /** Detected type of the original file ("application/pdf", ...). */
  mime: string;
  /** The title printed on its first page, when it has one. */
  title?: string;
  /** The words its first pages open with (document-opening.ts). */
  opening?: string;
  /** ISO 639-1 code of the language its text is written in (documentLanguage). */
  language: string;
}

export interface ReadDocumentInput {
  path: string;
  /** The name users know the file by; defaults to the path's base name. */
  name?: string;
  documentId: string;
  /** The type found when the document was submitted (recordSubmission); detected here when absent. */
  file?: Pick<DetectedFile, 'kind' | 'mime' | 'extension'>;
  /** For office files already converted in a batch: the PDF to parse instead of converting again. */
  pdfPath?: string;
}

export interface ReadDocumentDependencies {
  config: IngestConfig;
  figureSink: FigureSink;
  ocr?: PageOcr;
  /**
   * Parse workers that live across documents (a batch ingest, a benchmark): every PDF page is read by
   * them, and their start-up is paid once instead of per document. Without it, long PDFs start
   * `config.parseWorkers - 1` workers of their own.
   */
  pagePool?: PageWorkerPool;
  /** Vision model for figure descriptions; without one, figures keep their caption and inner text. */
  figures?: { describer: FigureDescriber; loadPng: (sha256: string) => Promise<Uint8Array>; concurrency?: number };
  log?: Logger;
  onEvent?: (event: IngestEvent) => void;
  signal?: AbortSignal;
}

/**
 * One file → parsed blocks and a page-exact tree: its type (from submission, or detected from its bytes), convert office
 * files to PDF (LibreOffice), parse (pdf.js, or docling-serve when configured), build the tree.
 * Throws FolioError for anything the user must fix (corrupt, encrypted, too large, unsupported).
 */
export async function readDocument(input: ReadDocumentInput, dependencies: ReadDocumentDependencies): Promise<ReadDocumentResult> {
  const { config, onEvent, signal } = dependencies;
  const name = input.name ?? basename(input.path);
  const started = performance.now();
  const detected = input.file ?? (await detectFileType(input.path, { declaredName: name, maxBytes: config.maxFileBytes }));
  const slides = detected.kind === 'office' && isSlideDeck(detected.extension);

  let pdfPath = detected.kind === 'pdf' ? input.path : input.pdfPath;
  let scratchDir: string | undefined;
  const convertStarted = performance.now();
  try {
    if (!pdfPath) {
      onEvent?.({ type: 'stage', stage: 'converting' });
      scratchDir = await mkdtemp(join(tmpdir(), 'folio-read-'));
      const target = join(scratchDir, 'document.pdf');
      pdfPath = await convertOneToPdf({ path: input.path, extension: detected.extension, name }, target, {
        sofficePath: config.sofficePath,
        timeoutMs: config.convertTimeoutMs,
        signal,
      });
    }
    const convertMs = performance.now() - convertStarted;

    onEvent?.({ type: 'stage', stage: 'parsing' });
    const parseStarted = performance.now();
    const parsed = config.docling
      ? await parseWithDocling(pdfPath!, { ...config.docling, name, signal, figureSink: dependencies.figureSink })
      : await parsePdf(await readBytes(pdfPath!), {
          name,
          figureSink: dependencies.figureSink,
          ocr: config.ocr.enabled ? dependencies.ocr : undefined,
          maxPages: config.maxPages,
          workers: config.parseWorkers,
          pdfjsFast: config.pdfjsFast,
          pool: dependencies.pagePool,
          log: dependencies.log,
          signal,
          onPage: (page, pageCount) => onEvent?.({ type: 'page', stage: 'parsing', page, pageCount }),
        });
    let slideCounts: IngestStats['slides'];
    let slideNumbers: number[] | undefined;
    if (slides) {
      const slideMap = await buildSlidePageMap(input.path, { extension: detected.extension, pdfPageCount: parsed.pageCount });
      slideNumbers = slideMap.slideNumbers;
      parsed.pageLabels = slideMap.pageLabels;
      // Hidden slides have no page only when LibreOffice left them out; a map it could not make counts pages.
      const mapped = slideMap.method !== 'identity' && slideMap.slideCount !== undefined;
      slideCounts = {
        count: mapped ? slideMap.slideCount! : parsed.pageCount,
        hidden: slideMap.method === 'visible-slides' ? slideMap.hiddenSlideNumbers : [],
      };
    }
    if (detected.kind === 'office') {
      // The PDF draws a chart as bars and ticks; the package keeps the numbers. A package whose charts
      // cannot be read still converted: its figures keep what the PDF shows.
      const charts = await readOfficeCharts(input.path, detected.extension).catch(error => {
        dependencies.log?.debug({ documentId: input.documentId, err: error }, 'charts not read');
        return [];
      });
      placeChartData(parsed.blocks, charts, { slideNumbers, pageSizes: parsed.pageSizes, outline: parsed.outline });
    }
    const parseMs = performance.now() - parseStarted;

    const describeStarted = performance.now();
    let figuresDescribed = 0;
    if (dependencies.figures) {
      onEvent?.({ type: 'stage', stage: 'describing' });
      const result = await describeFigures(parsed.blocks, {
        ...dependencies.figures,
        signal,
        onProgress: (done, total) => onEvent?.({ type: 'figure', stage: 'describing', done, total }),
      });
      figuresDescribed = result.described;
      if (result.failed > 0) dependencies.log?.warn({ documentId: input.documentId, failed: result.failed }, 'figures left undescribed');
    }
    const describeMs = performance.now() - describeStarted;

    const treeStarted = performance.now();
    const tree = buildTree(parsed, { documentId: input.documentId, slides });
    const treeMs = performance.now() - treeStarted;

    const counts = countNodes(tree.nodes);
    const stats: IngestStats = {
      pages: parsed.pageCount,
      ...(slideCounts ? { slides: slideCounts } : {}),
      sections: counts.section + counts.slide,
      tables: counts.table,
      figures: counts.figure,
      figuresDescribed,
      ocrPages: parsed.ocrPages.length,
      ...(parsed.ocrIllegiblePages ? { ocrIllegiblePages: parsed.ocrIllegiblePages } : {}),
      ms: { convert: round(convertMs), parse: round(parseMs), describe: round(describeMs), tree: round(treeMs), total: round(performance.now() - started) },
    };
    dependencies.log?.debug({ documentId: input.documentId, stats }, 'document read');
    const title = documentTitle(parsed);
    const opening = documentOpening(parsed);
    const language = documentLanguage([...parsed.blocks].sort(byReadingOrder).map(block => block.text));
    return { parsed, tree, stats, mime: detected.mime, language, ...(title ? { title } : {}), ...(opening ? { opening } : {}) };
  } finally {
    if (scratchDir) await rm(scratchDir, { recursive: true, force: true });
  }
}

function countNodes(nodes: TreeNode[], counts = { section: 0, slide: 0, page: 0, table: 0, figure: 0 }) {
  for (const node of nodes) {
    counts[node.kind] += 1;
    countNodes(node.children, counts);
  }
  return counts;
}

const round = (ms: number) => Math.round(ms);

/** pdf.js refuses Node Buffers; a plain Uint8Array view of the same memory is accepted. */
async function readBytes(path: string): Promise<Uint8Array> {
  const buffer = await readFile(path);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
