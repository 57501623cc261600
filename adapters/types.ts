import type { Express } from 'express';

/**
 * A surface Folio is used through, plugged into the service: `folio serve` builds the configured ones
 * (adapters/surfaces.ts), adds their routes to the one express app, starts them, and stops them on
 * shutdown. A surface turns platform events into Folio calls (src/index.ts) and outcomes into platform
 * messages; the core knows none of them.
 */
export interface SurfaceAdapter {
  readonly name: 'slack' | 'teams';
  /** Adds the surface's HTTP routes (Slack `/slack/events`, Teams `/api/messages`) to the shared app. */
  routes(app: Express): void;
  /** Background work: Socket Mode connections, subscriptions to ingest progress. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One line for the start-up summary, e.g. "Slack: HTTP events at /slack/events (single workspace)". */
  readonly summary: string;
}
