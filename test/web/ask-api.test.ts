import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModels } from '../../src/models/build-models.ts';
import { silentLogger } from '../../src/log.ts';
import { loadConfig } from '../../src/config.ts';
import { FakeOpenAIServer, type OpenAIChatCall } from '../fakes/fake-openai-server.ts';
import { handbookFacts, makeHandbookPdf } from './support/handbook-pdf.ts';
import { filesForm, readServerSentEvents, startWebTestServer, type WebTestServer } from './support/web-test-server.ts';

let web: WebTestServer;

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  web.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  web = await startWebTestServer({ environment: { FOLIO_MAX_QUESTION_CHARS: '200' } });
  const finished = web.nextFinished();
  const response = await web.request('/v1/spaces/handbook/documents', {
    method: 'POST',
    body: filesForm([{ name: 'handbook.pdf', bytes: await makeHandbookPdf() }]),
  });
  expect(response.status).toBe(202);
  expect((await finished).outcome.status).toBe('ready');
});
afterAll(() => web?.close());

describe('ask and search API (offline: no model configured)', () => {
  it('answers extractively in JSON with a citation of the page that holds the fact', async () => {
    const response = await postJson('/v1/spaces/handbook/ask', { question: handbookFacts.question });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as any;
    expect(answer).toMatchObject({ extractive: true, grounded: true, modelCalls: 0, question: handbookFacts.question });
    expect(answer.answer).toContain('45 days');
    expect(answer.citations[0]).toMatchObject({ document: 'handbook.pdf', pages: [handbookFacts.refundPage], space: 'web:handbook' });
    expect(answer.answer).toContain(`[${answer.citations[0].n}]`);
  });

  it('streams stage events and the final answer as server-sent events', async () => {
    const response = await postJson('/v1/spaces/handbook/ask', { question: handbookFacts.question }, { accept: 'text/event-stream' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readServerSentEvents(response, () => false);
    const names = events.map(event => event.event);
    expect(names).toContain('stage');
    expect(names.at(-1)).toBe('answer');
    expect(names.indexOf('stage')).toBeLessThan(names.indexOf('answer'));
    const stages = events.filter(event => event.event === 'stage').map(event => (event.data as { stage: string }).stage);
    expect(stages).toEqual(expect.arrayContaining(['searching']));
    const answer = events.at(-1)!.data as any;
    expect(answer).toMatchObject({ extractive: true, grounded: true });
    expect(answer.citations[0].pages).toEqual([handbookFacts.refundPage]);
  });

  it('tells a space without documents how to add one (outcome no_documents), not an error', async () => {
    const response = await postJson('/v1/spaces/empty-space/ask', { question: 'What is the refund policy?' });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as any;
    expect(answer).toMatchObject({ outcome: 'no_documents', grounded: false, citations: [], context: [], reading: [] });
    expect(answer.id).toBeUndefined();
    expect(answer.answer).toContain('There are no documents in this space yet');
  });

  it('answers from the documents a request focuses on, and says which; an unknown one is 404, an empty list 400', async () => {
    const focused = (await (
      await postJson('/v1/spaces/handbook/ask', { question: handbookFacts.question, focus: { documents: ['handbook.pdf'] } })
    ).json()) as any;
    expect(focused.answer).toContain('45 days');
    expect(focused.focus).toEqual({ documents: [{ id: expect.any(String), name: 'handbook.pdf' }], reason: 'request', widened: false });
    const unknown = await postJson('/v1/spaces/handbook/ask', { question: handbookFacts.question, focus: { documents: ['brochure.pdf'] } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error).toMatchObject({ code: 'document_not_found' });
    expect((await postJson('/v1/spaces/handbook/ask', { question: handbookFacts.question, focus: { documents: [] } })).status).toBe(400);
  });

  it('keeps follow-up history and refuses malformed history', async () => {
    const history = [
      { role: 'user', text: 'Tell me about refunds.' },
      { role: 'assistant', text: 'Annual plans can be refunded.' },
    ];
    expect((await postJson('/v1/spaces/handbook/ask', { question: 'Within how many days?', history })).status).toBe(200);
    const bad = await postJson('/v1/spaces/handbook/ask', { question: 'Within how many days?', history: [{ role: 'system', text: 'x' }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error).toMatchObject({ code: 'input_invalid', message: expect.stringContaining('history.0.role') });
  });

  it('refuses empty and too long questions with 400 before any stream opens', async () => {
    for (const accept of ['application/json', 'text/event-stream']) {
      const empty = await postJson('/v1/spaces/handbook/ask', { question: '   \n ' }, { accept });
      expect(empty.status).toBe(400);
      expect(empty.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await empty.json()) as any).error.code).toBe('question_empty');
      const long = await postJson('/v1/spaces/handbook/ask', { question: 'why '.repeat(60) }, { accept });
      expect(long.status).toBe(400);
      expect(((await long.json()) as any).error).toEqual({ code: 'question_too_long', message: expect.stringContaining('the limit is 200') });
    }
    const search = await postJson('/v1/spaces/handbook/search', { question: '' });
    expect(((await search.json()) as any).error.code).toBe('question_empty');
  });

  it('refuses bodies that are not JSON, malformed, of the wrong shape or over 256 kB', async () => {
    const text = await web.request('/v1/spaces/handbook/ask', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(400);
    expect(((await text.json()) as any).error.message).toContain('Content-Type: application/json');
    const malformed = await postJson('/v1/spaces/handbook/ask', '{"question": ');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as any).error).toEqual({ code: 'input_invalid', message: 'The request body is not valid JSON.' });
    const wrongShape = await postJson('/v1/spaces/handbook/ask', { query: 'hi' });
    expect(wrongShape.status).toBe(400);
    const huge = await postJson('/v1/spaces/handbook/ask', { question: 'x', padding: 'y'.repeat(300 * 1024) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as any).error.message).toContain('256 kB');
  });

  it('searches a space: ranked pages and hits with snippets', async () => {
    const response = await postJson('/v1/spaces/handbook/search', { question: 'refund annual plans', k: 3 });
    expect(response.status).toBe(200);
    const result = (await response.json()) as any;
    expect(result.pages[0]).toMatchObject({ document: 'handbook.pdf', page: handbookFacts.refundPage });
    expect(result.hits.length).toBeLessThanOrEqual(3);
    expect(result.hits[0]).toMatchObject({ document: 'handbook.pdf', page: handbookFacts.refundPage, snippet: expect.stringContaining('45 days') });
    expect((await postJson('/v1/spaces/handbook/search', { question: 'x', k: 0 })).status).toBe(400);
  });

  it('records 👍/👎 on an answer and says when the answer is unknown', async () => {
    const answer = (await (await postJson('/v1/spaces/handbook/ask', { question: handbookFacts.question })).json()) as any;
    const up = await postJson(`/v1/answers/${answer.id}/feedback`, { rating: 'up', comment: 'spot on' });
    expect(up.status).toBe(204);
    const stored = await web.folio.surfaceState.list<{ rating: string; question: string }>(`feedback:${answer.id}`);
    expect(stored.map(entry => entry.value)).toEqual([expect.objectContaining({ rating: 'up', comment: 'spot on', question: handbookFacts.question })]);

    const unknown = await postJson('/v1/answers/no-such-answer/feedback', { rating: 'down' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as any).error.message).toBe('That answer is too old to rate.');
    expect((await postJson(`/v1/answers/${answer.id}/feedback`, { rating: 'meh' })).status).toBe(400);
  });
});

describe('ask with a model (fake OpenAI-compatible server)', () => {
  let model: FakeOpenAIServer;
  let withModel: WebTestServer;
  const modelAnswer = (call: OpenAIChatCall) => {
    // The plan call asks for JSON; the answer call cites the passage the prompt labels with page 2.
    if (call.responseFormat)
      return JSON.stringify({ language: 'en', subQuestions: [handbookFacts.question], tasks: [], variants: ['refund annual plan days'], hyde: [], picks: [] });
    const passage = new RegExp(`\\[(\\d+)\\] handbook\\.pdf · pp?\\. [^\\n]*\\b${handbookFacts.refundPage}\\b`).exec(call.system ?? '')?.[1];
    return `Annual plan customers can claim a refund within 45 days of purchase [${passage}].`;
  };

  beforeAll(async () => {
    model = await FakeOpenAIServer.start({ reply: modelAnswer });
    const environment = { OPENAI_BASE_URL: model.url, OPENAI_CHAT_MODEL: 'fake-chat', FOLIO_MODEL_MAX_RETRIES: '0' };
    const { models } = buildModels(loadConfig(environment).models, { log: silentLogger() });
    withModel = await startWebTestServer({ environment, overrides: { models } });
    const finished = withModel.nextFinished();
    await withModel.request('/v1/spaces/handbook/documents', { method: 'POST', body: filesForm([{ name: 'handbook.pdf', bytes: await makeHandbookPdf() }]) });
    expect((await finished).outcome.status).toBe('ready');
  });
  afterAll(async () => {
    await withModel?.close();
    await model?.close();
  });

  it('streams the model text as `text` deltas, then the checked answer', async () => {
    const response = await withModel.request('/v1/spaces/handbook/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ question: handbookFacts.question }),
    });
    const events = await readServerSentEvents(response, () => false);
    const deltas = events.filter(event => event.event === 'text').map(event => (event.data as { delta: string }).delta);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toMatch(/^Annual plan customers can claim a refund within 45 days of purchase \[\d+\]\.$/);
    expect(events.filter(event => event.event === 'stage').map(event => (event.data as { stage: string }).stage)).toEqual([
      'planning',
      'searching',
      'answering',
    ]);
    const answer = events.at(-1)!;
    expect(answer.event).toBe('answer');
    expect(answer.data).toMatchObject({
      extractive: false,
      grounded: true,
      modelCalls: 2,
      citations: [expect.objectContaining({ pages: [handbookFacts.refundPage] })],
    });
    const metrics = await (await withModel.request('/metrics')).text();
    expect(metrics).toMatch(/^folio_model_calls_total 2$/m);
    expect(metrics).toMatch(/^folio_ask_duration_seconds_count\{mode="generated",grounded="true"\} 1$/m);
  });
});
