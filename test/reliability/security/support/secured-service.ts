import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSlackAdapter, type SlackSurfaceAdapter } from '../../../../adapters/slack/index.ts';
import { createTeamsAdapter } from '../../../../adapters/teams/index.ts';
import type { SurfaceAdapter } from '../../../../adapters/types.ts';
import { createWebApp, startWebServer, type WebServer } from '../../../../adapters/web/index.ts';
import { createFolio } from '../../../../src/folio.ts';
import type { Folio } from '../../../../src/folio-api.ts';
import { loadConfig } from '../../../../src/config.ts';
import { FakeGeminiServer } from '../../../fakes/fake-gemini-server.ts';
import { FakeSlackApi } from '../../../fakes/fake-slack-api.ts';
import { tenantId } from '../../../teams/support/teams-harness.ts';
import { capturePino, type CapturedLog } from './capture-pino.ts';
import { FakeOpenIdProvider } from './fake-openid-provider.ts';
import type { ModelRequestText } from './model-behaviours.ts';

/** Every credential the service is configured with: none may reach a log line or a model prompt. */
export const serviceSecrets = {
  FOLIO_API_KEY: 'folio-api-key-7c1e9a54d2b84f0e',
  GEMINI_API_KEY: 'gemini-key-AIzaSyFAKE-31d8e2b7c4a9',
  SLACK_BOT_TOKEN: 'xoxb-1234567890-0987654321-SecReTbOtToKeN42',
  SLACK_SIGNING_SECRET: 'slack-signing-secret-5f0b2e8d1c7a',
  TEAMS_APP_PASSWORD: 'teams~client~secret~9Qz8Xy7Wv6Ut',
} as const;

export const teamsAppId = '0f6a1b2c-3d4e-4f50-8a9b-0c1d2e3f4a5b';

export interface SecuredService {
  folio: Folio;
  baseUrl: string;
  slackApi: FakeSlackApi;
  slack: SlackSurfaceAdapter;
  gemini: FakeGeminiServer;
  openId: FakeOpenIdProvider;
  captured: CapturedLog;
  dataDir: string;
  /** fetch relative to the server with the API key. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Folio as `folio serve` composes it (Folio, in-process workers, the web API with FOLIO_API_KEY, the
 * Slack and Teams adapters on the same express app), configured with every kind of credential, logging
 * at trace level into memory. Nothing external: Gemini, Slack and Entra ID are local fakes. The only
 * differences from serve are test seams: plain-http loopback downloads for Slack files, and the Teams
 * adapter's `authority` pointing at a local OpenID provider.
 */
export async function startSecuredService(options: {
  model: (request: ModelRequestText) => string;
  environment?: Record<string, string>;
}): Promise<SecuredService> {
  const captured = capturePino();
  const slackApi = await new FakeSlackApi(serviceSecrets.SLACK_BOT_TOKEN).start();
  const gemini = await FakeGeminiServer.start({
    apiKey: serviceSecrets.GEMINI_API_KEY,
    reply: call => options.model({ system: call.system, prompt: call.text, wantsJson: call.jsonSchema !== undefined }),
  });
  const openId = await FakeOpenIdProvider.start(tenantId);
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-secured-'));
  const config = loadConfig({
    ...serviceSecrets,
    FOLIO_DATA_DIR: dataDir,
    FOLIO_LOG_LEVEL: 'trace',
    FOLIO_OCR: 'off',
    FOLIO_PARSE_WORKERS: '1',
    FOLIO_MODEL_MAX_RETRIES: '1',
    FOLIO_MODEL_TIMEOUT_S: '10',
    GEMINI_BASE_URL: gemini.url,
    GEMINI_EMBEDDING_DIMENSIONS: '64',
    SLACK_API_URL: slackApi.apiUrl,
    SLACK_FILE_HOSTS: slackApi.host,
    TEAMS_APP_ID: teamsAppId,
    TEAMS_APP_TENANT_ID: tenantId,
    ...options.environment,
  });
  const log = captured.log;
  const folio = createFolio(config, { log });
  await folio.startWorkers();
  const app = createWebApp(folio, { log, uploadDir: join(dataDir, 'uploads') });
  const slack = await createSlackAdapter(folio, config.slack!, log, {
    allowInsecureLoopbackDownloads: true,
    progressIntervalMs: 30,
    webClientOptions: { retryConfig: { retries: 2, factor: 1, minTimeout: 10, maxTimeout: 50 } },
  });
  const teams = await createTeamsAdapter(folio, config.teams!, log, { authority: openId.authority });
  const adapters: SurfaceAdapter[] = [slack, teams];
  for (const adapter of adapters) adapter.routes(app);
  const server: WebServer = await startWebServer(app, { host: '127.0.0.1', port: 0, apiKey: config.server.apiKey, log });
  for (const adapter of adapters) await adapter.start();
  const baseUrl = server.url.replace(/\/$/, '');
  return {
    folio,
    baseUrl,
    slackApi,
    slack,
    gemini,
    openId,
    captured,
    dataDir,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('authorization')) headers.set('authorization', `Bearer ${serviceSecrets.FOLIO_API_KEY}`);
      return fetch(`${baseUrl}${path}`, { ...init, headers });
    },
    async close() {
      await server.close(1000);
      for (const adapter of adapters) await adapter.stop();
      await folio.close();
      await Promise.all([slackApi.close(), gemini.close(), openId.close()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
