import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { createTeamsAdapter } from '../../../adapters/teams/index.ts';
import type { SurfaceAdapter } from '../../../adapters/types.ts';
import { createFolio, type FolioOverrides } from '../../../src/folio.ts';
import type { Folio } from '../../../src/folio-api.ts';
import { loadConfig } from '../../../src/config.ts';
import { FakeBotConnector } from '../../fakes/fake-bot-connector.ts';
import { FakeGraph } from '../../fakes/fake-graph.ts';

export const tenantId = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const botId = '28:0f6a1b2c-3d4e-4f50-8a9b-0c1d2e3f4a5b';
export const graphCredentials = { clientId: '0f6a1b2c-3d4e-4f50-8a9b-0c1d2e3f4a5b', clientSecret: 'fake-client-secret' };

/**
 * The Teams adapter as `folio serve` runs it, with nothing external: a Folio app on a temporary data dir
 * (offline models, in-process queue, workers running), the adapter mounted on an express app with
 * authentication disabled (no app id), activities whose `serviceUrl` is a fake Bot Connector, and a fake
 * Graph plus token endpoint for channel and chat files.
 */
export interface TeamsHarness {
  app: Folio;
  adapter: SurfaceAdapter;
  connector: FakeBotConnector;
  graph: FakeGraph;
  /** POSTs an activity to /api/messages as Teams would; resolves with the HTTP status and JSON body. */
  post(activity: Record<string, unknown>): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** `folio` replaces parts of the Folio app (e.g. a scripted language model instead of the offline one). */
export async function startTeamsHarness(options: { folio?: FolioOverrides } = {}): Promise<TeamsHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-teams-'));
  const connector = await FakeBotConnector.start();
  const graph = await FakeGraph.start(graphCredentials);
  const config = loadConfig({
    FOLIO_DATA_DIR: dataDir,
    FOLIO_LOG_LEVEL: 'silent',
    FOLIO_OCR: 'off',
    FOLIO_PARSE_WORKERS: '1',
    TEAMS_ENABLED: 'on',
    GRAPH_API_URL: graph.graphUrl,
    TEAMS_FILE_HOSTS: '127.0.0.1,*.sharepoint.com',
  });
  const app = createFolio(config, options.folio);
  await app.startWorkers();
  const adapter = await createTeamsAdapter(app, config.teams!, app.log, {
    tokenUrl: graph.tokenUrl,
    graphCredentials,
    allowInsecureLoopbackDownloads: true,
    progressIntervalMs: 50,
    streamIntervalMs: 20,
    ingestWaitMs: 60_000,
  });
  const server = express();
  adapter.routes(server);
  await adapter.start();
  const listener: Server = await new Promise(resolve => {
    const started = server.listen(0, '127.0.0.1', () => resolve(started));
  });
  const messagesUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/api/messages`;

  return {
    app,
    adapter,
    connector,
    graph,
    async post(activity) {
      const response = await fetch(messagesUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
      const raw = await response.text();
      return { status: response.status, body: raw ? JSON.parse(raw) : undefined };
    },
    async close() {
      await adapter.stop();
      await new Promise<void>(resolve => listener.close(() => resolve()));
      await app.close();
      await Promise.all([connector.close(), graph.close()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
