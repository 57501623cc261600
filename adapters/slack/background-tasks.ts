import type { Logger } from '../../src/log.ts';

/**
 * Work started from a Slack event after it was acknowledged. Slack wants an answer within 3 s, so
 * handlers return at once and the work runs here; `drain` lets shutdown (and tests) wait for it.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  run(name: string, work: () => Promise<void>): void {
    const task = work()
      .catch(error => this.log.error({ err: error, task: name }, 'a Slack background task failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves when no task is running (tasks started meanwhile are waited for too). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
