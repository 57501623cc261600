import type { AllMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { spaceOfConversation } from '../../src/index.ts';
import type { SlackHandlerDependencies } from './slack-dependencies.ts';
import { suggestedPromptsFor, suggestedPromptsTitle } from './suggested-prompts.ts';

/** `assistant_thread_started` and `assistant_thread_context_changed` carry the same thread. */
interface AssistantThreadEvent {
  assistant_thread?: { user_id?: string; channel_id?: string; thread_ts?: string; context?: { channel_id?: string; team_id?: string } };
}

/** `app_home_opened`: agent apps get it (tab `messages`) when a person opens Folio's DM. */
interface AppHomeOpenedEvent {
  user?: string;
  channel?: string;
  tab?: string;
}

type Args<Event> = { event: Event; body: { team_id?: string } } & Pick<AllMiddlewareArgs, 'context' | 'client'>;

/**
 * When a person opens Folio's agent view or its DM (`assistant_thread_started`, or `app_home_opened` on
 * the Messages tab, which agent apps get instead), the conversation gets up to four suggested prompts
 * made from the documents a question there can be answered from: the person's DM space, plus the
 * workspace-wide space when it opted in. A channel being looked at adds nothing, since a prompt clicked
 * in the DM is answered from the DM's documents. Prompts are computed at these events, and again when
 * the DM's documents change (refreshSuggestedPrompts); a refusal is logged.
 */
export function onAssistantThread(dependencies: SlackHandlerDependencies) {
  return async ({ event, body, context, client }: Args<AssistantThreadEvent>): Promise<void> => {
    const thread = event.assistant_thread;
    const teamId = context.teamId ?? body.team_id ?? thread?.context?.team_id;
    if (!thread?.user_id || !thread.channel_id || !teamId) return;
    refreshSuggestedPrompts(dependencies, client, { teamId, userId: thread.user_id, channelId: thread.channel_id });
  };
}

export function onAppHomeOpened(dependencies: SlackHandlerDependencies) {
  return async ({ event, body, context, client }: Args<AppHomeOpenedEvent>): Promise<void> => {
    const teamId = context.teamId ?? body.team_id;
    if (event.tab !== 'messages' || !event.user || !event.channel || !teamId) return;
    refreshSuggestedPrompts(dependencies, client, { teamId, userId: event.user, channelId: event.channel });
  };
}

/** Sets a person's DM prompts from the documents it reads now (in the background; a refusal is logged). */
export function refreshSuggestedPrompts(
  dependencies: SlackHandlerDependencies,
  client: WebClient,
  dm: { teamId: string; userId: string; channelId: string },
): void {
  dependencies.tasks.run('slack suggested prompts', async () => {
    try {
      const space = spaceOfConversation({ platform: 'slack', teamId: dm.teamId, channelId: dm.channelId, userId: dm.userId, isDirectMessage: true });
      const { ready } = await dependencies.app.spaceStatus(await dependencies.app.readableSpaces(space));
      // Agent apps (manifest `agent_view`) must not pass thread_ts: Slack then drops the call silently.
      await client.assistant.threads.setSuggestedPrompts({ channel_id: dm.channelId, title: suggestedPromptsTitle, prompts: suggestedPromptsFor(ready) });
    } catch (error) {
      dependencies.log.warn(
        { err: error, channel: dm.channelId, code: (error as { data?: { error?: string } }).data?.error },
        'could not set the suggested prompts',
      );
    }
  });
}
