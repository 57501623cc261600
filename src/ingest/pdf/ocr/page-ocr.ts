import { createWorker, type Worker } from 'tesseract.js';
import type { PageTurn } from '../../../documents/document-tree.ts';
import { renderPageRegion } from '../figures/render-page-region.ts';
import type { PDFPageProxy } from '../open-pdf.ts';
import type { TextRun } from '../page-content.ts';
import { turnedPage } from '../turned-page.ts';
import { type OcrBlock, ocrLinesToRuns } from './ocr-lines-to-runs.ts';
import { resolveTesseractLanguagePath, type TesseractLanguagePath } from './tesseract-language-path.ts';

/**
 * Reads the text of a page that has no text layer. One instance can serve many documents, also at the
 * same time (the service and `folio ingest` keep one per process); close() frees the worker.
 */
export interface PageOcr {
  /**
   * The page's words as runs, one per recognised line, in top-left point coordinates of the page as it
   * reads: turned by `turn` (turnedPage) when the scan lies sideways or upside down.
   */
  recognize(page: PDFPageProxy): Promise<PageOcrReading>;
  close(): Promise<void>;
}

export interface PageOcrReading {
  runs: TextRun[];
  turn?: PageTurn;
  /**
   * Set when the page has many words but none of its orientations reads legibly: the scan's script or
   * language is most likely not among the OCR languages (a Chinese page read as English), or the scan is
   * too poor to read. Its runs are what OCR made of it.
   */
  illegible?: true;
}

/** 200 dpi puts body text at the 20–30 px letter height tesseract reads best, at a third of 300 dpi's cost. */
const ocrDpi = 200;
/** Large pages (posters, A2 drawings) are scaled down rather than rendered into huge bitmaps. */
const maxOcrSidePx = 4000;
/**
 * A page reads the right way up when at least this many of its words, and this share of them, are
 * legible: read with confidence 80 or more, with three letters in a row. Printed text read upright
 * has half or more legible; read sideways or upside down it comes out as "agexoed", "Asea ue ul pue",
 * with a few legible words in a hundred. Photos and drawings have few legible words any way round.
 */
const minLegibleWords = 4;
const minLegibleShare = 0.2;
const legibleConfidence = 80;
/** A page with this many words or more, none of its orientations legible, is text OCR cannot read; fewer are a photo or a drawing. */
const minWordsOfText = 40;
/** Upside down is the commonest mistake at a scanner, then the two sideways feeds. */
const turnsToTry: PageTurn[] = [180, 90, 270];
/** The other turns are tried at a lower resolution: it tells legible from not at a quarter of the cost. */
const turnTrialDpi = 100;

/**
 * OCR with tesseract.js. The worker (a thread with the WebAssembly core, both from node_modules) and
 * the traineddata (from `@tesseract.js-data/<lang>` packages) load on the first page that needs it,
 * so documents with a text layer pay nothing. Pages are recognised one at a time per instance.
 */
export function createPageOcr(options: { languages: string[] }): PageOcr {
  let started: Promise<{ worker: Worker; languagePath: TesseractLanguagePath }> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const start = async () => {
    const languagePath = await resolveTesseractLanguagePath(options.languages);
    try {
      const worker = await createWorker(options.languages, undefined, {
        langPath: languagePath.langPath,
        gzip: true,
        // The default caches traineddata in the working directory; the packaged files are the cache.
        cacheMethod: 'none',
      });
      return { worker, languagePath };
    } catch (error) {
      await languagePath.release();
      throw error;
    }
  };

  const read = async (worker: Worker, page: PDFPageProxy, turn: PageTurn | undefined, dpi: number) => {
    const view = turnedPage(page, turn);
    const viewport = view.getViewport({ scale: 1 });
    const image = await renderPageRegion(view, { x: 0, y: 0, width: viewport.width, height: viewport.height }, { dpi, maxSidePx: maxOcrSidePx });
    const result = await worker.recognize(Buffer.from(image.png), {}, { blocks: true, text: false });
    const blocks = (result.data.blocks ?? []) as unknown as OcrBlock[];
    const words = blocks.flatMap(block => block.paragraphs.flatMap(paragraph => paragraph.lines.flatMap(line => line.words)));
    const legible = words.filter(word => word.confidence >= legibleConfidence && /\p{L}{3}/u.test(word.text)).length;
    const upright = legible >= minLegibleWords && legible >= minLegibleShare * words.length;
    return { runs: ocrLinesToRuns(blocks, image.scale), words: words.length, legible, upright, ...(turn ? { turn } : {}) };
  };

  const recognizePage = async (page: PDFPageProxy): Promise<PageOcrReading> => {
    if (closed) throw new Error('PageOcr.recognize called after close()');
    started ??= start();
    const { worker } = await started;
    const asItLies = await read(worker, page, undefined, ocrDpi);
    if (asItLies.upright) return { runs: asItLies.runs };
    let legibleAnyWay = false;
    for (const turn of turnsToTry) {
      const trial = await read(worker, page, turn, turnTrialDpi);
      if (trial.upright && trial.legible > asItLies.legible) return { runs: (await read(worker, page, turn, ocrDpi)).runs, turn };
      legibleAnyWay ||= trial.upright;
    }
    const illegible = !legibleAnyWay && asItLies.words >= minWordsOfText;
    return { runs: asItLies.runs, ...(illegible ? { illegible: true as const } : {}) };
  };

  return {
    recognize(page) {
      const result = queue.then(() => recognizePage(page));
      queue = result.catch(() => {});
      return result;
    },
    async close() {
      closed = true;
      await queue;
      const pending = started;
      started = null;
      const running = await pending?.catch(() => null);
      if (!running) return;
      await running.worker.terminate();
      await running.languagePath.release();
    },
  };
}
