import type { Express } from 'express';

/**
 * A chat platform plugged into the service. `folio serve` builds the enabled adapters, mounts their
 * routes on the one express app, starts them, and stops them on shutdown. Adapters translate platform
 * events into FolioApp calls and results into platform messages; the core knows none of them.
 */
export interface ChatAdapter {
  readonly name: 'slack' | 'teams';
  /** Adds the adapter's HTTP routes (Slack `/slack/events`, Teams `/api/messages`) to the shared app. */
  mount(app: Express): void;
  /** Background work: Socket Mode connections, subscriptions to ingest progress. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One line for the start-up summary, e.g. "Slack: HTTP events at /slack/events (single workspace)". */
  readonly summary: string;
}
