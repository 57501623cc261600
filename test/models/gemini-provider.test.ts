import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FolioError } from '../../src/errors.ts';
import { ModelCallPolicy } from '../../src/models/call-policy.ts';
import { createGeminiClient } from '../../src/models/gemini/gemini-client.ts';
import { GeminiEmbeddingModel } from '../../src/models/gemini/gemini-embedding-model.ts';
import { GeminiLanguageModel } from '../../src/models/gemini/gemini-language-model.ts';
import { generateJson } from '../../src/models/generate-json.ts';
import { l2Normalize } from '../../src/models/l2-normalize.ts';
import { embedText, FakeGeminiServer } from '../fakes/fake-gemini-server.ts';
import { fakeReply } from '../fakes/fake-model-server.ts';
import { captureLog } from './capture-log.ts';

let server: FakeGeminiServer;
beforeAll(async () => {
  server = await FakeGeminiServer.start({ apiKey: 'test-key' });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.reply = () => 'This is the fake Gemini answer.';
});

function models(options: { timeoutMs?: number; maxRetries?: number; promptMaxChars?: number; apiKey?: string } = {}) {
  const captured = captureLog();
  const policy = new ModelCallPolicy({
    timeoutMs: options.timeoutMs ?? 5000,
    maxRetries: options.maxRetries ?? 2,
    concurrency: 4,
    promptMaxChars: options.promptMaxChars ?? 50_000,
    baseDelayMs: 10,
    log: captured.log,
  });
  const client = createGeminiClient({ apiKey: options.apiKey ?? 'test-key', baseUrl: server.url });
  return {
    language: new GeminiLanguageModel({ client, model: 'gemini-3.5-flash', policy, log: captured.log }),
    embedding: new GeminiEmbeddingModel({ client, model: 'gemini-embedding-001', dimensions: 768, policy }),
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

describe('Gemini language model (real @google/genai against the fake server)', () => {
  it('answers text, sends system and prompt in the wire format, leaves thoughts out, reports usage', async () => {
    const { language } = models();
    server.script(fakeReply.text('Refunds take 14 days [1].', { thoughts: 'Let me look at passage 1.', inputTokens: 120, outputTokens: 9 }));
    const result = await language.generate({
      system: 'Answer from the passages.',
      prompt: 'How long do refunds take?',
      temperature: 0.1,
      maxOutputTokens: 500,
    });
    expect(result).toMatchObject({
      text: 'Refunds take 14 days [1].',
      model: 'gemini:gemini-3.5-flash',
      usage: { inputTokens: 120, outputTokens: 9 + Math.ceil('Let me look at passage 1.'.length / 4) },
    });
    expect(result.firstTokenMs).toBeUndefined();
    const [request] = server.requests;
    expect(request.path).toBe('/v1beta/models/gemini-3.5-flash:generateContent');
    expect(request.headers['x-goog-api-key']).toBe('test-key');
    expect(request.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'How long do refunds take?' }] }],
      systemInstruction: { parts: [{ text: 'Answer from the passages.' }] },
      generationConfig: { temperature: 0.1, maxOutputTokens: 500 },
    });
  });

  it('asks for JSON with responseMimeType and responseJsonSchema; generateJson repairs a fenced reply', async () => {
    const { language } = models();
    server.script(fakeReply.fencedJson({ subQuestions: ['When are refunds paid?'] }));
    const result = await generateJson(language, { prompt: 'Plan this.' }, z.object({ subQuestions: z.array(z.string()) }), { name: 'plan' });
    expect(result.value).toEqual({ subQuestions: ['When are refunds paid?'] });
    expect(server.generateCalls[0].body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object', properties: { subQuestions: { type: 'array', items: { type: 'string' } } }, required: ['subQuestions'] },
    });
  });

  it('streams through onText over SSE and records the time to the first token', async () => {
    const { language } = models();
    const answer = 'Refunds are paid within 14 days of the request, see page 3 [1].';
    server.script(fakeReply.text(answer, { chunkSize: 10 }));
    const deltas: string[] = [];
    const result = await language.generate({ prompt: 'When?', onText: delta => deltas.push(delta) });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(answer);
    expect(result.text).toBe(answer);
    expect(result.firstTokenMs).toBeGreaterThanOrEqual(0);
    expect(result.firstTokenMs).toBeLessThanOrEqual(result.ms);
    expect(result.usage.outputTokens).toBe(Math.ceil(answer.length / 4));
    expect(server.requests[0].path).toBe('/v1beta/models/gemini-3.5-flash:streamGenerateContent');
    expect(server.requests[0].query.get('alt')).toBe('sse');
  });

  it('waits out a 429 with Retry-After, then succeeds', async () => {
    const { language, warnings } = models();
    server.script(fakeReply.error(429, { retryAfter: '1', message: 'Resource has been exhausted (e.g. check quota).' }), 'Answer after waiting.');
    const result = await language.generate({ prompt: 'Q' });
    expect(result.text).toBe('Answer after waiting.');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].receivedAt - server.requests[0].receivedAt).toBeGreaterThanOrEqual(900);
    expect(warnings()[0]).toMatchObject({ status: 429, attempt: 1 });
  });

  it("honours Google's RetryInfo delay in the error body", async () => {
    const { language } = models();
    server.script(fakeReply.error(429, { retryDelay: '0.4s', message: 'You exceeded your current quota, please check your plan and billing details.' }), 'ok');
    expect((await language.generate({ prompt: 'Q' })).text).toBe('ok');
    expect(server.requests[1].receivedAt - server.requests[0].receivedAt).toBeGreaterThanOrEqual(350);
  });

  it('reports model_quota when 429s outlast the retries', async () => {
    const { language } = models({ maxRetries: 1 });
    server.script(fakeReply.error(429), fakeReply.error(429));
    const error = await folioError(language.generate({ prompt: 'Q' }));
    expect(error.code).toBe('model_quota');
    expect(server.requests).toHaveLength(2);
  });

  it('reports model_unavailable after 500s use up the retries', async () => {
    const { language } = models({ maxRetries: 2 });
    server.script(fakeReply.error(500), fakeReply.error(500), fakeReply.error(500));
    const error = await folioError(language.generate({ prompt: 'Q' }));
    expect(error.code).toBe('model_unavailable');
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/^gemini:gemini-3\.5-flash generate HTTP 500 after 3 attempts/);
    expect(server.requests).toHaveLength(3);
  });

  it('times out a server that never answers and reports model_unavailable', async () => {
    const { language } = models({ timeoutMs: 200, maxRetries: 1 });
    server.script(fakeReply.hang(), fakeReply.hang());
    const started = performance.now();
    const error = await folioError(language.generate({ prompt: 'Q' }));
    expect(error.code).toBe('model_unavailable');
    expect(error.message).toMatch(/timed out after 2 attempts/);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('reports a wrong API key (Google answers 400) and 403 as model_rejected without retrying', async () => {
    const wrongKey = models({ apiKey: 'wrong-key' });
    const error = await folioError(wrongKey.language.generate({ prompt: 'Q' }));
    expect(error.code).toBe('model_rejected');
    expect(error.message).toMatch(/HTTP 400 after 1 attempt: API key not valid/);
    expect(error.userMessage).toMatch(/check the model API key and model name/);
    const { language } = models();
    server.script(fakeReply.error(403, { message: 'Permission denied' }));
    expect((await folioError(language.generate({ prompt: 'Q' }))).code).toBe('model_rejected');
    expect(server.requests).toHaveLength(2);
  });

  it('stops a hanging call when the caller aborts', async () => {
    const { language } = models();
    server.script(fakeReply.hang());
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(new Error('user cancelled')), 100);
    await expect(language.generate({ prompt: 'Q', signal: controller.signal })).rejects.toThrow('user cancelled');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(1);
  });

  it('sends images as inlineData parts', async () => {
    const { language } = models();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 250]);
    await language.generate({
      prompt: [
        { type: 'image', mimeType: 'image/png', data: png },
        { type: 'text', text: 'Describe the chart.' },
      ],
    });
    const parts = server.requests[0].body.contents[0].parts;
    expect(parts[0]).toEqual({ inlineData: { mimeType: 'image/png', data: Buffer.from(png).toString('base64') } });
    expect(parts[1]).toEqual({ text: 'Describe the chart.' });
    expect(server.generateCalls[0].images[0].data.equals(Buffer.from(png))).toBe(true);
  });

  it('trims an over-long prompt before sending it', async () => {
    const { language, warnings } = models({ promptMaxChars: 2000 });
    await language.generate({
      system: 'S',
      prompt: [
        { type: 'text', text: 'Question?' },
        { type: 'text', text: 'context '.repeat(500) },
      ],
    });
    const sent = server.generateCalls[0];
    const parts: Array<{ text: string }> = sent.body.contents[0].parts;
    expect(parts.reduce((sum, part) => sum + part.text.length, 0) + (sent.system?.length ?? 0)).toBe(2000);
    expect(parts[0].text).toBe('Question?');
    expect(warnings()[0]).toMatchObject({ cutChars: 2010 });
  });

  it('retries a stream that breaks before any text, but not one that broke after text reached the caller', async () => {
    const { language } = models();
    server.script(fakeReply.text('never seen', { breakAfterChunks: 0 }), 'Second attempt works.');
    expect((await language.generate({ prompt: 'Q', onText: () => {} })).text).toBe('Second attempt works.');
    expect(server.requests).toHaveLength(2);

    server.requests.length = 0;
    server.script(fakeReply.text('A long answer that breaks off half way.', { chunkSize: 5, breakAfterChunks: 2 }), 'must not be used');
    const deltas: string[] = [];
    const error = await folioError(language.generate({ prompt: 'Q', onText: delta => deltas.push(delta) }));
    expect(error.code).toBe('model_unavailable');
    expect(deltas.join('')).toBe('A long ans');
    expect(server.requests).toHaveLength(1);
    expect(server.pendingReplies).toBe(1);
  });
});

