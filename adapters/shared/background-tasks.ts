import type { Logger } from '../../src/index.ts';

/**
 * Work started from a chat event after the platform's request was answered. Slack wants an answer
 * within 3 s and Teams within about 15 s (both deliver the event again otherwise), while reading a file
 * or answering with a model takes longer; so handlers return at once and the work runs here. A task
 * that throws is logged, never left unhandled; `drain` lets shutdown and tests wait for the work.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  /** `platform` names the adapter in the log line of a failed task ("slack", "teams"). */
  constructor(
    private readonly log: Logger,
    private readonly platform: string,
  ) {}

  run(name: string, work: () => Promise<void>): void {
    const task = work()
      .catch(error => this.log.error({ err: error, task: name, platform: this.platform }, 'a chat background task failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Tasks running now. */
  get size(): number {
    return this.running.size;
  }

  /** Resolves when no task is running (tasks started meanwhile are waited for too). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
