import type { Logger } from '../../src/index.ts';
import type { SlackConversation } from './slack-dependencies.ts';

/** The status line under a thread while Folio works ("is searching the documents…"). */
export interface ThreadStatus {
  set(status: string, loadingMessages?: string[]): Promise<void>;
  /** Clears it (also done by Slack when the answer is posted). */
  clear(): Promise<void>;
}

/**
 * assistant.threads.setStatus for one thread. Where Slack does not offer it (no `assistant:write`, a
 * conversation that is no assistant thread, an older workspace) the first refusal turns it off for the
 * thread; the :eyes: reaction on the question still says Folio is on it.
 */
export function threadStatus(conversation: SlackConversation, log: Logger): ThreadStatus {
  let available = true;
  let shown: string | undefined;
  const send = async (status: string, loadingMessages?: string[]) => {
    if (!available || status === shown) return;
    shown = status;
    try {
      await conversation.client.assistant.threads.setStatus({
        channel_id: conversation.channelId,
        thread_ts: conversation.threadTs,
        status,
        ...(loadingMessages ? { loading_messages: loadingMessages } : {}),
      });
    } catch (error) {
      available = false;
      log.debug({ err: error, channel: conversation.channelId }, 'no assistant status in this conversation');
    }
  };
  return { set: send, clear: () => send('') };
}
