import type { ConversationReference } from '@microsoft/agents-activity';
import type { Logger } from '../../../src/index.ts';
import type { TeamsMessage } from '../cards/adaptive-card.ts';
import type { ConversationReplies } from '../conversation-replies.ts';

/** How the asker sees an answer being worked on: a stream (personal chats) or one message edited in place. */
export interface AnswerReply {
  /** A stage of the work, e.g. "Searching the documents…". */
  stage(line: string): void;
  /** The whole answer text written so far. */
  write(written: string): void;
  /** Shows the final message; resolves with its id, or undefined when nothing could be posted (or the asker stopped it). */
  finish(message: TeamsMessage): Promise<string | undefined>;
}

/** What the Bot Connector said when it refused a call (the SDK's HttpError), for logs and decisions. */
export interface ConnectorRefusal {
  status?: number;
  code?: string;
  message?: string;
}

export function connectorRefusal(error: unknown): ConnectorRefusal {
  const failed = error as { status?: unknown; response?: { status?: unknown; data?: unknown } } | undefined;
  const status = typeof failed?.status === 'number' ? failed.status : typeof failed?.response?.status === 'number' ? failed.response.status : undefined;
  const body = (failed?.response?.data as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return { status, code: typeof body?.code === 'string' ? body.code : undefined, message: typeof body?.message === 'string' ? body.message : undefined };
}

/** Teams' answer when the asker pressed Stop on a streamed answer: 403 ContentStreamNotAllowed, "…cancelled by user." */
export function cancelledByUser(refusal: ConnectorRefusal): boolean {
  return refusal.status === 403 && refusal.code === 'ContentStreamNotAllowed' && /cancel/i.test(refusal.message ?? '');
}

/**
 * Posts a final message by the first way that works, so an answer is never lost to a refused detail:
 * each attempt in turn, then as a plain reply, then (when the message had entities or channelData, which
 * Teams rejects whole when it cannot parse them) as a plain reply with only its text. Refusals are
 * logged by status and code only: the SDK's error carries the request body, which holds document text.
 */
export async function postFinal(
  dependencies: { replies: ConversationReplies; log: Logger },
  reference: ConversationReference,
  message: TeamsMessage,
  attempts: Array<{ name: string; run: () => Promise<string | undefined> }>,
): Promise<string | undefined> {
  const all = [...attempts, { name: 'reply', run: () => dependencies.replies.reply(reference, message) }];
  if (message.text !== undefined && (message.entities || message.channelData)) {
    all.push({ name: 'plain reply', run: () => dependencies.replies.reply(reference, { text: message.text }) });
  }
  for (const attempt of all) {
    try {
      return await attempt.run();
    } catch (error) {
      const refusal = connectorRefusal(error);
      if (cancelledByUser(refusal)) return undefined;
      dependencies.log.warn({ ...refusal, attempt: attempt.name }, 'Teams refused an answer message; trying the next way');
    }
  }
  return undefined;
}
