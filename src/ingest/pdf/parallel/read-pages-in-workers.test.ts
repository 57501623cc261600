import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeLongPdf } from '../../../../test/support/parallel/make-long-pdf.ts';
import { parseLongPdf as parse, recordingOcr, recordingSink, trackWorkers } from '../../../../test/support/parallel/worker-test-helpers.ts';
import { FolioError } from '../../../errors.ts';
import { readPagesInWorkers, type WorkerPageResult } from './read-pages-in-workers.ts';

describe('readPagesInWorkers', () => {
  it('hands every page to onPage in page order, with its figure PNGs, scanned pages for OCR, and ends every worker', async () => {
    const data = await makeLongPdf({ pageCount: 10, scannedPages: [5] });
    const workers = trackWorkers();
    const results: Array<[number, WorkerPageResult]> = [];
    await readPagesInWorkers(data, {
      name: 'long.pdf',
      pageCount: 10,
      workerCount: 2,
      figureDpi: 72,
      deferOcr: true,
      startWorker: workers.startWorker,
      onPage: async (pageNumber, result) => void results.push([pageNumber, result]),
    });
    expect(workers.started).toHaveLength(2);
    expect(workers.running()).toBe(0);
    expect(results.map(([pageNumber]) => pageNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(results[4][1]).toEqual({ needsOcr: true });
    for (const [pageNumber, result] of results.filter(([pageNumber]) => pageNumber !== 5)) {
      if ('needsOcr' in result) throw new Error(`page ${pageNumber} came back as needing OCR`);
      expect(result.geometry.page).toBe(pageNumber);
      expect(result.runs.some(run => run.text.includes(`page ${pageNumber},`))).toBe(true);
      // Every third page has a picture: its PNG crossed the thread boundary intact, under its hash.
      expect(result.figures).toHaveLength(pageNumber % 3 === 0 ? 1 : 0);
      for (const figure of result.figures) expect(createHash('sha256').update(figure.png).digest('hex')).toBe(figure.sha256);
    }
  });

  it('surfaces a worker that cannot read the PDF as the same FolioError, and ends every worker', async () => {
    // This thread never opens it here: only the workers see that these bytes are no PDF.
    const data = new TextEncoder().encode('%PDF-1.7 not really a PDF, cut off here');
    const workers = trackWorkers();
    const error = await readPagesInWorkers(data, {
      name: 'long.pdf',
      pageCount: 8,
      workerCount: 2,
      figureDpi: 72,
      deferOcr: false,
      startWorker: workers.startWorker,
      onPage: async () => {},
    }).catch(caught => caught);
    expect(error).toBeInstanceOf(FolioError);
    expect(error).toMatchObject({ code: 'pdf_unreadable' });
    expect(error.userMessage).toContain('long.pdf');
    expect(workers.running()).toBe(0);
  });
});

describe('parsePdf with worker threads', () => {
  it('gives the same document as the main thread, saves figures in page order and ends every worker', async () => {
    const data = await makeLongPdf({ pageCount: 17 });
    const single = recordingSink();
    const expected = await parse(data, { figureSink: single.sink });
    const parallel = recordingSink();
    const workers = trackWorkers();
    const pagesSeen: number[] = [];
    const parsed = await parse(data, {
      figureSink: parallel.sink,
      workers: 3,
      startWorker: workers.startWorker,
      onPage: pageNumber => pagesSeen.push(pageNumber),
    });
    // This thread reads too, beside two workers.
    expect(workers.started).toHaveLength(2);
    expect(workers.running()).toBe(0);
    expect(parsed).toEqual(expected);
    expect(parsed.blocks.filter(block => block.kind === 'figure')).toHaveLength(5);
    expect(parallel.saved).toEqual(single.saved);
    expect(pagesSeen).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
  });

  it('reads short documents in the main thread', async () => {
    const data = await makeLongPdf({ pageCount: 15 });
    const workers = trackWorkers();
    const parsed = await parse(data, { figureSink: recordingSink().sink, workers: 2, startWorker: workers.startWorker });
    expect(parsed.pageCount).toBe(15);
    expect(workers.started).toHaveLength(0);
  });

  it('hands scanned pages back to the main thread, whose OCR engine reads them', async () => {
    const data = await makeLongPdf({ pageCount: 16, scannedPages: [4] });
    const { ocr, recognized } = recordingOcr();
    const workers = trackWorkers();
    const parsed = await parse(data, { figureSink: recordingSink().sink, workers: 2, ocr, startWorker: workers.startWorker });
    expect(recognized).toEqual([4]);
    expect(parsed.ocrPages).toEqual([4]);
    expect(parsed.blocks.find(block => block.page === 4)?.text).toBe('Text read from the scan');
    expect(workers.running()).toBe(0);
  });

  it('stops and ends every worker when aborted', async () => {
    const data = await makeLongPdf({ pageCount: 16 });
    const controller = new AbortController();
    const workers = trackWorkers();
    const pagesSeen: number[] = [];
    const outcome = parse(data, {
      figureSink: recordingSink().sink,
      workers: 2,
      signal: controller.signal,
      startWorker: workers.startWorker,
      onPage: pageNumber => {
        pagesSeen.push(pageNumber);
        if (pageNumber === 2) controller.abort(new Error('user cancelled'));
      },
    });
    await expect(outcome).rejects.toThrow('user cancelled');
    expect(pagesSeen).toEqual([1, 2]);
    expect(workers.started.length).toBeGreaterThan(0);
    expect(workers.running()).toBe(0);
  });
});
