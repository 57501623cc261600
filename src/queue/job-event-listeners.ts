import type { Logger } from '../log.ts';
import type { IngestJobEvent } from './types.ts';

/**
 * The subscribers of one queue. A listener that throws is logged and skipped: one broken chat message
 * updater must not stop progress reaching the others, nor the queue itself.
 */
export class JobEventListeners {
  private readonly listeners = new Set<(event: IngestJobEvent) => void>();

  constructor(private readonly log: Logger) {}

  get size(): number {
    return this.listeners.size;
  }

  add(listener: (event: IngestJobEvent) => void): () => void {
    // A wrapper per subscription, so subscribing the same function twice gives two independent subscriptions.
    const subscription = (event: IngestJobEvent) => listener(event);
    this.listeners.add(subscription);
    return () => this.listeners.delete(subscription);
  }

  emit(event: IngestJobEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.log.warn({ err: error, jobId: event.job.id, eventType: event.type }, 'an ingest progress listener threw');
      }
    }
  }
}
