import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Logger, SurfaceState } from '../../src/index.ts';

/** Slack retries an unacknowledged event three times within about an hour; a day covers every retry. */
const dedupeTtlSeconds = 24 * 3600;

/**
 * Slack resends an event it did not see acknowledged in time (`x-slack-retry-num`), and Bolt does not
 * dedupe. The first delivery of an `event_id` claims it in the SurfaceState (atomic, shared by every
 * process); later deliveries stop here.
 */
export function dropRepeatedDeliveries(state: SurfaceState, log: Logger): Middleware<AnyMiddlewareArgs> {
  return async ({ body, context, next }) => {
    const eventId = (body as { event_id?: unknown }).event_id;
    if (typeof eventId === 'string' && !(await state.claim(`slack:event:${eventId}`, { ttlSeconds: dedupeTtlSeconds }))) {
      log.info({ eventId, retryNum: context.retryNum, retryReason: context.retryReason }, 'ignored a repeated Slack delivery');
      return;
    }
    await next();
  };
}

/**
 * One message that shares a file and mentions the bot arrives twice, as `message` (file_share) and as
 * `app_mention`, with different event ids. Whichever comes first claims the message (channel + ts)
 * and handles all of it: the files, then the question.
 */
export function claimMessage(state: SurfaceState, message: { teamId: string; channelId: string; ts: string }): Promise<boolean> {
  return state.claim(`slack:message:${message.teamId}:${message.channelId}:${message.ts}`, { ttlSeconds: dedupeTtlSeconds });
}
