import { createHash } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { startPageWorker } from '../../../src/ingest/pdf/parallel/page-worker-pool.ts';
import { parsePdf, type ParsePdfOptions } from '../../../src/ingest/pdf/parse-pdf.ts';
import type { PageOcr } from '../../../src/ingest/pdf/ocr/page-ocr.ts';
import type { FigureSink } from '../../../src/ingest/types.ts';

/** Starts real page workers and remembers each, so a test can check how many started and are still running. */
export function trackWorkers() {
  const started: Worker[] = [];
  const exited = new Set<Worker>();
  return {
    startWorker: () => {
      const worker = startPageWorker();
      started.push(worker);
      worker.once('exit', () => exited.add(worker));
      return worker;
    },
    started,
    running: () => started.filter(worker => !exited.has(worker)).length,
  };
}

/** A figure sink that keeps the sha256 of every PNG saved, in order. */
export function recordingSink() {
  const saved: string[] = [];
  const sink: FigureSink = {
    save: async png => {
      const sha256 = createHash('sha256').update(png).digest('hex');
      saved.push(sha256);
      return { sha256 };
    },
  };
  return { sink, saved };
}

/** parsePdf of the generated long test PDF. */
export const parseLongPdf = (data: Uint8Array, options: Partial<ParsePdfOptions> & { figureSink: FigureSink }) =>
  parsePdf(data, { name: 'long.pdf', maxPages: 100, ...options });

/** An OCR engine that reads every page it is given as one line of text, remembering which pages it read. */
export function recordingOcr(text = 'Text read from the scan') {
  const recognized: number[] = [];
  const ocr: PageOcr = {
    recognize: async page => {
      recognized.push(page.pageNumber);
      return { runs: [{ text, bbox: { x: 72, y: 100, width: 200, height: 12 }, fontSize: 10, fontName: 'OCR', bold: false, italic: false, endsLine: true }] };
    },
    close: async () => {},
  };
  return { ocr, recognized };
}
