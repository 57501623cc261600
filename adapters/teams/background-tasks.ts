import type { Logger } from '../../src/log.ts';

/**
 * Work started from a Teams activity after the HTTP request was answered. Teams expects the bot to
 * answer within about 15 s (and may deliver the activity again when it does not), while reading a file
 * or answering with a model can take longer; so handlers return at once and the work runs here, and
 * `drain` lets shutdown and tests wait for it.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  run(name: string, work: () => Promise<void>): void {
    const task = work()
      .catch(error => this.log.error({ err: error, task: name }, 'a Teams background task failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves when no task is running (tasks started meanwhile are waited for too). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
