import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FolioError } from '../../src/errors.ts';
import { ModelCallPolicy } from '../../src/models/call-policy.ts';
import { generateJson } from '../../src/models/generate-json.ts';
import { createOpenAICompatibleClient } from '../../src/models/openai-compatible/openai-compatible-client.ts';
import { OpenAICompatibleEmbeddingModel } from '../../src/models/openai-compatible/openai-compatible-embedding-model.ts';
import { OpenAICompatibleLanguageModel } from '../../src/models/openai-compatible/openai-compatible-language-model.ts';
import { FakeEmbeddingModel } from '../fakes/fake-embedding-model.ts';
import { fakeReply } from '../fakes/fake-model-server.ts';
import { FakeOpenAIServer } from '../fakes/fake-openai-server.ts';
import { captureLog } from './capture-log.ts';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await FakeOpenAIServer.start({ dimensions: 256 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
});

function models(options: { timeoutMs?: number; maxRetries?: number; apiKey?: string; dimensions?: number; measureSpeed?: boolean } = {}) {
  const captured = captureLog();
  const policy = new ModelCallPolicy({
    timeoutMs: options.timeoutMs ?? 5000,
    maxRetries: options.maxRetries ?? 2,
    concurrency: 4,
    promptMaxChars: 50_000,
    baseDelayMs: 10,
    log: captured.log,
  });
  const client = createOpenAICompatibleClient({ baseUrl: server.url, apiKey: options.apiKey, timeoutMs: options.timeoutMs ?? 5000, log: captured.log });
  return {
    language: new OpenAICompatibleLanguageModel({
      client,
      model: 'qwen3:8b',
      acceptsImages: true,
      policy,
      log: captured.log,
      measureSpeed: options.measureSpeed,
    }),
    embedding: new OpenAICompatibleEmbeddingModel({ client, model: 'nomic-embed-text', dimensions: options.dimensions, policy }),
    ...captured,
  };
}

async function folioError(promise: Promise<unknown>): Promise<FolioError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FolioError);
  return error as FolioError;
}

const planSchema = z.object({ subQuestions: z.array(z.string()) });

