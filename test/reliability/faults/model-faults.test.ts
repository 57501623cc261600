import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeReply } from '../../fakes/fake-model-server.ts';
import { makeHandbookPdf } from '../../support/answer/make-handbook-pdf.ts';
import { askSurfaces, askThrough, type AskReply, type AskSurface } from '../../support/faults/ask-surfaces.ts';
import { reportFault } from '../../support/faults/fault-report.ts';
import { FaultyModelServer, vacationFact, vacationQuestion, type FaultPlan, type Provider } from '../../support/faults/model-faults.ts';
import { makeLongPdf } from '../../support/parallel/make-long-pdf.ts';
import { filesForm, startWebTestServer, type WebTestServer } from '../../web/support/web-test-server.ts';

/**
 * Model API faults through the whole ask path (docs/asking.md): a real Folio (SQLite, in-process queue,
 * the production model providers and call policy) talks to a fake Gemini or OpenAI-compatible server
 * that answers 429 with Retry-After, 500, hangs, breaks streams or writes garbage. Whatever happens, the
 * asker gets an answer (generated, or extractive with a note saying why) or a clear error, in bounded
 * time, through app.ask, the REST API's JSON reply and its SSE stream.
 */

/** One retry and a 1 s attempt timeout keep the worst case of one question to a few seconds. */
const modelSettings = { FOLIO_MODEL_MAX_RETRIES: '1', FOLIO_MODEL_TIMEOUT_S: '1' };
/** Worst case of one question here: 2 calls × (2 attempts × 1 s timeout + ≤ 1 s backoff), plus slack. */
const boundMs = 9_000;

interface Setup {
  model: FaultyModelServer;
  web: WebTestServer;
}

const providers = ['gemini', 'openai'] as const;
const setups = new Map<Provider, Setup>();

beforeAll(async () => {
  const handbook = await makeHandbookPdf('a');
  await Promise.all(
    providers.map(async provider => {
      const model = await FaultyModelServer.start(provider);
      const web = await startWebTestServer({ environment: { ...model.environment, ...modelSettings } });
      setups.set(provider, { model, web });
      const finished = web.nextFinished();
      const upload = await web.request('/v1/spaces/handbook/documents', { method: 'POST', body: filesForm([{ name: 'handbook.pdf', bytes: handbook }]) });
      expect(upload.status).toBe(202);
      expect((await finished).outcome.status).toBe('ready');
    }),
  );
});

afterAll(async () => {
  for (const { model, web } of setups.values()) {
    await web.close();
    await model.close();
  }
});

/** Asks the vacation question through every surface with this fault plan active. */
async function askWithFaults(
  fault: string,
  provider: Provider,
  plan: FaultPlan,
  surfaces: AskSurface[] = askSurfaces,
): Promise<Array<{ surface: string; reply: AskReply }>> {
  const { model, web } = setups.get(provider)!;
  const replies = [];
  for (const surface of surfaces) {
    model.inject(plan);
    model.clearCalls();
    replies.push({ surface, reply: await askThrough(web, surface, 'handbook', vacationQuestion) });
  }
  model.inject({});
  reportFault({
    fault,
    provider,
    replies: replies.map(({ surface, reply }) => ({
      surface,
      ms: reply.ms,
      got:
        reply.kind === 'error'
          ? `error ${reply.code}`
          : reply.answer.extractive
            ? 'extractive answer'
            : reply.answer.grounded
              ? 'generated answer'
              : 'not found',
      notes: reply.kind === 'answer' ? reply.answer.notes : undefined,
    })),
  });
  return replies;
}

function answerOf(surface: string, reply: AskReply) {
  if (reply.kind !== 'answer') throw new Error(`${surface}: expected an answer, got error ${reply.code}: ${reply.message}`);
  expect(reply.status, surface).toBe(200);
  expect(reply.answer.answer.trim().length, `${surface}: answer text`).toBeGreaterThan(20);
  expect(reply.ms, `${surface}: time to answer`).toBeLessThan(boundMs);
  return reply.answer;
}

