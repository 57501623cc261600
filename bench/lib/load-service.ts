import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redisForTests } from '../../test/support/redis-server.ts';
import { stopChild, waitForOutput } from './folio-child.ts';

const folioBin = fileURLToPath(new URL('../../bin/folio.js', import.meta.url));

export type LoadMode = 'in-process' | 'bullmq';

export interface LoadProcess {
  role: 'serve' | 'worker';
  pid: number;
}

export interface LoadService {
  mode: LoadMode;
  /** http://127.0.0.1:PORT (no trailing slash). */
  baseUrl: string;
  processes: LoadProcess[];
  /** SIGTERM to every process, wait for them, stop Redis, remove the data dir. */
  stop(): Promise<void>;
}

/**
 * The real service as an operator runs it: `folio serve` in a child process (in-process ingest), or
 * `folio serve` plus `workers` × `folio worker` on a redis-server started for the run (BullMQ), all on
 * one fresh data dir and on loopback only. `environment` carries the model, Slack and limit settings.
 */
export async function startLoadService(options: {
  mode: LoadMode;
  workers: number;
  environment: Record<string, string>;
  log?: (line: string) => void;
}): Promise<LoadService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-load-'));
  const children: Array<{ role: LoadProcess['role']; child: ChildProcess; output: () => string }> = [];
  let stopRedis: () => Promise<void> = async () => undefined;
  const stop = async () => {
    await Promise.all(children.map(({ child }) => stopChild(child)));
    await stopRedis();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const environment: Record<string, string> = { ...options.environment, FOLIO_DATA_DIR: dataDir, FOLIO_HOST: '127.0.0.1', FOLIO_PORT: '0' };
    if (options.mode === 'bullmq') {
      const redis = await redisForTests({ ...process.env, REDIS_URL: '' });
      if (redis.state !== 'ready') throw new Error(`BullMQ mode needs Redis: ${redis.reason}`);
      stopRedis = redis.stop;
      environment.REDIS_URL = redis.url;
    }
    const serve = launch('serve', environment);
    children.push(serve);
    const url = await waitForOutput(serve, /Folio is running: (http:\/\/127\.0\.0\.1:\d+)\//, 60_000);
    if (options.mode === 'bullmq') {
      for (let index = 0; index < options.workers; index++) children.push(launch('worker', environment));
      await Promise.all(children.filter(entry => entry.role === 'worker').map(worker => waitForOutput(worker, /waiting for ingest jobs/, 60_000)));
    }
    options.log?.(
      `[bench:load] ${options.mode}: folio serve at ${url}${options.mode === 'bullmq' ? ` with ${options.workers} folio worker processes on ${environment.REDIS_URL}` : ''}`,
    );
    return { mode: options.mode, baseUrl: url, processes: children.map(({ role, child }) => ({ role, pid: child.pid! })), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function launch(role: LoadProcess['role'], environment: Record<string, string>) {
  const child = spawn(process.execPath, [folioBin, role], {
    // A worker says it is ready in an info line; serve prints its summary whatever the level.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), FOLIO_LOG_LEVEL: role === 'worker' ? 'info' : 'warn', ...environment },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', chunk => (output = (output + chunk).slice(-20_000)));
  // The bench may be interrupted: never leave a server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return { role, child, output: () => output };
}
