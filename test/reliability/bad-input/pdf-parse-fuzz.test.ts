import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBrokenPageEntriesPdf } from '../../support/hostile/broken-pdfs.ts';
import type { FuzzLine } from './support/pdf-fuzz-protocol.ts';

/**
 * Fuzzing the PDF parse path (FUZZ: a bounded, seeded run that is part of `npm test`). Valid generated
 * PDFs (pdf-lib with object streams, a classic xref table, tables/charts/images/a scan, a hand-written
 * font encoding, an outline, RC4 encryption) get random flips, inserts, deletes, truncations and
 * PDF-token overwrites, and each result goes through detection, pdf.js, layout and the tree in a
 * child process with a capped heap, as a Folio process would run it. Every result must be a parsed
 * document or a FolioError with a known code: no other error, no crash (an unhandled rejection ends a
 * Node process), no hang, and bounded memory. Reproduce a failure with the seed it prints:
 *   FUZZ_SEED=<seed> FUZZ_ITERATIONS=<n> npx vitest run test/reliability/bad-input/pdf-parse-fuzz.test.ts
 * or one iteration alone (its file is kept in the temp dir):
 *   node bin/run-ts.js test/reliability/bad-input/support/pdf-fuzz-child.ts fuzz <seed> <iteration + 1> <iteration>
 */

const childScript = fileURLToPath(new URL('./support/pdf-fuzz-child.ts', import.meta.url));
const runTs = fileURLToPath(new URL('../../../bin/run-ts.js', import.meta.url));
const seed = Number(process.env.FUZZ_SEED ?? 20_261_129);
const iterations = Number(process.env.FUZZ_ITERATIONS ?? 300);
/** The child's V8 heap; pdf.js's decoded images and canvases live outside it, hence the RSS bound too. */
const maxOldSpaceMb = 512;
const maxRssMb = 1500;
/** No line from the child for this long is a hang. */
const stallMs = 20_000;
/** What a damaged PDF may be reported as. */
const knownCodes = new Set(['pdf_unreadable', 'pdf_encrypted', 'pdf_no_pages', 'file_mislabeled', 'file_unsupported', 'file_empty', 'file_too_large']);

interface ChildRun {
  lines: FuzzLine[];
  exitCode: number | null;
  /** Set when the child went silent for stallMs and was killed. */
  stalledAfter?: FuzzLine;
  stderr: string;
}

function runChild(args: string[]): Promise<ChildRun> {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [`--max-old-space-size=${maxOldSpaceMb}`, runTs, childScript, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FOLIO_LOG_LEVEL: 'silent' },
    });
    const lines: FuzzLine[] = [];
    let buffered = '';
    let stderr = '';
    let stalledAfter: FuzzLine | undefined;
    let watchdog: NodeJS.Timeout;
    const arm = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalledAfter = lines.at(-1) ?? { type: 'done', maxRssMb: 0 };
        child.kill('SIGKILL');
      }, stallMs);
    };
    arm();
    child.stdout.on('data', (chunk: Buffer) => {
      arm();
      buffered += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line.startsWith('{')) lines.push(JSON.parse(line) as FuzzLine);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
    child.on('close', exitCode => {
      clearTimeout(watchdog);
      resolve({ lines, exitCode, stalledAfter, stderr });
    });
  });
}

/** Everything that went wrong in a run, each naming the seed and iteration to reproduce it. */
function findings(run: ChildRun, label: string): string[] {
  const problems: string[] = [];
  const starts = new Map(run.lines.flatMap(line => (line.type === 'start' ? [[line.iteration, line] as const] : [])));
  const describe = (iteration: number) => `${label}, iteration ${iteration} (${JSON.stringify(starts.get(iteration))})`;
  if (run.stalledAfter) problems.push(`hang: no progress for ${stallMs} ms after ${JSON.stringify(run.stalledAfter)} (${label})`);
  for (const line of run.lines) {
    if (line.type === 'crash') problems.push(`crash (${line.event}) at ${describe(Math.max(...starts.keys()))}: ${line.message}`);
    if (line.type === 'result' && !(line.outcome === 'parsed' || knownCodes.has(line.outcome)))
      problems.push(`${line.outcome} at ${describe(line.iteration)}: ${line.error}`);
    if (line.type === 'result' && line.ms > 10_000) problems.push(`slow: ${line.ms} ms at ${describe(line.iteration)}`);
    if (line.type === 'done' && line.maxRssMb > maxRssMb) problems.push(`memory: peak RSS ${line.maxRssMb} MB (${label})`);
  }
  const results = run.lines.filter(line => line.type === 'result').length;
  if (results !== starts.size) problems.push(`${starts.size - results} iteration(s) started but never finished (${label})`);
  if (run.exitCode !== 0 && !run.stalledAfter) problems.push(`child exited with ${run.exitCode} (${label}): ${run.stderr.slice(-1500)}`);
  if (!run.lines.some(line => line.type === 'done') && problems.length === 0) problems.push(`no "done" line (${label}): ${run.stderr.slice(-1500)}`);
  return problems;
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'folio-fuzz-regressions-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('PDF parse path fuzz (bounded, seeded; runs in a child process)', () => {
  it('survives a PDF whose page-tree prefetch fails unobserved inside pdf.js (a fuzz finding)', async () => {
    const path = join(scratch, 'broken-page-entries.pdf');
    await writeFile(path, await makeBrokenPageEntriesPdf());
    const run = await runChild(['files', path]);
    expect(findings(run, 'regression file')).toEqual([]);
    expect(run.lines).toContainEqual(expect.objectContaining({ type: 'result', outcome: 'parsed', pages: 3 }));
  }, 60_000);

  it(`reads ${iterations} mutated PDFs (seed ${seed}): each parsed or a known FolioError, no crash, hang or runaway memory`, async () => {
    const started = performance.now();
    const run = await runChild(['fuzz', String(seed), String(iterations)]);
    const problems = findings(run, `seed ${seed}`);
    expect(problems, `FUZZ_SEED=${seed} FUZZ_ITERATIONS=${iterations}\n${problems.join('\n')}`).toEqual([]);

    const outcomes = run.lines.flatMap(line => (line.type === 'result' ? [line.outcome] : []));
    expect(outcomes).toHaveLength(iterations);
    // The mutations must reach both sides: documents that still parse and ones that are refused.
    expect(outcomes.filter(outcome => outcome === 'parsed').length).toBeGreaterThan(iterations / 10);
    expect(outcomes.filter(outcome => outcome !== 'parsed').length).toBeGreaterThan(iterations / 10);
    const counts = new Map<string, number>();
    for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    const tally = [...counts].map(([outcome, count]) => `${outcome} ${count}`);
    const done = run.lines.find(line => line.type === 'done');
    console.info(
      `pdf fuzz seed ${seed}: ${tally.join(', ')}; ${Math.round(performance.now() - started)} ms; child peak RSS ${done?.type === 'done' ? done.maxRssMb : '?'} MB`,
    );
  }, 120_000);
});
