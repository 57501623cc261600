import { describe, expect, it } from 'vitest';
import { FolioError } from '../../src/errors.ts';
import { ModelCallPolicy, type CallPolicySettings } from '../../src/models/call-policy.ts';
import { parseRetryAfter, type AttemptFailure } from '../../src/models/model-failure.ts';
import { captureLog } from './capture-log.ts';

/** An error the fake "SDK" throws; describeFailure reads it back. */
class HttpFailure extends Error {
  constructor(readonly failure: AttemptFailure) {
    super(`HTTP ${failure.status}`);
  }
}
const describeFailure = (error: unknown): AttemptFailure => (error instanceof HttpFailure ? error.failure : { detail: String(error) });

function policy(overrides: Partial<CallPolicySettings> = {}) {
  const captured = captureLog();
  const built = new ModelCallPolicy({
    timeoutMs: 2000,
    maxRetries: 3,
    concurrency: 4,
    promptMaxChars: 100_000,
    baseDelayMs: 5,
    log: captured.log,
    ...overrides,
  });
  return { policy: built, ...captured };
}

const call = (signal?: AbortSignal) => ({ model: 'fake:model', operation: 'generate' as const, signal, describeFailure });

async function rejection(promise: Promise<unknown>): Promise<FolioError> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(FolioError);
  return error as FolioError;
}

describe('ModelCallPolicy retries', () => {
  it('retries 503s with backoff and returns the first success, logging each retry without prompt text', async () => {
    const { policy: calls, warnings } = policy();
    let attempts = 0;
    const result = await calls.run(call(), async () => {
      attempts += 1;
      if (attempts < 3) throw new HttpFailure({ status: 503 });
      return 'ok';
    });
    expect(result).toBe('ok');
    expect(attempts).toBe(3);
    expect(warnings().map(line => [line.msg, line.status, line.attempt])).toEqual([
      ['model call failed; retrying', 503, 1],
      ['model call failed; retrying', 503, 2],
    ]);
  });

  it('gives up after maxRetries with model_unavailable (retryable) naming the status and attempts', async () => {
    const { policy: calls } = policy({ maxRetries: 2 });
    let attempts = 0;
    const error = await rejection(
      calls.run(call(), async () => {
        attempts += 1;
        throw new HttpFailure({ status: 500, detail: 'backend exploded' });
      }),
    );
    expect(attempts).toBe(3);
    expect(error.code).toBe('model_unavailable');
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('fake:model generate HTTP 500 after 3 attempts: backend exploded');
    expect(error.userMessage).toMatch(/not answering right now/);
  });

  it('waits as long as Retry-After asks', async () => {
    const { policy: calls } = policy();
    const times: number[] = [];
    await calls.run(call(), async () => {
      times.push(performance.now());
      if (times.length === 1) throw new HttpFailure({ status: 429, retryAfterMs: 300 });
      return 'ok';
    });
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(290);
  });

  it('turns 429s that outlast the retries into model_quota', async () => {
    const { policy: calls } = policy({ maxRetries: 1 });
    const error = await rejection(calls.run(call(), async () => Promise.reject(new HttpFailure({ status: 429 }))));
    expect(error.code).toBe('model_quota');
    expect(error.userMessage).toMatch(/quota is used up/);
  });

  it('does not retry an exhausted quota, nor a Retry-After longer than it is worth waiting', async () => {
    for (const failure of [
      { status: 429, quotaExhausted: true },
      { status: 429, retryAfterMs: 3_600_000 },
    ]) {
      const { policy: calls } = policy();
      let attempts = 0;
      const error = await rejection(
        calls.run(call(), async () => {
          attempts += 1;
          throw new HttpFailure(failure);
        }),
      );
      expect([attempts, error.code]).toEqual([1, 'model_quota']);
    }
  });

  it.each([400, 401, 403, 404])('does not retry HTTP %i and reports model_rejected', async status => {
    const { policy: calls } = policy();
    let attempts = 0;
    const error = await rejection(
      calls.run(call(), async () => {
        attempts += 1;
        throw new HttpFailure({ status });
      }),
    );
    expect(attempts).toBe(1);
    expect(error.code).toBe('model_rejected');
    expect(error.retryable).toBe(false);
    expect(error.userMessage).toMatch(/administrator should check the model API key and model name/);
  });

  it('retries network errors', async () => {
    const { policy: calls } = policy();
    let attempts = 0;
    await calls.run(call(), async () => {
      attempts += 1;
      if (attempts === 1) throw new HttpFailure({ network: true });
      return 'ok';
    });
    expect(attempts).toBe(2);
  });
});

