import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxDocumentNameCharacters } from '../../../src/documents/document-name.ts';
import type { IngestOutcome } from '../../../src/ingest/ingest-files.ts';
import { parseSpaceId } from '../../../src/spaces/space-id.ts';
import { makeTestPdf } from '../../support/layout/make-test-pdf.ts';
import { startWebTestServer, type WebTestServer } from '../../web/support/web-test-server.ts';
import { answerOf } from '../../support/answer/answer-of.ts';

/**
 * File names are whatever a client or a chat platform says they are. Shared through the REST upload
 * (multipart, names sent byte for byte) and through submitDocument (as the Slack and Teams adapters
 * pass platform names), hostile names become plain one-line display names, and nothing is ever
 * written outside the data dir or under a name derived from them.
 */

const longName = `${'quarterly-report-'.repeat(70)}.pdf`;
/** Raw name → the name users then see. */
const hostileNames: Array<[raw: string, shown: string]> = [
  ['../../etc/passwd.pdf', 'passwd.pdf'],
  ['..\\..\\Windows\\System32\\drivers\\evil.pdf', 'evil.pdf'],
  ['/etc/cron.d/backup.pdf', 'backup.pdf'],
  ['..', 'document'],
  ['line one\nline two\r\nInjected-Header: yes.pdf', 'line one line two Injected-Header: yes.pdf'],
  ['tab\there\u0007bell\u0000nul\u001bescape.pdf', 'tab here bell nul escape.pdf'],
  ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
  ['\u2067isolated\u2069 \u200Bzero\uFEFFwidth.pdf', 'isolated zerowidth.pdf'],
  ['<img src=x onerror=alert(1)>.pdf', '<img src=x onerror=alert(1)>.pdf'],
  ['Präsentation – Q3 (final) 日本語.pdf', 'Präsentation – Q3 (final) 日本語.pdf'],
  // Cut to 200 characters, keeping the extension.
  [longName, `${longName.slice(0, maxDocumentNameCharacters - '.pdf'.length)}.pdf`],
];

/** RFC 5987 ext-value: everything but attr-char percent-encoded (encodeURIComponent leaves ( ) ' * ! as they are). */
const rfc5987 = (name: string) => encodeURIComponent(name).replace(/[()'*!]/g, char => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** The multipart body a client sends, each name as RFC 5987 `filename*` so every byte of it arrives. */
function multipart(files: Array<{ name: string; bytes: Uint8Array }>): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = 'folio-hostile-names-boundary';
  const parts = files.flatMap(file => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${rfc5987(file.name)}\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from('\r\n'),
  ]);
  return { body: new Uint8Array(Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)])), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A one-page PDF with a sentence only it contains, to find it again. */
const documentFor = (index: number, via: string) =>
  makeTestPdf([{ texts: [{ text: `Memo ${via} ${index}: the ${via} archive keeps item zeta${index}${via} for the audit.`, x: 72, top: 72, size: 12 }] }]);

async function walk(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(entry =>
      entry.isDirectory() ? walk(join(directory, entry.name)).then(inner => [`${join(directory, entry.name)}/`, ...inner]) : [join(directory, entry.name)],
    ),
  );
  return nested.flat();
}

/** Everything Folio writes under its data dir is named by a hash or is one of its own files. */
const allowedDataPaths = [
  /^(folio|state)\.sqlite(-wal|-shm)?$/,
  /^files\/$/,
  /^files\/[0-9a-f]{64}$/,
  /^figures\/$/,
  /^figures\/[0-9a-f]{64}\.png$/,
  /^uploads\/$/,
];

let web: WebTestServer;
/** Finished ingest jobs by job id, however early they finish. */
const finishedJobs = new Map<string, IngestOutcome>();

beforeAll(async () => {
  web = await startWebTestServer();
  web.folio.onIngestEvent(event => {
    if (event.type === 'finished') finishedJobs.set(event.job.id, event.outcome);
  });
}, 60_000);

