import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive, writeHangingSoffice } from '../../support/office/fake-soffice.ts';
import { sofficeAvailability } from '../../support/office/soffice-availability.ts';
import { badInputCases, type BadInputCase, type ServiceProfile } from './bad-input-cases.ts';
import { writeCaseReport, type CaseResult } from './support/case-report.ts';
import { startCorpusService, type CorpusService } from './support/corpus-service.ts';
import { megabytes, measurePeakRss } from './support/peak-memory.ts';

/**
 * Every hostile file of bad-input-cases.ts, shared through the real service path into a space that
 * already holds a good document. For each: the user gets a clear FolioError (code and a plain
 * userMessage that says what to do) or the document is read correctly; it finishes within its time
 * bound and this process's peak memory stays bounded; and the good document is still there and still
 * answers with its page. The measured rows go to test-artifacts/bad-input/results.md.
 */

/** Peak memory a single case may add to this process (pdf.js, canvas, tesseract; not LibreOffice). */
const maxPeakGrowthMb = 700;
const defaultMaxMs = 15_000;

const libreOffice = sofficeAvailability();
const results: CaseResult[] = [];
const services = new Map<ServiceProfile, Promise<CorpusService>>();
let hangingSoffice: { sofficePath: string; pidFile: string; directory: string } | undefined;

async function serviceFor(profile: ServiceProfile): Promise<CorpusService> {
  let service = services.get(profile);
  if (!service) {
    service = startProfile(profile);
    services.set(profile, service);
  }
  return service;
}

async function startProfile(profile: ServiceProfile): Promise<CorpusService> {
  if (profile === 'strict') return startCorpusService({ environment: { FOLIO_MAX_PAGES: '50', FOLIO_OCR: 'off' } });
  if (profile === 'hanging-converter') {
    const directory = await mkdtemp(join(tmpdir(), 'folio-hanging-soffice-'));
    hangingSoffice = { ...(await writeHangingSoffice(directory)), directory };
    return startCorpusService({
      environment: { FOLIO_SOFFICE_PATH: hangingSoffice.sofficePath, FOLIO_CONVERT_TIMEOUT_S: '2' },
      retry: { attempts: 2, backoffMs: 200 },
    });
  }
  return startCorpusService();
}

afterAll(async () => {
  await Promise.all([...services.values()].map(async service => (await service).close()));
  if (hangingSoffice) await rm(hangingSoffice.directory, { recursive: true, force: true });
  if (results.length > 0) console.info(`bad-input results: ${await writeCaseReport(results)}`);
});

/** Cases that run LibreOffice are skipped where it is missing, unless CI=true makes them run (and fail). */
const skipped = (testCase: BadInputCase) => Boolean(testCase.needsLibreOffice) && !libreOffice.available && !libreOffice.mustRun;

describe('bad input corpus (the real service path, one good document in the space)', () => {
  for (const testCase of badInputCases) {
    const maxMs = testCase.maxMs ?? defaultMaxMs;
    // The time bound is asserted on the measurement; the test's own timeout also covers starting
    // the service (ingesting the handbook) and generating the file.
    it.skipIf(skipped(testCase))(`${testCase.id}: ${testCase.what}`, () => runCase(testCase, maxMs), maxMs + 60_000);
  }

  // Runs after every case (a file's tests run in order): the whole table at once, one row per hostile
  // file, each with the outcome its case expects (the error code and the message the user reads, or
  // the pages read) and the space intact afterwards. A case that never got its file shared has no row.
  it('gives every hostile file the outcome its case expects, leaving the space intact', () => {
    const expected = badInputCases
      .filter(testCase => !skipped(testCase))
      .map(testCase =>
        testCase.expect.outcome === 'refused'
          ? { id: testCase.id, outcome: testCase.expect.code, userMessage: expect.stringMatching(testCase.expect.message), spaceIntact: true }
          : {
              id: testCase.id,
              outcome: 'ready',
              userMessage: `${testCase.expect.pages} page${testCase.expect.pages === 1 ? '' : 's'} read`,
              spaceIntact: true,
            },
      );
    expect(results.map(({ id, outcome, userMessage, spaceIntact }) => ({ id, outcome, userMessage, spaceIntact }))).toEqual(expected);
  });
});

async function runCase(testCase: BadInputCase, maxMs: number): Promise<void> {
  const profile = testCase.service ?? 'default';
  const service = await serviceFor(profile);
  const bytes = await testCase.make();
  const started = performance.now();
  const { result: outcome, startRssBytes, peakRssBytes } = await measurePeakRss(() => service.share(testCase.name, bytes));
  const ms = Math.round(performance.now() - started);
  const row: CaseResult = {
    id: testCase.id,
    what: testCase.what,
    service: profile,
    outcome: outcome.status === 'ready' ? 'ready' : (outcome.code ?? 'failed'),
    userMessage: outcome.status === 'ready' ? `${outcome.pages} page${outcome.pages === 1 ? '' : 's'} read` : (outcome.userMessage ?? ''),
    ms,
    peakGrowthMb: megabytes(Math.max(0, peakRssBytes - startRssBytes)),
    peakRssMb: megabytes(peakRssBytes),
    spaceIntact: false,
  };
  results.push(row);

  const expected = testCase.expect;
  if (expected.outcome === 'refused') {
    expect(outcome, `${testCase.id}: ${JSON.stringify(outcome)}`).toMatchObject({ status: 'failed', code: expected.code });
    expect(outcome.userMessage).toMatch(expected.message);
    expectPlainMessage(outcome.userMessage!, testCase.name);
  } else {
    expect(outcome, `${testCase.id}: ${JSON.stringify(outcome)}`).toMatchObject({ status: 'ready', pages: expected.pages });
    const documentId = outcome.documentId!;
    await expected.check?.({
      service,
      documentId,
      async search(query) {
        const found = await service.app.search([service.space], query, { k: 5, documentIds: [documentId] });
        return found.hits.map(hit => ({ page: hit.unit.page, text: hit.unit.text }));
      },
    });
  }
  expect(ms, `${testCase.id} took ${ms} ms`).toBeLessThan(maxMs);
  expect(row.peakGrowthMb, `${testCase.id} grew the process by ${row.peakGrowthMb} MB`).toBeLessThan(maxPeakGrowthMb);

  if (profile === 'hanging-converter' && hangingSoffice) {
    // The timeout killed the whole process group: neither the fake soffice nor its child is left.
    const pids = (await readFile(hangingSoffice.pidFile, 'utf8')).trim().split(/\s+/).map(Number);
    expect(pids.filter(isProcessAlive)).toEqual([]);
    expect(outcome.retries).toBe(1);
  }

  await service.expectSpaceIntact();
  row.spaceIntact = true;
}

/**
 * A message for a chat user: names the file, says what to do, and carries no internals (stack
 * frames, library names, ids, paths of the server).
 */
function expectPlainMessage(message: string, fileName: string): void {
  expect(message).toContain(fileName.split('/').pop());
  expect(message).toMatch(/\b(share|split|remove|export|open|save|try|check|ask)\b/i);
  expect(message).not.toMatch(/\bat \S+:\d+|Error:|pdf\.js|pdfjs|soffice|libreoffice\.ts|\/tmp\/|[0-9a-f]{16,}/i);
}