describe('ModelCallPolicy timeouts and aborts', () => {
  const hang = (signal: AbortSignal) =>
    new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted by signal'))));

  it('times out an attempt that never answers, retries, then reports model_unavailable', async () => {
    const { policy: calls } = policy({ timeoutMs: 50, maxRetries: 1 });
    let attempts = 0;
    const error = await rejection(
      calls.run(call(), async ({ signal }) => {
        attempts += 1;
        return hang(signal);
      }),
    );
    expect(attempts).toBe(2);
    expect(error.code).toBe('model_unavailable');
    expect(error.message).toMatch(/timed out after 2 attempts/);
  });

  it('keeps a stream that makes progress alive past the timeout', async () => {
    const { policy: calls } = policy({ timeoutMs: 60 });
    const result = await calls.run(call(), async ({ signal, progress }) => {
      for (let chunk = 0; chunk < 6; chunk += 1) {
        await new Promise(resolve => setTimeout(resolve, 30));
        signal.throwIfAborted();
        progress();
      }
      return 'streamed for 180 ms';
    });
    expect(result).toBe('streamed for 180 ms');
  });

  it('does not retry once output reached the caller', async () => {
    const { policy: calls } = policy();
    let attempts = 0;
    const error = await rejection(
      calls.run(call(), async ({ commit }) => {
        attempts += 1;
        commit();
        throw new HttpFailure({ network: true });
      }),
    );
    expect([attempts, error.code]).toEqual([1, 'model_unavailable']);
  });

  it("stops at once when the caller aborts, with the caller's reason, also during a backoff wait", async () => {
    const { policy: calls } = policy({ baseDelayMs: 10_000 });
    const controller = new AbortController();
    const started = performance.now();
    const running = calls.run(call(controller.signal), async () => Promise.reject(new HttpFailure({ status: 503 })));
    setTimeout(() => controller.abort(new Error('user left')), 50);
    await expect(running).rejects.toThrow('user left');
    expect(performance.now() - started).toBeLessThan(2000);

    const inFlight = new AbortController();
    const hanging = calls.run(call(inFlight.signal), async ({ signal }) => hang(signal));
    inFlight.abort(new Error('stop'));
    await expect(hanging).rejects.toThrow('stop');
  });

  it('limits attempts in flight, and a caller waiting for a slot can leave', async () => {
    const { policy: calls } = policy({ concurrency: 2 });
    let inFlight = 0;
    let most = 0;
    const work = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise(resolve => setTimeout(resolve, 20));
      inFlight -= 1;
      return 'done';
    };
    const waiting = new AbortController();
    const results = Promise.all(Array.from({ length: 6 }, () => calls.run(call(), work)));
    const leaving = calls.run(call(waiting.signal), work);
    waiting.abort(new Error('gave up waiting'));
    await expect(leaving).rejects.toThrow('gave up waiting');
    expect(await results).toHaveLength(6);
    expect(most).toBe(2);
  });
});

describe('prompt budget', () => {
  it('cuts the end of the longest text part and logs how much, never the text', () => {
    const { policy: calls, warnings } = policy({ promptMaxChars: 100 });
    const context = 'passage '.repeat(30);
    const fitted = calls.fitPrompt(
      {
        system: 'S'.repeat(20),
        prompt: [
          { type: 'text', text: 'Q'.repeat(30) },
          { type: 'image', mimeType: 'image/png', data: new Uint8Array(5000) },
          { type: 'text', text: context },
        ],
      },
      'fake:model',
    );
    const parts = fitted.prompt as Array<{ type: string; text?: string }>;
    expect(fitted.system).toBe('S'.repeat(20));
    expect(parts[0].text).toBe('Q'.repeat(30));
    expect(parts[1].type).toBe('image');
    expect(parts[2].text).toBe(context.slice(0, 50));
    const [warning] = warnings();
    expect(warning).toMatchObject({
      model: 'fake:model',
      promptChars: 290,
      maxChars: 100,
      cutChars: 190,
      msg: 'prompt over budget: cut 190 characters from its end',
    });
    expect(JSON.stringify(warning)).not.toContain('passage');
  });

  it('leaves a prompt that fits alone, and cuts further parts when the longest is not enough', () => {
    const { policy: calls, warnings } = policy({ promptMaxChars: 4 });
    const fits = { prompt: 'tiny' };
    expect(calls.fitPrompt(fits, 'fake:model')).toBe(fits);
    const fitted = calls.fitPrompt({ system: 'abcdef', prompt: 'ghijkl' }, 'fake:model');
    expect(fitted).toMatchObject({ system: 'abcd', prompt: '' });
    expect(warnings()).toHaveLength(1);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates, and ignores nonsense', () => {
    const now = Date.parse('2026-05-12T10:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Tue, 12 May 2026 10:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Tue, 12 May 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
