import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { onAppHomeOpened, onAssistantThread } from './on-assistant-thread.ts';
import { dropRepeatedDeliveries } from './delivery-dedupe.ts';
import { onFeedback } from './on-feedback.ts';
import { onFileChange, onFileDeleted } from './on-file-deleted.ts';
import { onFolioCommand } from './on-folio-command.ts';
import { onForgetSpace } from './on-forget-space.ts';
import { onMessage } from './on-message.ts';
import { onShareAnswer } from './on-share-answer.ts';
import { onShowPage } from './on-show-page.ts';
import { onUninstall } from './on-uninstall.ts';
import type { SlackHandlerDependencies } from './slack-dependencies.ts';
import { feedbackActionIds, forgetSpaceActionIds, shareAnswerActionId, showPageActionId, slackCommand, type SlackEventType } from './slack-surface.ts';

/** Every Slack event Folio handles, one handler each; the keys are exactly the subscriptions in slack-surface.ts. */
export function slackEventHandlers(dependencies: SlackHandlerDependencies): Record<SlackEventType, (args: never) => Promise<void>> {
  const message = onMessage(dependencies);
  const uninstall = onUninstall(dependencies);
  const assistantThread = onAssistantThread(dependencies);
  return {
    app_mention: message,
    message,
    file_deleted: onFileDeleted(dependencies),
    file_change: onFileChange(dependencies),
    app_uninstalled: uninstall,
    tokens_revoked: uninstall,
    assistant_thread_started: assistantThread,
    assistant_thread_context_changed: assistantThread,
    app_home_opened: onAppHomeOpened(dependencies),
  };
}

/** Registers every handler on the Bolt app: events, the slash command, the feedback, "Show page", "Share in thread" and forget-space buttons. */
export function registerSlackRoutes(bolt: App, dependencies: SlackHandlerDependencies): void {
  bolt.use(dropRepeatedDeliveries(dependencies.app.surfaceState, dependencies.log));
  for (const [type, handler] of Object.entries(slackEventHandlers(dependencies))) {
    bolt.event(type, handler as Parameters<App['event']>[1]);
  }
  bolt.command(slackCommand, onFolioCommand(dependencies));
  bolt.action<BlockAction>(
    { type: 'block_actions', action_id: new RegExp(`^(${feedbackActionIds.buttons}|${feedbackActionIds.up}|${feedbackActionIds.down})$`) },
    onFeedback(dependencies),
  );
  bolt.action<BlockAction<ButtonAction>>({ type: 'block_actions', action_id: new RegExp(`^${showPageActionId}_\\d+$`) }, onShowPage(dependencies));
  bolt.action<BlockAction>({ type: 'block_actions', action_id: shareAnswerActionId }, onShareAnswer(dependencies));
  bolt.action<BlockAction>(
    { type: 'block_actions', action_id: new RegExp(`^(${forgetSpaceActionIds.confirm}|${forgetSpaceActionIds.cancel})$`) },
    onForgetSpace(dependencies),
  );
}
