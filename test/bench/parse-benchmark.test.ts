import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDocuments } from '../../bench/lib/list-documents.ts';
import { runParseBenchmark } from '../../bench/lib/parse-benchmark.ts';
import { formatParseReport } from '../../bench/lib/parse-report.ts';
import type { DocumentReader } from '../../bench/lib/read-for-bench.ts';
import { createTempFigureSink } from '../../bench/lib/temp-figure-sink.ts';
import { loadConfig } from '../../src/config.ts';
import { FolioError } from '../../src/errors.ts';
import type { IngestStats } from '../../src/documents/types.ts';
import { documentTree, treeNode } from './tree-fixtures.ts';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'folio-bench-test-'));
  await writeFile(join(directory, 'b-small.pdf'), 'x'.repeat(10));
  await writeFile(join(directory, 'a-large.pdf'), 'x'.repeat(5000));
  await writeFile(join(directory, 'c-locked.pdf'), 'x');
  await writeFile(join(directory, 'd-broken.docx'), 'x');
  await writeFile(join(directory, 'notes.txt'), 'not a document');
});
afterAll(() => rm(directory, { recursive: true, force: true }));

/** Stands in for readDocument: page count from the file size, failures by file name. */
const fakeReader: DocumentReader = async (input, dependencies) => {
  if (input.name?.includes('locked')) {
    throw new FolioError({ code: 'pdf_encrypted', message: 'encrypted', userMessage: 'Remove the password.' });
  }
  if (input.name?.includes('broken')) throw new TypeError('cannot read properties of undefined');
  await dependencies.figureSink.save(new Uint8Array([1, 2, 3]));
  const pages = input.name?.includes('large') ? 50 : 2;
  const stats: IngestStats = {
    pages,
    sections: 3,
    tables: 1,
    figures: 1,
    figuresDescribed: 0,
    ocrPages: 0,
    ms: { convert: 0, parse: 1, describe: 0, tree: 0, total: 1 },
  };
  const tree = documentTree([treeNode('section', 'Intro', 1)]);
  const parsed = { pageCount: pages, pageSizes: [], outline: [], blocks: [], ocrPages: [], parser: 'pdfjs' as const };
  return { parsed, tree, stats, mime: 'application/pdf', language: 'en' };
};

describe('listDocuments', () => {
  it('takes supported files of a directory in name order, and explicit files as given', async () => {
    const fromDirectory = await listDocuments([directory]);
    expect(fromDirectory.map(document => document.path.split('/').pop())).toEqual(['a-large.pdf', 'b-small.pdf', 'c-locked.pdf', 'd-broken.docx']);
    const explicit = await listDocuments([join(directory, 'notes.txt')]);
    expect(explicit).toEqual([{ path: join(directory, 'notes.txt'), bytes: 14 }]);
  });
});

describe('runParseBenchmark', () => {
  it('reports every document, sorts failures into rejected and failed, and totals pages of the good ones', async () => {
    const documents = await listDocuments([directory]);
    const finished: string[] = [];
    const report = await runParseBenchmark(
      { documents, concurrency: 2, isolate: false, onDocument: row => finished.push(row.name) },
      { reader: fakeReader, config: loadConfig({ FOLIO_OCR: 'off' }).ingest },
    );

    expect(report.rows.map(row => [row.name, row.status, row.pages])).toEqual([
      ['a-large.pdf', 'ok', 50],
      ['b-small.pdf', 'ok', 2],
      ['c-locked.pdf', 'rejected', null],
      ['d-broken.docx', 'failed', null],
    ]);
    expect(report.rows[2].error?.code).toBe('pdf_encrypted');
    expect(report.rows[3].error).toEqual({ code: 'exception', message: 'cannot read properties of undefined' });
    expect(finished.sort()).toEqual(report.rows.map(row => row.name).sort());

    const { totals } = report;
    expect([totals.documents, totals.ok, totals.rejected, totals.failed, totals.pages]).toEqual([4, 2, 1, 1, 52]);
    expect(totals.pagesPerSecond).toBeCloseTo(52 / (totals.wallMs / 1000), 6);
    expect(totals.largestFile?.name).toBe('a-large.pdf');
    expect(totals.peakRssBytes).toBeGreaterThan(0);
    expect(report.rows[0].peakRssBytes).toBeGreaterThan(0);

    const text = formatParseReport(report);
    expect(text).toContain('d-broken.docx [failed, exception]: cannot read properties of undefined');
    expect(text.split('\n')[0]).toMatch(/^document\s+pages\s+ms\s+pages\/s\s+sections/);
  });
});

describe('createTempFigureSink', () => {
  it('stores each distinct PNG once under its sha256 and removes everything on dispose', async () => {
    const sink = await createTempFigureSink();
    const first = await sink.save(new Uint8Array([1, 2, 3]));
    await sink.save(new Uint8Array([1, 2, 3]));
    await sink.save(new Uint8Array([4]));
    expect(sink.savedCount()).toBe(2);
    expect(await readdir(sink.directory)).toHaveLength(2);
    const stored = await readFile(join(sink.directory, `${first.sha256}.png`));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(first.sha256);
    await sink.dispose();
    expect(existsSync(sink.directory)).toBe(false);
  });
});