/** The job's outcome: at once when it already finished, else when its `finished` event arrives. */
function outcomeOf(jobId: string): Promise<IngestOutcome> {
  const finished = finishedJobs.get(jobId);
  if (finished) return Promise.resolve(finished);
  return new Promise(resolve => {
    const stop = web.folio.onIngestEvent(event => {
      if (event.type !== 'finished' || event.job.id !== jobId) return;
      stop();
      resolve(event.outcome);
    });
  });
}
afterAll(() => web?.close());

describe('hostile file names', () => {
  it('through the REST upload: every file is accepted under a clean one-line name and read', async () => {
    const files = await Promise.all(hostileNames.map(async ([name], index) => ({ name, bytes: await documentFor(index, 'upload') })));
    const { body, contentType } = multipart(files);
    const response = await web.request('/v1/spaces/names/documents', { method: 'POST', headers: { 'content-type': contentType }, body });
    expect(response.status).toBe(202);
    const { documents } = (await response.json()) as { documents: Array<{ name: string; status: string; documentId: string; jobId: string }> };
    expect(documents).toHaveLength(hostileNames.length);
    documents.forEach((document, index) => {
      expect(document.name).toBe(hostileNames[index][1]);
      expectCleanName(document.name);
      expect(document.status).toBe('queued');
    });
    await Promise.all(documents.map(document => outcomeOf(document.jobId)));

    const listed = (await (await web.request('/v1/spaces/names/documents')).json()) as { documents: Array<{ id: string; name: string; status: string }> };
    expect(listed.documents.map(document => document.status)).toEqual(hostileNames.map(() => 'ready'));
    expect(new Set(listed.documents.map(document => document.name))).toEqual(new Set(documents.map(document => document.name)));

    // The cleaned name is what an answer cites.
    const answer = await answerOf(web.folio.ask({ spaces: [parseSpaceId('names')], question: 'Which archive keeps item zeta0upload?' }));
    expect(answer.citations[0]).toMatchObject({ document: 'passwd.pdf', pages: [1] });
  });

  it('through submitDocument (names as chat platforms pass them): the same clean names', async () => {
    const space = parseSpaceId('names-core');
    // Downloads live outside the data dir until submitDocument stores them by hash.
    const downloads = await mkdtemp(join(tmpdir(), 'folio-names-downloads-'));
    try {
      for (const [index, [raw, shown]] of hostileNames.entries()) {
        const path = join(downloads, String(index));
        await writeFile(path, await documentFor(index, 'core'));
        const submitted = await web.folio.submitDocument({ space, path, name: raw, source: { platform: 'slack', fileId: `F${index}` } });
        const outcome = await outcomeOf(submitted.jobId);
        expect(outcome).toMatchObject({ status: 'ready', documentId: submitted.documentId });
        const record = await web.folio.findDocument(space, submitted.documentId);
        expect(record.name).toBe(shown);
        expectCleanName(record.name);
      }
    } finally {
      await rm(downloads, { recursive: true, force: true });
    }
  });

  it('writes nothing outside the data dir and nothing named after a file', async () => {
    const paths = (await walk(web.dataDir)).map(path => relative(web.dataDir, path) + (path.endsWith('/') ? '/' : ''));
    const unexpected = paths.filter(path => !allowedDataPaths.some(pattern => pattern.test(path)));
    expect(unexpected).toEqual([]);
    // Uploads are temporary files with random names, removed once submitted.
    expect(await readdir(join(web.dataDir, 'uploads'))).toEqual([]);
    // Where a traversal name would have landed had it been used as a path ("..", a directory, is left out).
    for (const [raw] of hostileNames.filter(([name]) => !/(^|[\\/])\.*$/.test(name))) {
      for (const base of [web.dataDir, join(web.dataDir, 'uploads'), join(web.dataDir, 'files')]) {
        const target = resolve(base, raw.replace(/\\/g, '/'));
        expect(existsSync(target), target).toBe(false);
      }
    }
  });
});

function expectCleanName(name: string): void {
  expect(name).not.toMatch(/[\\/]/);
  expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b\ufeff]/);
  expect(name).toBe(name.trim());
  expect(Array.from(name).length).toBeLessThanOrEqual(maxDocumentNameCharacters);
  expect(name.length).toBeGreaterThan(0);
}
