// Run by pdf-parse-fuzz.test.ts in its own process, as a Folio process runs (Node's own handling of
// unhandled rejections, no test runner in between):
//   node --max-old-space-size=N bin/run-ts.js <this file> fuzz <seed> <iterations> [only]
//   node --max-old-space-size=N bin/run-ts.js <this file> files <path>...
// `fuzz` reads mutated PDFs (`only`: just that iteration, the mutations before it still drawn, its file
// kept as <tmpdir>/folio-fuzz-<seed>-<only>.pdf to reproduce a finding); `files` reads the given files.
// Each goes through Folio's parse path (type detection, pdf.js, layout, tree), one at a time, and
// every step is a JSON line on stdout, so the parent can tell a crash, a hang (no line for too long)
// or an unexpected error apart, and name the seed and iteration that caused it.
import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { loadConfig } from '../../../../src/config.ts';
import { FolioError } from '../../../../src/errors.ts';
import { readDocument } from '../../../../src/ingest/read-document.ts';
import { makeReportPdf } from '../../../support/acceptance/make-report-pdf.ts';
import { makeHandbookPdf } from '../../../support/answer/make-handbook-pdf.ts';
import { makeEncryptedPdf } from '../../../support/hostile/encrypted-pdf.ts';
import { makeDeepOutlinePdf, makeRareEncodingPdf } from '../../../support/hostile/hostile-pdfs.ts';
import { validPdf } from '../../../support/hostile/valid-pdf.ts';
import { mutateBytes } from '../../../support/hostile/mutate-bytes.ts';
import { seededRandom } from '../../../support/hostile/seeded-random.ts';
import type { FuzzLine } from './pdf-fuzz-protocol.ts';

const [mode, ...rest] = process.argv.slice(2);
const emit = (line: FuzzLine) => process.stdout.write(`${JSON.stringify(line)}\n`);

// Anything that escapes the parse path and would end a Folio process is a finding: report it and
// stop with a failure code. (Unhandled rejections are left to Node and Folio's own guard, as in
// production: one that is not a harmless pdf.js leftover arrives here as an uncaught exception.)
let scratchDirectory: string | undefined;
process.on('uncaughtException', error => {
  emit({ type: 'crash', event: 'uncaughtException', message: String((error as Error)?.stack ?? error).slice(0, 2000) });
  if (scratchDirectory) rmSync(scratchDirectory, { recursive: true, force: true });
  process.exit(3);
});

/**
 * The same bytes on every run, so a seed reproduces: pdf-lib stamps the current time into what it
 * writes, so each generated source is saved again with fixed dates.
 */
async function fixedDates(bytes: Uint8Array, options: { useObjectStreams: boolean }): Promise<Uint8Array> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  document.setCreationDate(new Date(0));
  document.setModificationDate(new Date(0));
  return document.save(options);
}

const sources: Array<[name: string, make: () => Promise<Uint8Array> | Uint8Array]> = [
  ['handbook (pdf-lib, object streams)', async () => fixedDates(await makeHandbookPdf('a'), { useObjectStreams: true })],
  ['manual (classic xref table)', async () => fixedDates(await validPdf(), { useObjectStreams: false })],
  ['report (tables, charts, image, scan)', async () => fixedDates(await makeReportPdf(), { useObjectStreams: true })],
  ['rare encoding (hand-written, uncompressed)', makeRareEncodingPdf],
  ['outline 5 deep', () => makeDeepOutlinePdf(5)],
  [
    'owner-password RC4',
    () => makeEncryptedPdf({ userPassword: '', ownerPassword: 'owner', lines: ['1 Memo', 'Encrypted but readable.'], fileId: new Uint8Array(16).fill(7) }),
  ],
];

const config = loadConfig({ FOLIO_OCR: 'off', FOLIO_PARSE_WORKERS: '1', FOLIO_LOG_LEVEL: 'silent' });
const figureSink = { save: async () => ({ sha256: '0'.repeat(64) }) };

/** Reads one file and reports how it ended. */
async function readOne(iteration: number, path: string): Promise<void> {
  const started = performance.now();
  try {
    const result = await readDocument({ path, name: 'fuzz.pdf', documentId: `fuzz-${iteration}` }, { config: config.ingest, figureSink });
    emit({ type: 'result', iteration, outcome: 'parsed', pages: result.parsed.pageCount, ms: Math.round(performance.now() - started) });
  } catch (error) {
    const code = FolioError.isInstance(error) ? error.code : undefined;
    emit({
      type: 'result',
      iteration,
      outcome: code ?? 'unexpected',
      ms: Math.round(performance.now() - started),
      ...(code && code !== 'internal' ? {} : { error: String((error as Error)?.stack ?? error).slice(0, 1500) }),
    });
  }
}

if (mode === 'files') {
  for (const [index, path] of rest.entries()) {
    emit({ type: 'start', iteration: index, source: path, mutations: [] });
    await readOne(index, path);
  }
} else {
  const seed = Number(rest[0]);
  const iterations = Number(rest[1]);
  const only = rest[2] === undefined ? undefined : Number(rest[2]);
  const directory = (scratchDirectory = await mkdtemp(join(tmpdir(), 'folio-pdf-fuzz-')));
  try {
    const originals = await Promise.all(sources.map(async ([, make]) => make()));
    const random = seededRandom(seed);
    for (let iteration = 0; iteration < iterations; iteration += 1) {
      const sourceIndex = iteration % originals.length;
      const { bytes, mutations } = mutateBytes(originals[sourceIndex], random);
      if (only !== undefined && iteration !== only) continue;
      emit({ type: 'start', iteration, source: sources[sourceIndex][0], mutations });
      const path = only === undefined ? join(directory, `${iteration}.pdf`) : join(tmpdir(), `folio-fuzz-${seed}-${only}.pdf`);
      await writeFile(path, bytes);
      await readOne(iteration, path);
      if (only === undefined) await rm(path, { force: true });
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
emit({ type: 'done', maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) });
// pdf.js may keep timers of destroyed documents alive; the parent waits for the exit.
process.exit(0);
