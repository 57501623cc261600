import { createWorker, type Worker } from 'tesseract.js';
import { renderPageRegion } from '../figures/render-page-region.ts';
import type { PDFPageProxy } from '../open-pdf.ts';
import type { TextRun } from '../page-content.ts';
import { type OcrBlock, ocrLinesToRuns } from './ocr-lines-to-runs.ts';
import { resolveTesseractLanguagePath, type TesseractLanguagePath } from './tesseract-language-path.ts';

/**
 * Reads the text of a page that has no text layer. One instance can serve many documents, also at the
 * same time (the service and `folio ingest` keep one per process); close() frees the worker.
 */
export interface PageOcr {
  /** Runs in the page's top-left point coordinates, one per recognised word or line. */
  recognize(page: PDFPageProxy): Promise<TextRun[]>;
  close(): Promise<void>;
}

/** 200 dpi puts body text at the 20–30 px letter height tesseract reads best, at a third of 300 dpi's cost. */
const ocrDpi = 200;
/** Large pages (posters, A2 drawings) are scaled down rather than rendered into huge bitmaps. */
const maxOcrSidePx = 4000;

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

  const recognizePage = async (page: PDFPageProxy): Promise<TextRun[]> => {
    if (closed) throw new Error('PageOcr.recognize called after close()');
    started ??= start();
    const { worker } = await started;
    const viewport = page.getViewport({ scale: 1 });
    const image = await renderPageRegion(
      page,
      { x: 0, y: 0, width: viewport.width, height: viewport.height },
      {
        dpi: ocrDpi,
        maxSidePx: maxOcrSidePx,
      },
    );
    const result = await worker.recognize(Buffer.from(image.png), {}, { blocks: true, text: false });
    return ocrLinesToRuns((result.data.blocks ?? []) as unknown as OcrBlock[], image.scale);
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
