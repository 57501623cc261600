import type { Config, Folio, Logger } from '../src/index.ts';
import type { SurfaceAdapter } from './types.ts';

/** A chat surface `folio serve` can run: when it is configured, and how it is built. */
export interface ChatSurface<Settings> {
  readonly name: SurfaceAdapter['name'];
  /** For messages: "Slack", "Teams". */
  readonly label: string;
  /** Its settings, or undefined when the configuration does not enable it. */
  settings(config: Config): Settings | undefined;
  /** Loads the surface's module on first use (a process without Slack never loads Bolt). */
  load(): Promise<(folio: Folio, settings: Settings, log: Logger) => Promise<SurfaceAdapter>>;
  /** The module `load` imports, to tell "this build has no such adapter" from a failing import inside it. */
  readonly module: string;
}

function chatSurface<Settings>(surface: ChatSurface<Settings>): ChatSurface<unknown> {
  return surface as ChatSurface<unknown>;
}

/** Every chat surface, in start-up order; the web console and REST API are always on. */
export const chatSurfaces: readonly ChatSurface<unknown>[] = [
  chatSurface({
    name: 'slack',
    label: 'Slack',
    settings: config => config.slack,
    module: 'adapters/slack/index.ts',
    load: async () => (await import('./slack/index.ts')).createSlackAdapter,
  }),
  chatSurface({
    name: 'teams',
    label: 'Teams',
    settings: config => config.teams,
    module: 'adapters/teams/index.ts',
    load: async () => (await import('./teams/index.ts')).createTeamsAdapter,
  }),
];
