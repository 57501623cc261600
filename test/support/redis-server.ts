import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './faults/service-process.ts';

/**
 * The Redis the queue and state tests run against:
 * - REDIS_URL from the environment when set (`.ci/run` starts one and exports it);
 * - else a private `redis-server` started here on a free port, with a temp dir and no persistence;
 * - else, with CI=true, a failure (CI must prove the BullMQ queue works), otherwise a skip with the reason.
 * A shared Redis is never flushed: tests use key prefixes of their own (`uniqueRedisPrefix`).
 */
export type RedisTestTarget =
  | { state: 'ready'; url: string; origin: 'REDIS_URL' | 'started'; stop(): Promise<void> }
  | { state: 'missing-in-ci'; reason: string }
  | { state: 'skip'; reason: string };

const redisServerPath = '/usr/bin/redis-server';

export async function redisForTests(environment: Record<string, string | undefined> = process.env): Promise<RedisTestTarget> {
  const fromEnvironment = environment.REDIS_URL?.trim();
  if (fromEnvironment) return { state: 'ready', url: fromEnvironment, origin: 'REDIS_URL', stop: async () => undefined };
  const inCi = environment.CI === 'true' || environment.CI === '1';
  if (!existsSync(redisServerPath)) {
    const reason = `REDIS_URL is not set and ${redisServerPath} is not installed (apt-get install redis-server)`;
    return inCi
      ? { state: 'missing-in-ci', reason: `CI is set but ${reason}: .ci/run must provide Redis.` }
      : { state: 'skip', reason: `${reason}: skipping the Redis tests.` };
  }
  try {
    return await startRedisServer();
  } catch (error) {
    const reason = `could not start ${redisServerPath}: ${error instanceof Error ? error.message : String(error)}`;
    return inCi ? { state: 'missing-in-ci', reason } : { state: 'skip', reason: `${reason}; skipping the Redis tests.` };
  }
}

/** A key prefix no other test (or concurrent test run on a shared Redis) uses. */
export function uniqueRedisPrefix(label: string): string {
  return `folio-test-${label}-${randomBytes(4).toString('hex')}`;
}

async function startRedisServer(): Promise<RedisTestTarget> {
  let lastError: unknown;
  // A free port can be taken by someone else before redis-server binds it: try a few.
  for (let tries = 0; tries < 3; tries += 1) {
    const port = await freePort();
    const directory = await mkdtemp(join(tmpdir(), 'folio-redis-'));
    const child = spawn(redisServerPath, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', directory], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', chunk => (output = (output + chunk).slice(-2000)));
    child.stderr?.on('data', chunk => (output = (output + chunk).slice(-2000)));
    // The test process may end without calling stop() (a crash, a timeout): never leave a server behind.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    const stop = async () => {
      process.off('exit', killOnExit);
      await stopChild(child);
      await rm(directory, { recursive: true, force: true });
    };
    try {
      await waitForPong(port, child, 10_000);
      return { state: 'ready', url: `redis://127.0.0.1:${port}`, origin: 'started', stop };
    } catch (error) {
      lastError = new Error(`${error instanceof Error ? error.message : String(error)}; redis-server said: ${output.trim().split('\n').slice(-3).join(' | ')}`);
      await stop();
    }
  }
  throw lastError;
}

async function waitForPong(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    if (await pings(port)) return;
    await new Promise(resolve => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer PING on port ${port} within ${timeoutMs} ms`);
}

/** One raw RESP PING: no client library, so nothing retries or logs while the server starts. */
export function pings(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', data => done(data.toString().startsWith('+PONG')));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>(resolve => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}

/** Deletes every key under `prefix` (a test's own BullMQ prefix), leaving the rest of a shared Redis alone. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const stream = client.scanStream({ match: `${prefix.replace(/[*?[\]\\]/g, character => `\\${character}`)}*`, count: 1000 });
    for await (const keys of stream as AsyncIterable<string[]>) if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}
