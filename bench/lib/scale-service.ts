// The API process of bench:scale: the real `folio serve` in a child process on loopback, on a data dir
// that is already filled, offline (a clean environment: no model key can leak in), with an API key.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { stopChild, waitForOutput } from './folio-child.ts';
import { rssOf } from './load-memory.ts';

const folioBin = fileURLToPath(new URL('../../bin/folio.js', import.meta.url));

export interface ScaleService {
  baseUrl: string;
  pid: number;
  /** From spawn to the "Folio is running" line. */
  startMs: number;
  ask(spaceName: string, question: string): Promise<AskSample>;
  /** SIGTERM, then SIGKILL after 15 s. */
  stop(): Promise<void>;
}

export interface AskSample {
  /** Wall time of the request on loopback: offline there are no model calls, so all of it is non-model time. */
  wallMs: number;
  /** The reply's `timings.totalMs` (askQuestion itself; the page index refresh before it is not in it). */
  serverMs?: number;
  /** CPU time of all the API process's threads during the request, from /proc/<pid>/task/<tid>/schedstat. */
  cpuMs?: number;
  outcome: string;
  citations: number;
  /** The API process's RSS right after the reply, in bytes. */
  rssBytes: number;
}

export async function startScaleService(options: { dataDir: string; environment?: Record<string, string>; requestTimeoutMs?: number }): Promise<ScaleService> {
  const apiKey = randomBytes(16).toString('hex');
  const started = performance.now();
  const child = spawn(process.execPath, [folioBin, 'serve'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      FOLIO_DATA_DIR: options.dataDir,
      FOLIO_HOST: '127.0.0.1',
      FOLIO_PORT: '0',
      FOLIO_API_KEY: apiKey,
      FOLIO_LOG_LEVEL: 'warn',
      FOLIO_MODEL_PROVIDER: 'offline',
      ...options.environment,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', chunk => (output = (output + chunk).slice(-20_000)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let baseUrl: string;
  try {
    baseUrl = await waitForOutput({ role: 'serve', child, output: () => output }, /Folio is running: (http:\/\/127\.0\.0\.1:\d+)\//, 120_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const startMs = performance.now() - started;
  const pid = child.pid!;
  const timeoutMs = options.requestTimeoutMs ?? 300_000;

  return {
    baseUrl,
    pid,
    startMs,
    async ask(spaceName, question) {
      const cpuBefore = cpuNanoseconds(pid);
      const requestStarted = performance.now();
      const response = await fetch(`${baseUrl}/v1/spaces/${encodeURIComponent(spaceName)}/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ question }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json()) as {
        outcome?: string;
        citations?: unknown[];
        timings?: { totalMs?: number };
        error?: { code: string; message: string };
      };
      const wallMs = performance.now() - requestStarted;
      const cpuAfter = cpuNanoseconds(pid);
      if (response.status !== 200)
        throw new Error(`ask in ${spaceName}: HTTP ${response.status} ${body.error?.code ?? ''} ${body.error?.message ?? ''}`.trim());
      return {
        wallMs,
        serverMs: body.timings?.totalMs,
        cpuMs: cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / 1e6 : undefined,
        outcome: body.outcome ?? 'unknown',
        citations: body.citations?.length ?? 0,
        rssBytes: rssOf(pid),
      };
    },
    stop: () => stopChild(child),
  };
}

/**
 * CPU time of every thread of a process in nanoseconds (the first field of each task's schedstat), so the
 * BM25 threads count too; undefined where /proc has no schedstat. A thread that ended between two reads
 * drops out of the sum, so only differences over short requests are meaningful.
 */
export function cpuNanoseconds(pid: number): number | undefined {
  try {
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended meanwhile.
      }
    }
    return total;
  } catch {
    return undefined;
  }
}
