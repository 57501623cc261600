import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { silentLogger } from '../../src/log.ts';
import { buildModels } from '../../src/models/build-models.ts';
import { FakeGeminiServer } from '../fakes/fake-gemini-server.ts';
import { fakeReply } from '../fakes/fake-model-server.ts';
import { FakeOpenAIServer } from '../fakes/fake-openai-server.ts';

let gemini: FakeGeminiServer;
let openai: FakeOpenAIServer;
beforeAll(async () => {
  [gemini, openai] = await Promise.all([FakeGeminiServer.start(), FakeOpenAIServer.start()]);
});
afterAll(async () => {
  await Promise.all([gemini.close(), openai.close()]);
});

const build = (environment: Record<string, string>) => buildModels(loadConfig(environment).models, { log: silentLogger() });

describe('buildModels', () => {
  it('offline: no models, no figure describer, and says answers are extractive', () => {
    const built = build({});
    expect(built.models).toEqual({});
    expect(built.figureDescriber).toBeUndefined();
    expect(built.summary).toMatch(
      /^models: offline \(no GEMINI_API_KEY, OPENAI_BASE_URL or local models in .*; answers are extractive; `npm run models:fetch` gets local ones\)$/,
    );
  });

  it('Gemini: chat, vision (the same model by default), 768-dim embeddings and a figure describer that reach the API', async () => {
    const built = build({ GEMINI_API_KEY: 'key', GEMINI_BASE_URL: gemini.url });
    const { language, vision, embedding } = built.models;
    expect(language?.id).toBe('gemini:gemini-3.5-flash');
    expect(vision).toBe(language);
    expect(embedding).toMatchObject({ id: 'gemini:gemini-embedding-001', dimensions: 768 });
    expect(built.figureDescriber?.id).toBe('gemini:gemini-3.5-flash');
    expect(built.summary).toBe(
      'models: gemini: chat gemini:gemini-3.5-flash, embeddings gemini:gemini-embedding-001 (768 dims), figures gemini:gemini-3.5-flash',
    );
    expect((await language!.generate({ prompt: 'hi' })).text).toBe('This is the fake Gemini answer.');
    expect((await embedding!.embed(['hi there'], { task: 'query' }))[0]).toHaveLength(768);
    expect(gemini.requests.map(request => request.headers['x-goog-api-key'])).toEqual(['key', 'key']);
  });

  it('Gemini: a separate vision model and figure descriptions switched off', () => {
    const built = build({ GEMINI_API_KEY: 'key', GEMINI_BASE_URL: gemini.url, GEMINI_VISION_MODEL: 'gemini-3.5-pro', FOLIO_DESCRIBE_FIGURES: 'off' });
    expect(built.models.vision?.id).toBe('gemini:gemini-3.5-pro');
    expect(built.models.vision).not.toBe(built.models.language);
    expect(built.figureDescriber).toBeUndefined();
    expect(built.summary).toMatch(/figure descriptions off$/);
  });

  it('OpenAI-compatible with only a chat model: no vision, no embeddings, no figure descriptions', () => {
    const built = build({ OPENAI_BASE_URL: openai.url, OPENAI_CHAT_MODEL: 'qwen3:8b' });
    expect(built.models.language?.id).toBe('openai:qwen3:8b');
    expect(built.models.language?.acceptsImages).toBe(false);
    expect(built.models.vision).toBeUndefined();
    expect(built.models.embedding).toBeUndefined();
    expect(built.figureDescriber).toBeUndefined();
    expect(built.summary).toBe(
      `models: openai at ${new URL(openai.url).host}: chat openai:qwen3:8b, no embeddings (BM25 and tree only), no figure descriptions (no vision model)`,
    );
  });

  it('OpenAI-compatible with vision and embedding models, sharing one concurrency limit', async () => {
    const built = build({
      OPENAI_BASE_URL: openai.url,
      OPENAI_CHAT_MODEL: 'qwen3:8b',
      OPENAI_VISION_MODEL: 'qwen2.5vl:7b',
      OPENAI_EMBEDDING_MODEL: 'nomic-embed-text',
      OPENAI_EMBEDDING_DIMENSIONS: '128',
      FOLIO_MODEL_CONCURRENCY: '1',
    });
    expect(built.models.vision).toMatchObject({ id: 'openai:qwen2.5vl:7b', acceptsImages: true });
    expect(built.models.embedding).toMatchObject({ id: 'openai:nomic-embed-text', dimensions: 128 });
    expect(built.figureDescriber?.id).toBe('openai:qwen2.5vl:7b');
    openai.requests.length = 0;
    openai.script(fakeReply.text('chat', { delayMs: 150 }), fakeReply.text('vision', { delayMs: 150 }));
    const [chat, vision] = await Promise.all([built.models.language!.generate({ prompt: 'a' }), built.models.vision!.generate({ prompt: 'b' })]);
    expect([chat.text, vision.text]).toEqual(['chat', 'vision']);
    // With one slot, the second call is sent only after the first answered.
    expect(openai.requests[1].receivedAt - openai.requests[0].receivedAt).toBeGreaterThanOrEqual(140);
  });

  it('OpenAI-compatible with only an embedding model: vectors, extractive answers', async () => {
    const built = build({ OPENAI_BASE_URL: openai.url, OPENAI_EMBEDDING_MODEL: 'nomic-embed-text' });
    expect(built.models.language).toBeUndefined();
    expect(built.models.embedding?.id).toBe('openai:nomic-embed-text');
    expect(built.summary).toContain('no chat model (answers are extractive), embeddings openai:nomic-embed-text');
  });

  it('local: the files named, loaded only when first used', () => {
    const built = build({
      FOLIO_MODEL_PROVIDER: 'local',
      FOLIO_LOCAL_CHAT_MODEL: 'package.json',
      FOLIO_LOCAL_EMBEDDING_MODEL: 'package.json',
      FOLIO_MODELS_DIR: '/nonexistent',
    });
    expect(built.models.language).toMatchObject({ id: 'local:package.json', acceptsImages: false });
    expect(built.models.embedding?.id).toMatch(/^local:/u);
    expect(built.models.vision).toBeUndefined();
    expect(built.summary).toMatch(/^models: local \(in this process, on the CPU\): chat local:package\.json, embeddings local:/u);
  });
});
