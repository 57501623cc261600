import { FolioError } from '../../errors.ts';
import { weaviateUnavailable } from './weaviate-errors.ts';

/**
 * Makes "Weaviate is down" a quick, plain `store_unavailable`. The client retries a search that finds
 * the server unreachable five times with backoff (15–30 s, not configurable), so a question or /readyz
 * would wait that long for an answer everybody already knows. So: when an operation has not finished
 * after `probeAfterMs`, or has failed, the server's readiness endpoint is asked. A server that is not
 * ready fails the operation at once with store_unavailable (the client's own retries run out in the
 * background, their outcome ignored); a ready server is left to finish or fail the operation itself.
 * Once a probe found the server down, later operations probe first, so they fail at once instead of
 * each waiting `probeAfterMs` (questions asked together would otherwise queue up behind each other).
 */
export class WeaviateAvailabilityGuard {
  private knownDown = false;

  constructor(
    private readonly isReady: () => Promise<boolean>,
    private readonly options: { probeAfterMs: number },
  ) {}

  async run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.knownDown && !(await this.probe())) throw weaviateUnavailable('not ready (readiness probe)');
    const pending = operation();
    let timer: NodeJS.Timeout | undefined;
    const watchdog = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        void this.probe().then(ready => {
          if (!ready) reject(weaviateUnavailable('not ready (readiness probe) while an operation was waiting'));
        });
      }, this.options.probeAfterMs);
    });
    try {
      return await Promise.race([pending, watchdog]);
    } catch (error) {
      if (error instanceof FolioError && error.code === 'store_unavailable') throw error;
      if (!(await this.probe())) throw weaviateUnavailable(error instanceof Error ? error.message : String(error), error);
      throw error;
    } finally {
      clearTimeout(timer);
      // Given up on while the client was still retrying: its late failure has nobody to tell.
      pending.catch(() => undefined);
    }
  }

  private async probe(): Promise<boolean> {
    const ready = await this.isReady();
    this.knownDown = !ready;
    return ready;
  }
}