/** A degraded answer: quoted sentences with their page, and a note naming what went wrong. */
function expectExtractive(surface: string, reply: AskReply, note: RegExp) {
  const answer = answerOf(surface, reply);
  expect(answer, surface).toMatchObject({ grounded: true, extractive: true });
  expect(answer.answer, surface).toMatch(/The language model is unavailable right now/);
  expect(answer.answer, surface).toContain(vacationFact);
  expect(answer.citations[0], surface).toMatchObject({ document: 'handbook.pdf', pages: [1] });
  expect(answer.notes.join(' '), surface).toMatch(note);
}

/** Runs a check against both providers at once (each has its own fake server and Folio). */
const forEachProvider = (check: (provider: Provider) => Promise<void>) => Promise.all(providers.map(check));

describe('model faults through app.ask, REST JSON and REST SSE (fake Gemini and fake OpenAI-compatible servers)', () => {
  it('429 with Retry-After: waits as asked, then answers normally', async () => {
    await forEachProvider(async provider => {
      for (const { surface, reply } of await askWithFaults('model-429-once', provider, { plan: [fakeReply.error(429, { retryAfter: '1' })] })) {
        const answer = answerOf(surface, reply);
        expect(answer, surface).toMatchObject({ grounded: true, extractive: false });
        expect(answer.answer, surface).toContain(vacationFact);
        expect(reply.ms, surface).toBeGreaterThanOrEqual(1_000);
      }
      const times = setups.get(provider)!.model.callTimes('plan');
      expect(times).toHaveLength(2);
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(1_000);
    });
  });

  it('429 that lasts: an extractive answer that says the quota is used up', async () => {
    const limited = { always: fakeReply.error(429, { retryAfter: '1' }) };
    await forEachProvider(async provider => {
      for (const { surface, reply } of await askWithFaults('model-429-lasting', provider, { plan: limited, answer: limited }))
        expectExtractive(surface, reply, /usage quota is used up/);
    });
  });

  it('a 500 burst is retried; a lasting 500 gives an extractive answer that says the model is not answering', async () => {
    await forEachProvider(async provider => {
      for (const { surface, reply } of await askWithFaults('model-500-once', provider, { answer: [fakeReply.error(500)] })) {
        expect(answerOf(surface, reply), surface).toMatchObject({ grounded: true, extractive: false });
      }
      for (const { surface, reply } of await askWithFaults('model-5xx-lasting', provider, {
        plan: { always: fakeReply.error(503) },
        answer: { always: fakeReply.error(500) },
      })) {
        expectExtractive(surface, reply, /not answering right now/);
      }
    });
  });

  it('a model that never answers times out into an extractive answer', async () => {
    await forEachProvider(async provider => {
      for (const { surface, reply } of await askWithFaults('model-hang', provider, { answer: { always: fakeReply.hang() } }))
        expectExtractive(surface, reply, /not answering right now/);
    });
  });

  it('a dropped connection, and a stream that breaks off mid-answer, end in a complete extractive answer', async () => {
    await forEachProvider(async provider => {
      for (const { surface, reply } of await askWithFaults('model-connection-dropped', provider, {
        plan: { always: fakeReply.drop() },
        answer: { always: fakeReply.drop() },
      })) {
        expectExtractive(surface, reply, /not answering right now/);
      }
      const broken = fakeReply.text(`Every employee gets ${vacationFact} of paid vacation per calendar year [1].`, { breakAfterChunks: 3, chunkSize: 6 });
      for (const { surface, reply } of await askWithFaults('model-stream-broken', provider, { answer: { always: broken } }, ['app.ask', 'REST SSE'])) {
        expectExtractive(surface, reply, /not answering right now/);
        // The asker saw the start of the generated text, then the final answer replaced it.
        expect(reply.kind === 'answer' && reply.streamed.length, surface).toBeGreaterThan(0);
      }
    });
  });

  it('garbage: an unreadable plan falls back to the offline plan; an answer nothing supports gives way to the quoted passages', async () => {
    await forEachProvider(async provider => {
      for (const { surface, reply } of await askWithFaults('model-garbage-plan', provider, {
        plan: { always: fakeReply.text('Sure! Bananas, then { "subQuestions": oops') },
      })) {
        const answer = answerOf(surface, reply);
        expect(answer, surface).toMatchObject({ grounded: true, extractive: false });
        expect(answer.notes.join(' '), surface).toMatch(/planned without the language model \(The AI model's reply could not be understood/);
      }
      for (const { surface, reply } of await askWithFaults('model-garbage-answer', provider, {
        answer: { always: fakeReply.text('lorem ipsum dolor sit amet, consectetur adipiscing') },
      })) {
        const answer = answerOf(surface, reply);
        expect(answer, surface).toMatchObject({ grounded: true, extractive: true });
        expect(answer.answer, surface).not.toContain('lorem ipsum');
        expect(answer.answer, surface).toMatch(/^The language model found no answer that the documents bear out/);
        expect(answer.citations[0], surface).toMatchObject({ document: 'handbook.pdf' });
        expect(answer.notes.join(' '), surface).toContain('Left out a statement of the language model that the documents do not support.');
      }
    });
  });

  it('an empty answer is not passed on: the asker gets the extractive one, with a note', async () => {
    await forEachProvider(async provider => {
      for (const { surface, reply } of await askWithFaults('model-empty-answer', provider, { answer: { always: fakeReply.text('   ') } }))
        expectExtractive(surface, reply, /empty answer/);
    });
  });

  it('embeddings failing at ask time: keyword search only, still a generated answer', async () => {
    await forEachProvider(async provider => {
      const { model, web } = setups.get(provider)!;
      // The embedding model is down: each of the question's embedding calls fails, its retry too: its
      // own (made while the model plans), its HyDE passage's, and the question's second try.
      model.failEmbeddings(...Array.from({ length: 6 }, () => fakeReply.error(500)));
      const reply = await askThrough(web, 'REST JSON', 'handbook', vacationQuestion);
      const answer = answerOf('REST JSON', reply);
      expect(answer).toMatchObject({ grounded: true, extractive: false });
      expect(answer.notes.join(' ')).toContain('Searched by keywords only');
      reportFault({ fault: 'model-embeddings-500', provider, ms: reply.ms, notes: answer.notes });
    });
  });

  it('figure descriptions failing at ingest: the document is still ready, its figure counted as undescribed', async () => {
    const chartsPdf = await makeLongPdf({ pageCount: 3 });
    await forEachProvider(async provider => {
      const { model, web } = setups.get(provider)!;
      model.inject({ figure: { always: fakeReply.error(500) } });
      model.clearCalls();
      const finished = web.nextFinished();
      const upload = await web.request('/v1/spaces/figures/documents', { method: 'POST', body: filesForm([{ name: 'charts.pdf', bytes: chartsPdf }]) });
      expect(upload.status).toBe(202);
      const { outcome } = await finished;
      model.inject({});
      expect(outcome).toMatchObject({ status: 'ready', pages: 3 });
      expect(outcome.stats!.figures).toBeGreaterThanOrEqual(1);
      expect(outcome.stats!.figuresDescribed).toBe(0);
      // Retried once (FOLIO_MODEL_MAX_RETRIES=1), then given up on.
      expect(model.callTimes('figure')).toHaveLength(2);
      // The caption still makes the figure findable.
      const search = await web.request('/v1/spaces/figures/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'Bars on page 3' }),
      });
      expect(((await search.json()) as any).pages[0]).toMatchObject({ document: 'charts.pdf', page: 3 });
      reportFault({
        fault: 'model-figure-500',
        provider,
        status: outcome.status,
        figures: outcome.stats!.figures,
        figuresDescribed: outcome.stats!.figuresDescribed,
        describeMs: outcome.stats!.ms.describe,
      });
    });
  });
});
