import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { environmentVariables } from '../../src/config-environment.ts';
import { loadConfig } from '../../src/config.ts';

// Docker is not available where the tests run: these tests read docker-compose.yml and the Dockerfile
// as data and check what can be checked without building or starting them.

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  env_file?: string | string[];
  volumes?: string[];
  profiles?: string[];
  healthcheck?: { disable?: boolean; test?: string[] };
  depends_on?: Record<string, { condition: string }>;
}

// Compose supports YAML merge keys (`<<: *anchor`); the file uses them to share the Folio settings.
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
const { api, worker, redis, weaviate, docling } = compose.services;

/** `${NAME:?message}` and `${NAME:-default}` as `docker compose` would fill them from .env (a missing required one left empty). */
function interpolate(value: string, environment: Record<string, string>): string {
  return value.replace(
    /\$\{(\w+)(?::([?-])([^}]*))?\}/g,
    (_, name: string, operator?: string, fallback?: string) => environment[name] || (operator === '-' ? (fallback ?? '') : ''),
  );
}
const filled = (service: ComposeService, environment: Record<string, string>) =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), environment)]));

describe('docker-compose.yml', () => {
  it('runs the API and the workers from the Folio image with the shared data volume and .env', () => {
    for (const service of [api, worker]) {
      expect(service.build).toBe('.');
      expect(service.image).toBe('folio:latest');
      expect(service.env_file).toBe('.env');
      expect(service.volumes).toEqual(['folio-data:/data']);
      expect(service.depends_on).toMatchObject({ redis: { condition: 'service_healthy' }, weaviate: { condition: 'service_healthy' } });
      expect(service.environment).toMatchObject({ FOLIO_DATA_DIR: '/data', REDIS_URL: 'redis://redis:6379', WEAVIATE_URL: 'http://weaviate:8080' });
    }
    expect(api.command).toEqual(['node', 'bin/folio.js', 'serve']);
    expect(worker.command).toEqual(['node', 'bin/folio.js', 'worker']);
    expect(api.environment?.FOLIO_HOST).toBe('0.0.0.0');
    // Required: without it `docker compose up` stops with the message instead of starting an open API.
    expect(api.environment?.FOLIO_API_KEY).toMatch(/^\$\{FOLIO_API_KEY:\?.+\}$/);
    expect(worker.healthcheck).toEqual({ disable: true });
    expect(Object.keys(compose.volumes).sort()).toEqual(['folio-data', 'redis-data', 'weaviate-data', 'weaviate-node2-data', 'weaviate-node3-data']);
  });

  it('runs Redis 7 that keeps its data and never evicts queue keys, and Weaviate 1.39 behind an API key without a vectorizer', () => {
    expect(redis.image).toBe('redis:7');
    expect(redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction']));
    expect(redis.volumes).toEqual(['redis-data:/data']);
    expect(redis.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(weaviate.image).toMatch(/^cr\.weaviate\.io\/semitechnologies\/weaviate:1\.39\.\d+$/);
    expect(weaviate.environment).toMatchObject({
      AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
      AUTHENTICATION_APIKEY_ENABLED: 'true',
      DEFAULT_VECTORIZER_MODULE: 'none',
      PERSISTENCE_DATA_PATH: '/var/lib/weaviate',
    });
    // The key Weaviate accepts is the key Folio sends.
    expect(weaviate.environment?.AUTHENTICATION_APIKEY_ALLOWED_KEYS).toMatch(/^\$\{WEAVIATE_API_KEY[:}]/);
    expect(api.environment?.WEAVIATE_API_KEY).toMatch(/^\$\{WEAVIATE_API_KEY[:}]/);
    expect(weaviate.volumes).toEqual(['weaviate-data:/var/lib/weaviate']);
  });

  it('runs one Weaviate node by default and three under the cluster profile, with Folio keeping three copies at QUORUM', () => {
    const dotEnv = { FOLIO_API_KEY: 'a-long-enough-api-key-0123', WEAVIATE_API_KEY: 'weaviate-key-0123456789' };
    const clusterEnv = { ...dotEnv, WEAVIATE_RAFT_JOIN: 'node1,node2,node3', WEAVIATE_RAFT_BOOTSTRAP_EXPECT: '3', WEAVIATE_REPLICATION_FACTOR: '3' };
    const nodes = [weaviate, compose.services['weaviate-node2'], compose.services['weaviate-node3']];
    // Without the profile only node 1 starts, and on its own.
    expect(weaviate.profiles).toBeUndefined();
    expect(filled(weaviate, dotEnv)).toMatchObject({ CLUSTER_HOSTNAME: 'node1', RAFT_JOIN: 'node1', RAFT_BOOTSTRAP_EXPECT: '1' });
    expect(loadConfig(filled(api, dotEnv)).weaviate).toMatchObject({ replicationFactor: undefined, consistencyLevel: undefined });

    // With it: three distinct nodes that expect each other, the same image, keys and data layout, each its own volume.
    for (const node of nodes.slice(1)) {
      expect(node.profiles).toEqual(['cluster']);
      expect(node.image).toBe(weaviate.image);
      expect(node.command).toEqual(weaviate.command);
      expect(node.healthcheck).toEqual(weaviate.healthcheck);
      expect(filled(node, clusterEnv).CLUSTER_JOIN).toBe('weaviate:7946');
    }
    const environments = nodes.map(node => filled(node, clusterEnv));
    expect(environments.map(environment => environment.CLUSTER_HOSTNAME)).toEqual(['node1', 'node2', 'node3']);
    const membership = new Set(['CLUSTER_HOSTNAME', 'CLUSTER_JOIN', 'RAFT_JOIN', 'RAFT_BOOTSTRAP_EXPECT']);
    const shared = (environment: Record<string, string>) => Object.fromEntries(Object.entries(environment).filter(([name]) => !membership.has(name)));
    for (const environment of environments) {
      expect(environment).toMatchObject({
        RAFT_JOIN: 'node1,node2,node3',
        RAFT_BOOTSTRAP_EXPECT: '3',
        AUTHENTICATION_APIKEY_ALLOWED_KEYS: dotEnv.WEAVIATE_API_KEY,
        PERSISTENCE_DATA_PATH: '/var/lib/weaviate',
      });
      expect(shared(environment)).toEqual(shared(environments[0]));
    }
    expect(new Set(nodes.map(node => node.volumes?.[0]?.split(':')[0])).size).toBe(3);
    // Folio talks to node 1 and keeps three copies, read and written at QUORUM (one node may be down).
    for (const service of [api, worker]) {
      expect(loadConfig(filled(service, clusterEnv)).weaviate).toMatchObject({ url: 'http://weaviate:8080', replicationFactor: 3, consistencyLevel: 'QUORUM' });
    }
  });

  it('offers docling-serve only under a profile', () => {
    expect(docling.image).toMatch(/docling-serve/);
    expect(docling.profiles).toEqual(['docling']);
    expect(api.depends_on).not.toHaveProperty('docling');
  });

  it('sets only variables Folio knows, with values its config accepts', () => {
    const known = new Set(environmentVariables);
    expect(known.size).toBeGreaterThan(30);
    const dotEnv = { FOLIO_API_KEY: 'a-long-enough-api-key-0123', WEAVIATE_API_KEY: 'weaviate-key-0123456789' };
    for (const service of [api, worker]) {
      const environment = Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), dotEnv)]));
      expect(Object.keys(environment).filter(name => !known.has(name))).toEqual([]);
      const config = loadConfig(environment);
      expect(config.queue.redisUrl).toBe('redis://redis:6379');
      expect(config.weaviate).toEqual({ url: 'http://weaviate:8080', apiKey: dotEnv.WEAVIATE_API_KEY, grpcPort: 50051 });
      expect(config.dataDir).toBe('/data');
    }
    expect(
      loadConfig(Object.fromEntries(Object.entries(api.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), dotEnv)]))).server,
    ).toMatchObject({
      host: '0.0.0.0',
      port: 3000,
      apiKey: dotEnv.FOLIO_API_KEY,
    });
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter(line => line.trim() && !line.trim().startsWith('#'));
  const healthcheck = instructions.find(line => line.startsWith('HEALTHCHECK'))!;

  it('builds in stages on Node 22 LTS, installs production dependencies only and runs as a non-root user', () => {
    const stages = instructions.filter(line => line.startsWith('FROM'));
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage).toMatch(/^FROM node:22[-.\w]* AS \w+/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/COPY --from=dependencies \/app\/node_modules/);
    const user = instructions.filter(line => line.startsWith('USER')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/USER (root|0)\b/);
    expect(instructions.at(-1)).toBe('CMD ["node", "bin/folio.js", "serve"]');
  });

  it('installs LibreOffice and the fonts office conversion needs', () => {
    for (const name of ['libreoffice-writer', 'libreoffice-impress', 'fonts-dejavu', 'fonts-liberation', 'fonts-noto-cjk']) {
      expect(dockerfile).toMatch(new RegExp(`\\b${name}\\b`));
    }
  });

  it('copies only paths that exist, and runs TypeScript with tsx from the production dependencies', () => {
    const copied = instructions.filter(line => line.startsWith('COPY') && !line.includes('--from')).flatMap(line => line.split(/\s+/).slice(1, -1));
    expect(copied.length).toBeGreaterThan(3);
    for (const path of copied) expect(existsSync(`${root}${path}`), path).toBe(true);
    expect(read('bin/folio.js')).toMatch(/from 'tsx\/esm\/api'/);
    const packageJson = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    expect(packageJson.dependencies.tsx).toBeDefined();
  });

  describe('HEALTHCHECK', () => {
    const command = JSON.parse(healthcheck.slice(healthcheck.indexOf('CMD') + 3).trim()) as string[];
    let server: Server | undefined;
    afterEach(() => new Promise<void>(resolve => (server ? server.close(() => resolve()) : resolve())));

    /** Runs the image's check on this machine, against a fake API on a free port. */
    function runCheck(port: number): Promise<number> {
      expect(command.slice(0, 2)).toEqual(['node', '-e']);
      return new Promise(resolve => {
        execFile(process.execPath, command.slice(1), { env: { ...process.env, FOLIO_PORT: String(port) }, timeout: 15_000 }, error =>
          resolve(error ? Number(error.code ?? 1) : 0),
        );
      });
    }
    async function fakeApi(status: number): Promise<number> {
      server = createServer((request, response) => {
        response.writeHead(request.url === '/healthz' ? status : 404).end('{}');
      });
      await new Promise<void>(resolve => server!.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    }

    it('passes when /healthz answers 200 and fails on an error status or when nothing listens', async () => {
      expect(healthcheck).toMatch(/--interval=\d+s/);
      expect(command.join(' ')).toContain('/healthz');
      expect(await runCheck(await fakeApi(200))).toBe(0);
      await new Promise<void>(resolve => server!.close(() => resolve()));
      expect(await runCheck(await fakeApi(503))).toBe(1);
      const port = (server!.address() as AddressInfo).port;
      await new Promise<void>(resolve => server!.close(() => resolve()));
      server = undefined;
      expect(await runCheck(port)).toBe(1);
    });
  });
});