describe('Gemini embedding model', () => {
  it('embeds a batch with one batchEmbedContents call: task type, 768 dims, order kept, unit length', async () => {
    const { embedding } = models();
    const texts = ['Refunds take 14 days.', 'The office is in Berlin.', 'Refund requests go to finance.'];
    const vectors = await embedding.embed(texts, { task: 'document' });
    expect(vectors).toHaveLength(3);
    for (const [index, vector] of vectors.entries()) {
      expect(vector).toHaveLength(768);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 6);
      expect(vector).toEqual(l2Normalize(embedText(texts[index], 768)));
    }
    const [request] = server.requests;
    expect(request.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(request.body.requests).toHaveLength(3);
    expect(request.body.requests[1]).toMatchObject({
      model: 'models/gemini-embedding-001',
      content: { parts: [{ text: 'The office is in Berlin.' }] },
      taskType: 'RETRIEVAL_DOCUMENT',
      outputDimensionality: 768,
    });
    await embedding.embed(['how long are refunds?'], { task: 'query' });
    expect(server.embedCalls[1].taskType).toBe('RETRIEVAL_QUERY');
  });

  it('retries a 503 and refuses batches above maxBatchSize', async () => {
    const { embedding } = models();
    server.scriptEmbeddings(fakeReply.error(503));
    expect(await embedding.embed(['a b c'], { task: 'query' })).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    await expect(
      embedding.embed(
        Array.from({ length: 101 }, () => 'x'),
        { task: 'document' },
      ),
    ).rejects.toThrow(/exceeds maxBatchSize 100/);
    expect(await embedding.embed([], { task: 'document' })).toEqual([]);
  });
});
