import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { environmentVariables } from './config-environment.ts';
import { loadConfig } from './config.ts';
import { localModelPaths } from './models/local/local-model-files.ts';

/** A models directory holding (empty stand-ins for) the named fetched files. */
async function modelsDirWith(files: Array<(paths: ReturnType<typeof localModelPaths>) => string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-models-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  for (const file of files) {
    const path = file(localModelPaths(dir));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, '');
  }
  return dir;
}

describe('loadConfig', () => {
  it('runs offline on an empty environment, bound to loopback with the in-process queue', () => {
    const config = loadConfig({});
    expect(config.models.provider).toBe('offline');
    expect(config.server).toMatchObject({ host: '127.0.0.1', port: 3000 });
    expect(config.queue.redisUrl).toBeUndefined();
    expect(config.slack).toBeUndefined();
    expect(config.teams).toBeUndefined();
  });

  it("listens on the platform's PORT when FOLIO_PORT is not set, and FOLIO_PORT wins over it", () => {
    expect(loadConfig({ PORT: '8080' }).server.port).toBe(8080);
    expect(loadConfig({ PORT: '8080', FOLIO_PORT: '9090' }).server.port).toBe(9090);
    expect(loadConfig({ PORT: '' }).server.port).toBe(3000);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('picks the model provider from what is configured', () => {
    expect(loadConfig({ GEMINI_API_KEY: 'k' }).models).toMatchObject({
      provider: 'gemini',
      gemini: { chatModel: 'gemini-3.5-flash', embeddingModel: 'gemini-embedding-001', embeddingDimensions: 768 },
    });
    expect(loadConfig({ OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_CHAT_MODEL: 'qwen3:8b' }).models.provider).toBe('openai');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ FOLIO_PORT: 'eighty' })).toThrow(/FOLIO_PORT/);
    expect(() => loadConfig({ FOLIO_MODEL_PROVIDER: 'gemini' })).toThrow(/GEMINI_API_KEY/);
    expect(() => loadConfig({ OPENAI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/OPENAI_CHAT_MODEL/);
    expect(() => loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1' })).toThrow(/SLACK_SIGNING_SECRET/);
    expect(() => loadConfig({ SLACK_CLIENT_ID: 'x', SLACK_SIGNING_SECRET: 's' })).toThrow(/SLACK_CLIENT_SECRET/);
    expect(() => loadConfig({ FOLIO_API_KEY: 'short' })).toThrow(/FOLIO_API_KEY/);
    expect(() => loadConfig({ TEAMS_APP_ID: 'id' })).toThrow(/TEAMS_APP_PASSWORD/);
  });

  it('replicates Weaviate collections as configured, with QUORUM reads and writes by default when there are several copies', () => {
    const url = 'http://weaviate:8080';
    expect(loadConfig({ WEAVIATE_URL: url }).weaviate).toMatchObject({ replicationFactor: undefined, consistencyLevel: undefined });
    expect(loadConfig({ WEAVIATE_URL: url, WEAVIATE_REPLICATION_FACTOR: '1' }).weaviate).toMatchObject({ replicationFactor: 1, consistencyLevel: undefined });
    expect(loadConfig({ WEAVIATE_URL: url, WEAVIATE_REPLICATION_FACTOR: '3' }).weaviate).toMatchObject({ replicationFactor: 3, consistencyLevel: 'QUORUM' });
    expect(loadConfig({ WEAVIATE_URL: url, WEAVIATE_REPLICATION_FACTOR: '3', WEAVIATE_CONSISTENCY_LEVEL: 'ONE' }).weaviate?.consistencyLevel).toBe('ONE');
    expect(loadConfig({ WEAVIATE_URL: url, WEAVIATE_CONSISTENCY_LEVEL: 'ALL' }).weaviate?.consistencyLevel).toBe('ALL');
    expect(() => loadConfig({ WEAVIATE_URL: url, WEAVIATE_REPLICATION_FACTOR: '0' })).toThrow(/WEAVIATE_REPLICATION_FACTOR/);
    expect(() => loadConfig({ WEAVIATE_URL: url, WEAVIATE_REPLICATION_FACTOR: '2.5' })).toThrow(/WEAVIATE_REPLICATION_FACTOR/);
    expect(() => loadConfig({ WEAVIATE_URL: url, WEAVIATE_CONSISTENCY_LEVEL: 'MOST' })).toThrow(/WEAVIATE_CONSISTENCY_LEVEL/);
  });

  it('deactivates idle Weaviate tenants only when WEAVIATE_TENANT_IDLE_MINUTES is set above 0', () => {
    const url = 'http://weaviate:8080';
    expect(loadConfig({ WEAVIATE_URL: url }).weaviate?.tenantIdleMs).toBeUndefined();
    expect(loadConfig({ WEAVIATE_URL: url, WEAVIATE_TENANT_IDLE_MINUTES: '0' }).weaviate?.tenantIdleMs).toBeUndefined();
    expect(loadConfig({ WEAVIATE_URL: url, WEAVIATE_TENANT_IDLE_MINUTES: '30' }).weaviate?.tenantIdleMs).toBe(1_800_000);
    expect(loadConfig({ WEAVIATE_URL: url, WEAVIATE_TENANT_IDLE_MINUTES: '0.5' }).weaviate?.tenantIdleMs).toBe(30_000);
    expect(() => loadConfig({ WEAVIATE_URL: url, WEAVIATE_TENANT_IDLE_MINUTES: '-1' })).toThrow(/WEAVIATE_TENANT_IDLE_MINUTES/);
    expect(() => loadConfig({ WEAVIATE_URL: url, WEAVIATE_TENANT_IDLE_MINUTES: 'soon' })).toThrow(/WEAVIATE_TENANT_IDLE_MINUTES/);
  });

  it('enables Slack and Teams only when configured', () => {
    const config = loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's', TEAMS_ENABLED: 'on' });
    expect(config.slack).toMatchObject({ botToken: 'xoxb-1', fileHosts: ['files.slack.com', 'files-edge.slack.com', 'files-origin.slack.com'] });
    expect(config.teams?.appId).toBeUndefined();
  });

  it('picks fetched local models under auto (the larger chat model first), after Gemini and OpenAI-compatible', async () => {
    const both = await modelsDirWith([paths => paths.chat.small, paths => paths.chat.large, paths => paths.embedding.model]);
    const local = loadConfig({ FOLIO_MODELS_DIR: both });
    expect(local.models.provider).toBe('local');
    expect(local.models.local).toEqual({
      chatModelPath: localModelPaths(both).chat.large,
      embeddingModelPath: localModelPaths(both).embedding.model,
      threads: undefined,
    });
    expect(local.ask.contextTokens).toBe(2000);
    expect(loadConfig({ FOLIO_MODELS_DIR: both, FOLIO_CONTEXT_TOKENS: '3000' }).ask.contextTokens).toBe(3000);
    expect(loadConfig({ FOLIO_MODELS_DIR: both, GEMINI_API_KEY: 'k' }).models.provider).toBe('gemini');
    expect(loadConfig({ FOLIO_MODELS_DIR: both, OPENAI_BASE_URL: 'http://localhost:1/v1', OPENAI_CHAT_MODEL: 'm' }).models.provider).toBe('openai');
    expect(loadConfig({ FOLIO_MODELS_DIR: both, FOLIO_MODEL_PROVIDER: 'offline' }).models.local).toBeUndefined();
    const small = await modelsDirWith([paths => paths.chat.small]);
    expect(loadConfig({ FOLIO_MODELS_DIR: small }).models.local).toMatchObject({
      chatModelPath: localModelPaths(small).chat.small,
      embeddingModelPath: undefined,
    });
    const embeddingOnly = loadConfig({ FOLIO_MODELS_DIR: both, FOLIO_LOCAL_CHAT_MODEL: 'off' });
    expect(embeddingOnly.models.local).toMatchObject({ chatModelPath: undefined, embeddingModelPath: localModelPaths(both).embedding.model });
  });

  it('says how to get local models when they are asked for and missing', async () => {
    const empty = await modelsDirWith([]);
    expect(loadConfig({ FOLIO_MODELS_DIR: empty }).models.provider).toBe('offline');
    expect(() => loadConfig({ FOLIO_MODELS_DIR: empty, FOLIO_MODEL_PROVIDER: 'local' })).toThrow(
      /FOLIO_MODEL_PROVIDER=local: no local model in .*npm run models:fetch/s,
    );
    expect(() => loadConfig({ FOLIO_MODELS_DIR: empty, FOLIO_LOCAL_CHAT_MODEL: join(empty, 'nope.gguf') })).toThrow(
      /FOLIO_LOCAL_CHAT_MODEL: no file at .*nope\.gguf/,
    );
  });

  it('configures OpenAI-compatible embeddings without a chat model, and the step deadlines', () => {
    const embeddings = loadConfig({ OPENAI_BASE_URL: 'http://localhost:1/v1', OPENAI_EMBEDDING_MODEL: 'bge-m3' });
    expect(embeddings.models.openai).toMatchObject({ chatModel: undefined, embeddingModel: 'bge-m3' });
    expect(() => loadConfig({ OPENAI_BASE_URL: 'http://localhost:1/v1' })).toThrow(/OPENAI_CHAT_MODEL/);
    expect(loadConfig({}).ask).toMatchObject({ contextTokens: 8000, planTimeoutMs: 20_000, answerTimeoutMs: 90_000 });
    expect(loadConfig({ FOLIO_PLAN_TIMEOUT_S: '45', FOLIO_ANSWER_TIMEOUT_S: '300' }).ask).toMatchObject({ planTimeoutMs: 45_000, answerTimeoutMs: 300_000 });
    expect(loadConfig({}).ask.modelAnswer).toBe('auto');
    expect(loadConfig({ FOLIO_MODEL_ANSWER: 'choose' }).ask.modelAnswer).toBe('choose');
    expect(() => loadConfig({ FOLIO_MODEL_ANSWER: 'guess' })).toThrow(/FOLIO_MODEL_ANSWER/u);
  });

  it('documents every variable in .env.example', async () => {
    const example = await readFile(new URL('../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gmu)].map(match => match[1]));
    expect(environmentVariables.filter(name => !documented.has(name))).toEqual([]);
  });
});
