import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pings } from '../redis-server.ts';
import { freePort, ServiceProcess } from './service-process.ts';

const redisServerPath = '/usr/bin/redis-server';

export type RedisAvailability = { state: 'ready' } | { state: 'missing-in-ci'; reason: string } | { state: 'skip'; reason: string };

/** Fault tests start their own redis-server (never the shared REDIS_URL one, which they would take down). */
export function redisAvailability(environment: Record<string, string | undefined> = process.env): RedisAvailability {
  if (existsSync(redisServerPath)) return { state: 'ready' };
  const reason = `${redisServerPath} is not installed (apt-get install redis-server)`;
  if (environment.CI === 'true' || environment.CI === '1') return { state: 'missing-in-ci', reason: `CI is set but ${reason}: .ci/run must provide it` };
  return { state: 'skip', reason: `${reason}: skipping the Redis outage test` };
}

export interface RedisProcess {
  url: string;
  server: ServiceProcess;
  dispose(): Promise<void>;
}

/**
 * A private redis-server that keeps its data the way production does (append-only file, fsync on every
 * write, so even a SIGKILL loses nothing) and can be killed and started again on the same port and dir.
 */
export async function startRedisProcess(): Promise<RedisProcess> {
  const directory = await mkdtemp(join(tmpdir(), 'folio-faults-redis-'));
  const port = await freePort();
  const server = new ServiceProcess({
    name: 'redis-server',
    command: redisServerPath,
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', directory],
    ready: () => pings(port),
    readyTimeoutMs: 15_000,
  });
  await server.start();
  return {
    url: `redis://127.0.0.1:${port}`,
    server,
    async dispose() {
      await server.kill('SIGTERM');
      await rm(directory, { recursive: true, force: true });
    },
  };
}
