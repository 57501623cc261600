import type { Logger } from '../../src/index.ts';

/**
 * Slack's refusals that mean "this workspace does not stream" (an older plan, GovSlack, a token or
 * channel type the methods do not allow): the answer then falls back to a posted message edited in place.
 */
const streamingRefusals = new Set([
  'unknown_method',
  'not_allowed',
  'not_allowed_token_type',
  'method_not_supported_for_channel_type',
  'feature_not_enabled',
  'missing_scope',
  'not_enabled',
]);

/** Workspaces (team ids) known not to stream, per process: the fallback is chosen once and logged once. */
export class StreamingSupport {
  private readonly refused = new Set<string>();

  constructor(private readonly log: Logger) {}

  allows(teamId: string): boolean {
    return !this.refused.has(teamId);
  }

  /** True when `error` is Slack refusing streaming; then the workspace is remembered and logged. */
  refusedBy(teamId: string, error: unknown): boolean {
    const code = (error as { data?: { error?: string } })?.data?.error;
    if (!code || !streamingRefusals.has(code)) return false;
    if (!this.refused.has(teamId))
      this.log.warn({ teamId, error: code }, 'this Slack workspace refuses chat.startStream; answers are posted and edited instead');
    this.refused.add(teamId);
    return true;
  }
}