describe('OpenAI-compatible language model (real openai SDK against the fake server)', () => {
  it('answers text with the placeholder key, system and user messages, max_tokens and usage', async () => {
    const { language } = models();
    server.script(fakeReply.text('Refunds take 14 days [1].', { inputTokens: 50, outputTokens: 8 }));
    const result = await language.generate({ system: 'Answer from the passages.', prompt: 'How long?', maxOutputTokens: 300, temperature: 0 });
    expect(result).toMatchObject({ text: 'Refunds take 14 days [1].', model: 'openai:qwen3:8b', usage: { inputTokens: 50, outputTokens: 8 } });
    const [request] = server.requests;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer not-needed');
    expect(request.body).toMatchObject({
      model: 'qwen3:8b',
      messages: [
        { role: 'system', content: 'Answer from the passages.' },
        { role: 'user', content: 'How long?' },
      ],
      max_tokens: 300,
      temperature: 0,
    });
    expect(request.body.response_format).toBeUndefined();
  });

  it('asks for JSON with response_format json_schema (strict false)', async () => {
    const { language } = models();
    server.script('{"subQuestions": ["When are refunds paid?"],}');
    const result = await generateJson(language, { prompt: 'Plan.' }, planSchema, { name: 'folio plan' });
    expect(result.value.subQuestions).toEqual(['When are refunds paid?']);
    expect(server.chatCalls[0].responseFormat).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'folio_plan',
        strict: false,
        schema: { type: 'object', properties: { subQuestions: { type: 'array', items: { type: 'string' } } }, required: ['subQuestions'] },
      },
    });
  });

  it('asks again without response_format when the server rejects it, and then stops sending it', async () => {
    const { language, warnings } = models();
    server.rejectResponseFormat = true;
    server.script('{"subQuestions": ["a"]}', '{"subQuestions": ["b"]}');
    expect((await generateJson(language, { system: 'Plan.', prompt: 'Q' }, planSchema, { name: 'plan' })).value.subQuestions).toEqual(['a']);
    expect(server.requests.map(request => request.body.response_format?.type)).toEqual(['json_schema', 'json_object', undefined]);
    // The schema moved into the system message, after the caller's own.
    expect(server.chatCalls[1].system).toMatch(/^Plan\.\n\nReply with only a JSON value that matches this JSON Schema/);
    expect(server.chatCalls[1].system).toContain('"subQuestions"');
    expect(warnings().map(line => line.msg)).toEqual([
      'the model server rejected response_format json_schema; asking again in JSON mode with the schema in the prompt',
      'the model server rejected response_format; asking again with the schema in the prompt',
    ]);

    expect((await generateJson(language, { prompt: 'Q' }, planSchema, { name: 'plan' })).value.subQuestions).toEqual(['b']);
    expect(server.requests).toHaveLength(4);
    expect(server.requests[3].body.response_format).toBeUndefined();
  });

  it('falls back to JSON mode (json_object) when the server takes that but not json_schema, and keeps it', async () => {
    const { language } = models();
    server.rejectResponseFormat = 'json_schema';
    server.script('{"subQuestions": ["a"]}', '{"subQuestions": ["b"]}');
    expect((await generateJson(language, { system: 'Plan.', prompt: 'Q' }, planSchema, { name: 'plan' })).value.subQuestions).toEqual(['a']);
    expect((await generateJson(language, { prompt: 'Q' }, planSchema, { name: 'plan' })).value.subQuestions).toEqual(['b']);
    expect(server.requests.map(request => request.body.response_format?.type)).toEqual(['json_schema', 'json_object', 'json_object']);
    expect(server.chatCalls[1].system).toContain('"subQuestions"');
  });

  it('streams with include_usage, strips <think> blocks as they stream, records the first token', async () => {
    const { language } = models();
    server.script(fakeReply.text('<think>\nThe user asks about refunds; passage 1 says 14 days.\n</think>\n\nRefunds take 14 days [1].', { chunkSize: 7 }));
    const deltas: string[] = [];
    const result = await language.generate({ prompt: 'How long?', onText: delta => deltas.push(delta) });
    expect(result.text).toBe('Refunds take 14 days [1].');
    expect(deltas.join('')).toBe('Refunds take 14 days [1].');
    expect(result.firstTokenMs).toBeGreaterThanOrEqual(0);
    expect(result.firstTokenMs).toBeLessThanOrEqual(result.ms);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(server.requests[0].body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('strips <think> blocks from plain answers and from JSON replies', async () => {
    const { language } = models();
    server.script('<think>Let me plan.</think>\n{"subQuestions": ["x"]}', '<think>\nhmm\n</think>\n\nPlain answer.');
    expect((await generateJson(language, { prompt: 'Q' }, planSchema, { name: 'plan' })).value).toEqual({ subQuestions: ['x'] });
    expect((await language.generate({ prompt: 'Q' })).text).toBe('Plain answer.');
  });

  it('sends images as data URLs', async () => {
    const { language } = models();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 7, 8, 9]);
    await language.generate({
      prompt: [
        { type: 'text', text: 'Describe.' },
        { type: 'image', mimeType: 'image/png', data: png },
      ],
    });
    expect(server.requests[0].body.messages[0].content).toEqual([
      { type: 'text', text: 'Describe.' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}` } },
    ]);
  });

  it('waits out a 429 with Retry-After, then succeeds', async () => {
    const { language } = models();
    server.script(fakeReply.error(429, { retryAfter: '1' }), 'After the wait.');
    expect((await language.generate({ prompt: 'Q' })).text).toBe('After the wait.');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].receivedAt - server.requests[0].receivedAt).toBeGreaterThanOrEqual(900);
  });

  it('reports an exhausted quota (insufficient_quota) as model_quota at once', async () => {
    const { language } = models();
    server.script(
      fakeReply.error(429, { code: 'insufficient_quota', message: 'You exceeded your current quota, please check your plan and billing details.' }),
    );
    const error = await folioError(language.generate({ prompt: 'Q' }));
    expect(error.code).toBe('model_quota');
    expect(error.userMessage).toMatch(/quota is used up/);
    expect(server.requests).toHaveLength(1);
  });

  it('reports model_unavailable after 502/503s use up the retries (the SDK does not retry on its own)', async () => {
    const { language } = models({ maxRetries: 2 });
    server.script(fakeReply.error(502), fakeReply.error(503), fakeReply.error(503));
    const error = await folioError(language.generate({ prompt: 'Q' }));
    expect(error.code).toBe('model_unavailable');
    expect(error.message).toMatch(/^openai:qwen3:8b generate HTTP 503 after 3 attempts/);
    expect(server.requests).toHaveLength(3);
  });

  it('times out a hanging server and reports model_unavailable', async () => {
    const { language } = models({ timeoutMs: 200, maxRetries: 1 });
    server.script(fakeReply.hang(), fakeReply.hang());
    const error = await folioError(language.generate({ prompt: 'Q' }));
    expect(error.code).toBe('model_unavailable');
    expect(error.message).toMatch(/timed out after 2 attempts/);
    expect(server.requests).toHaveLength(2);
  });

  it('times out a stream that stalls after its first chunk, instead of ending it as an empty answer', async () => {
    // The OpenAI SDK ends a stream's iteration quietly when its signal aborts; the timeout must still count.
    const { language } = models({ timeoutMs: 200, maxRetries: 0 });
    server.script({ kind: 'text', text: 'Late words.', stallAfterFirstChunkMs: 1000 });
    const error = await folioError(language.generate({ prompt: 'Q', onText: () => undefined }));
    expect(error.code).toBe('model_unavailable');
    expect(error.message).toMatch(/timed out after 1 attempt/);
  });

  it("stops a stream when the caller aborts mid-stream, with the caller's reason", async () => {
    const { language } = models();
    server.script({ kind: 'text', text: 'Late words.', stallAfterFirstChunkMs: 1000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('deadline passed')), 100);
    await expect(language.generate({ prompt: 'Q', onText: () => undefined, signal: controller.signal })).rejects.toThrow('deadline passed');
  });

  it('measures a server’s speed once when asked to (OPENAI_MEASURE_SPEED), and not otherwise', async () => {
    expect(models().language.speed).toBeUndefined();
    const { language } = models({ measureSpeed: true, maxRetries: 0 });
    // A server still down at start-up: the next question measures again.
    server.script({ kind: 'error', status: 503, message: 'loading model' });
    await expect(language.speed!()).rejects.toBeInstanceOf(FolioError);
    // 250 prompt tokens read in ~0.5 s before the first chunk, 41 tokens written after it.
    server.script({ kind: 'text', text: 'one, two, three, four, five', inputTokens: 250, outputTokens: 41, stallAfterFirstChunkMs: 500 });
    const speed = await language.speed!();
    expect(speed.promptTokensPerSecond).toBeGreaterThan(250 / 1.5);
    expect(speed.promptTokensPerSecond).toBeLessThan(250 / 0.45);
    expect(speed.generationTokensPerSecond).toBeGreaterThan(40);
    expect(await language.speed!()).toBe(speed);
    const probes = server.chatCalls.filter(call => call.body.max_tokens === 48 && call.stream);
    expect(probes).toHaveLength(2);
  });

  it('reports a wrong key (401) as model_rejected without retrying', async () => {
    const strict = await FakeOpenAIServer.start({ apiKey: 'right-key' });
    try {
      const captured = captureLog();
      const policy = new ModelCallPolicy({ timeoutMs: 5000, maxRetries: 3, concurrency: 1, promptMaxChars: 10_000, baseDelayMs: 10, log: captured.log });
      const client = createOpenAICompatibleClient({ baseUrl: strict.url, apiKey: 'wrong-key', timeoutMs: 5000, log: captured.log });
      const language = new OpenAICompatibleLanguageModel({ client, model: 'gpt-test', acceptsImages: false, policy, log: captured.log });
      const error = await folioError(language.generate({ prompt: 'Q' }));
      expect(error.code).toBe('model_rejected');
      expect(error.message).toMatch(/HTTP 401 after 1 attempt/);
      expect(strict.requests).toHaveLength(1);
    } finally {
      await strict.close();
    }
  });

  it('stops when the caller aborts', async () => {
    const { language } = models();
    server.script(fakeReply.hang());
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user cancelled')), 100);
    await expect(language.generate({ prompt: 'Q', signal: controller.signal })).rejects.toThrow('user cancelled');
    expect(server.requests).toHaveLength(1);
  });
});

describe('OpenAI-compatible embedding model', () => {
  it('embeds in input order (the fake lists them reversed), as floats, unit length, without dimensions unless configured', async () => {
    const { embedding } = models();
    expect(embedding.dimensions).toBe(0);
    const texts = ['refunds take 14 days', 'the office is in Berlin', 'finance handles refunds'];
    const vectors = await embedding.embed(texts, { task: 'document' });
    const reference = new FakeEmbeddingModel(256);
    expect(vectors).toHaveLength(3);
    for (const [index, vector] of vectors.entries()) {
      expect(vector).toHaveLength(256);
      for (const [position, value] of vector.entries()) expect(value).toBeCloseTo(reference.embedOne(texts[index])[position], 6);
    }
    expect(embedding.dimensions).toBe(256);
    expect(server.requests[0].body).toEqual({ model: 'nomic-embed-text', input: texts, encoding_format: 'float' });
  });

  it('sends dimensions when configured and checks the vectors have that size', async () => {
    const { embedding } = models({ dimensions: 64 });
    expect(embedding.dimensions).toBe(64);
    expect((await embedding.embed(['a question'], { task: 'query' }))[0]).toHaveLength(64);
    expect(server.requests[0].body.dimensions).toBe(64);
  });

  it('retries a dropped connection', async () => {
    const { embedding } = models();
    server.scriptEmbeddings(fakeReply.drop());
    expect(await embedding.embed(['x y'], { task: 'query' })).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });
});
