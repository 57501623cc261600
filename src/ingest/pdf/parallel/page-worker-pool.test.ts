import { afterEach, describe, expect, it } from 'vitest';
import { makeLongPdf } from '../../../../test/support/parallel/make-long-pdf.ts';
import { parseLongPdf as parse, recordingOcr, recordingSink, trackWorkers } from '../../../../test/support/parallel/worker-test-helpers.ts';
import { FolioError } from '../../../errors.ts';
import { PageWorkerPool } from './page-worker-pool.ts';
import type { FromPageWorker, ToPageWorker } from './worker-messages.ts';

/** A pool whose workers are counted as they start and exit. */
function countedPool(size: number) {
  const workers = trackWorkers();
  const pool = new PageWorkerPool({ size, startWorker: workers.startWorker });
  return { pool, started: workers.started, running: workers.running };
}

let pools: PageWorkerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.map(pool => pool.close()));
  pools = [];
});

describe('PageWorkerPool', () => {
  it('reads document after document, one after the other and side by side, with the same blocks and figures as this thread, starting its workers once', async () => {
    const documents = await Promise.all([makeLongPdf({ pageCount: 17 }), makeLongPdf({ pageCount: 5 }), makeLongPdf({ pageCount: 9, scannedPages: [2] })]);
    const expected: Array<{ parsed: Awaited<ReturnType<typeof parse>>; saved: string[] }> = [];
    for (const data of documents) {
      const sink = recordingSink();
      expected.push({ parsed: await parse(data, { figureSink: sink.sink }), saved: sink.saved });
    }
    const { pool, started, running } = countedPool(2);
    pools.push(pool);

    for (const [index, data] of documents.entries()) {
      const sink = recordingSink();
      const pagesSeen: number[] = [];
      const parsed = await parse(data, { figureSink: sink.sink, pool, onPage: pageNumber => pagesSeen.push(pageNumber) });
      expect(parsed).toEqual(expected[index].parsed);
      expect(sink.saved).toEqual(expected[index].saved);
      expect(pagesSeen).toEqual(Array.from({ length: parsed.pageCount }, (_, page) => page + 1));
    }
    const sinks = documents.map(() => recordingSink());
    const sideBySide = await Promise.all(documents.map((data, index) => parse(data, { figureSink: sinks[index].sink, pool })));
    sideBySide.forEach((parsed, index) => expect(parsed).toEqual(expected[index].parsed));
    sinks.forEach((sink, index) => expect(sink.saved).toEqual(expected[index].saved));

    expect(started).toHaveLength(2);
    expect(running()).toBe(2);
    await pool.close();
    expect(running()).toBe(0);
  });

  it('hands scanned pages back to this thread for OCR', async () => {
    const data = await makeLongPdf({ pageCount: 6, scannedPages: [3] });
    const { ocr, recognized } = recordingOcr();
    const { pool } = countedPool(2);
    pools.push(pool);
    const parsed = await parse(data, { figureSink: recordingSink().sink, pool, ocr });
    expect(recognized).toEqual([3]);
    expect(parsed.ocrPages).toEqual([3]);
  });

  it('keeps working after a document it cannot read and after an aborted one', async () => {
    const good = await makeLongPdf({ pageCount: 8 });
    const { pool, started } = countedPool(2);
    pools.push(pool);
    const garbage = new TextEncoder().encode('%PDF-1.7 not really a PDF, cut off here');
    const error = await pool
      .read(garbage, { name: 'broken.pdf', pageCount: 8, figureDpi: 72, deferOcr: false, onPage: async () => {} })
      .catch(caught => caught);
    expect(error).toBeInstanceOf(FolioError);
    expect(error).toMatchObject({ code: 'pdf_unreadable' });
    expect(error.userMessage).toContain('broken.pdf');

    const controller = new AbortController();
    const aborted = parse(good, {
      figureSink: recordingSink().sink,
      pool,
      signal: controller.signal,
      onPage: pageNumber => {
        if (pageNumber === 2) controller.abort(new Error('user cancelled'));
      },
    });
    await expect(aborted).rejects.toThrow('user cancelled');

    const expected = await parse(good, { figureSink: recordingSink().sink });
    expect(await parse(good, { figureSink: recordingSink().sink, pool })).toEqual(expected);
    expect(started).toHaveLength(2);
  });

  it('reads with one worker at a time once live memory is above its line, side by side below it', async () => {
    const data = await makeLongPdf({ pageCount: 17 });
    const mostReadersAtOnce = async (soloAboveLiveBytes: number) => {
      let busy = 0;
      let most = 0;
      const workers = trackWorkers();
      const pool = new PageWorkerPool({
        size: 2,
        soloAboveLiveBytes,
        startWorker: () => {
          const worker = workers.startWorker();
          const postMessage = worker.postMessage.bind(worker);
          worker.postMessage = (message: ToPageWorker) => {
            if (message.type === 'read') most = Math.max(most, ++busy);
            postMessage(message);
          };
          worker.on('message', (message: FromPageWorker) => {
            if (message.type === 'done' || message.type === 'error') busy--;
            if (message.type === 'page') expect(message.liveBytes).toBeGreaterThan(0);
          });
          return worker;
        },
      });
      pools.push(pool);
      await parse(data, { figureSink: recordingSink().sink, pool });
      return most;
    };
    // This thread's own heap alone is above a line of 1 byte: never two readers.
    expect(await mostReadersAtOnce(1)).toBe(1);
    expect(await mostReadersAtOnce(Number.POSITIVE_INFINITY)).toBe(2);
  });

  it('refuses work once closed', async () => {
    const { pool } = countedPool(1);
    await pool.close();
    await expect(pool.read(new Uint8Array(8), { name: 'a.pdf', pageCount: 1, figureDpi: 72, deferOcr: false, onPage: async () => {} })).rejects.toThrow(
      'after close',
    );
  });
});
