import { describe, expect, it } from 'vitest';
import { FolioError } from '../../errors.ts';
import { WeaviateAvailabilityGuard } from './availability-guard.ts';

const later = <T>(ms: number, value: T) => new Promise<T>(resolve => setTimeout(() => resolve(value), ms));
const failLater = (ms: number, error: Error) => new Promise<never>((_resolve, reject) => setTimeout(() => reject(error), ms));

describe('WeaviateAvailabilityGuard', () => {
  it('fails a slow operation at once with store_unavailable when the server is not ready', async () => {
    const guard = new WeaviateAvailabilityGuard(async () => false, { probeAfterMs: 50 });
    const started = Date.now();
    const failure = await guard.run(() => failLater(2_000, new Error('UNAVAILABLE after the client gave up'))).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FolioError);
    expect(failure).toMatchObject({ code: 'store_unavailable', retryable: true, userMessage: expect.stringMatching(/not reachable/) });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('lets a slow operation finish when the server is ready', async () => {
    const guard = new WeaviateAvailabilityGuard(async () => true, { probeAfterMs: 20 });
    await expect(guard.run(() => later(150, 'done'))).resolves.toBe('done');
  });

  it('turns a failure into store_unavailable only when the server is not ready', async () => {
    const down = new WeaviateAvailabilityGuard(async () => false, { probeAfterMs: 1_000 });
    await expect(down.run(() => Promise.reject(new TypeError('fetch failed')))).rejects.toMatchObject({ code: 'store_unavailable' });
    const up = new WeaviateAvailabilityGuard(async () => true, { probeAfterMs: 1_000 });
    await expect(up.run(() => Promise.reject(new Error('a bug, not an outage')))).rejects.toThrow('a bug, not an outage');
  });
});

describe('WeaviateAvailabilityGuard during a known outage', () => {
  it('fails later operations at once, without starting them, until a probe finds the server back', async () => {
    let ready = false;
    const guard = new WeaviateAvailabilityGuard(async () => ready, { probeAfterMs: 100 });
    await expect(guard.run(() => failLater(1_000, new Error('UNAVAILABLE')))).rejects.toMatchObject({ code: 'store_unavailable' });
    let started = 0;
    const before = Date.now();
    await expect(
      guard.run(() => {
        started += 1;
        return later(1_000, 'never');
      }),
    ).rejects.toMatchObject({ code: 'store_unavailable' });
    expect(started).toBe(0);
    expect(Date.now() - before).toBeLessThan(50);
    ready = true;
    await expect(guard.run(() => later(10, 'back'))).resolves.toBe('back');
  });
});
