/**
 * Everything the Slack app asks of a workspace, in one place: the manifest
 * (manifests/slack/manifest.yaml), the OAuth install (`scopes`) and the handlers registered in routes.ts
 * are all checked against these lists (test/slack/manifest.test.ts), so a new API call or event cannot
 * ship without its scope.
 */

/** Web API methods the adapter calls, with the bot scopes each needs (none: any token may call it). */
export const slackWebApiMethods = {
  'auth.test': [],
  'chat.postMessage': ['chat:write'],
  'chat.update': ['chat:write'],
  // Private answers (visibility private, cited-only without a citation, the question limit).
  'chat.postEphemeral': ['chat:write'],
  // Streamed answers (client.chatStream calls all three).
  'chat.startStream': ['chat:write'],
  'chat.appendStream': ['chat:write'],
  'chat.stopStream': ['chat:write'],
  // The thread's "is searching the documents…" status.
  'assistant.threads.setStatus': ['assistant:write'],
  // The agent view's "Try asking" prompts.
  'assistant.threads.setSuggestedPrompts': ['assistant:write'],
  'chat.getPermalink': [],
  'reactions.add': ['reactions:write'],
  'reactions.remove': ['reactions:write'],
  // Thread history: whichever kind of conversation the thread is in.
  'conversations.replies': ['channels:history', 'groups:history', 'im:history', 'mpim:history'],
  'files.info': ['files:read'],
  // "Show page": the page image posted into the thread (files.uploadV2 calls both).
  'files.getUploadURLExternal': ['files:write'],
  'files.completeUploadExternal': ['files:write'],
  // Only during the OAuth install (multi-workspace); authenticated with the client id and secret.
  'oauth.v2.access': [],
} as const satisfies Record<string, readonly string[]>;

export type SlackWebApiMethod = keyof typeof slackWebApiMethods;

/**
 * Bolt event types the adapter listens to, and the manifest event subscriptions (with their scopes)
 * each one stands for. `message` is four subscriptions: channels, private channels, DMs, group DMs.
 */
export const slackEventSubscriptions = {
  app_mention: { events: ['app_mention'], scopes: ['app_mentions:read'] },
  message: {
    events: ['message.channels', 'message.groups', 'message.im', 'message.mpim'],
    scopes: ['channels:history', 'groups:history', 'im:history', 'mpim:history'],
  },
  file_deleted: { events: ['file_deleted'], scopes: ['files:read'] },
  file_change: { events: ['file_change'], scopes: ['files:read'] },
  app_uninstalled: { events: ['app_uninstalled'], scopes: [] },
  tokens_revoked: { events: ['tokens_revoked'], scopes: [] },
  // The agent view: a person opened it, or moved to another channel while it was open.
  assistant_thread_started: { events: ['assistant_thread_started'], scopes: [] },
  assistant_thread_context_changed: { events: ['assistant_thread_context_changed'], scopes: [] },
  app_home_opened: { events: ['app_home_opened'], scopes: [] },
} as const satisfies Record<string, { events: readonly string[]; scopes: readonly string[] }>;

export type SlackEventType = keyof typeof slackEventSubscriptions;

/** The one slash command; `commands` is its scope. */
export const slackCommand = '/folio';

/** Action ids of the 👍/👎 buttons under an answer (interactivity). */
export const feedbackActionIds = {
  /** Slack's feedback_buttons element under every answer. */
  buttons: 'folio_feedback',
  /** The plain buttons of answers posted before feedback_buttons (still clickable in old threads). */
  up: 'folio_feedback_up',
  down: 'folio_feedback_down',
} as const;

/** Action id prefix of the "Show page" buttons under an answer (`folio_show_page_<n>`: ids must differ within a block). */
export const showPageActionId = 'folio_show_page';

/** Action id of the "Share in thread" button under a private answer. */
export const shareAnswerActionId = 'folio_share_answer';

/** Action ids of the Forget / Cancel buttons `/folio forget-space` asks with. */
export const forgetSpaceActionIds = { confirm: 'folio_forget_space_confirm', cancel: 'folio_forget_space_cancel' } as const;

/** Manifest `bot_events`, in a stable order. */
export const slackBotEvents: string[] = [...new Set(Object.values(slackEventSubscriptions).flatMap(entry => entry.events))].sort();

/** Bot token scopes: exactly what the methods, events and command above need. */
export const slackBotScopes: string[] = [
  ...new Set([...Object.values(slackWebApiMethods).flat(), ...Object.values(slackEventSubscriptions).flatMap(entry => entry.scopes), 'commands']),
].sort();
