import { createHash } from 'node:crypto';
import { FolioError } from '../../src/errors.ts';
import { parseSpaceId, type SpaceId } from '../../src/spaces/space-id.ts';

/** Conversation ids that already fit a space id as they are (letters, digits and `: _ . @ = -`). */
const readableConversationId = /^[A-Za-z0-9][A-Za-z0-9:_.@=-]*$/;
const maxSpaceIdChars = 200;

/**
 * The knowledge space of a Teams conversation: `teams:<tenantId>:<conversation id>` for personal chats,
 * group chats and channels alike. The conversation id is the one without `;messageid=…`, so every
 * thread of a channel asks the channel's space. Teams ids normally fit a space id as they are
 * (`19:abc…@thread.tacv2`, `19:…@thread.v2`, `a:1Xyz…`); an id with other characters or one too long
 * becomes `h-` + the first 32 hex digits of its sha256, which is stable, so the same conversation always
 * lands in the same space.
 */
export function teamsSpaceOf(tenantId: string, conversationId: string): SpaceId {
  if (!/^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/.test(tenantId)) {
    throw new FolioError({
      code: 'input_invalid',
      message: `Teams tenant id is not usable: ${JSON.stringify(tenantId).slice(0, 60)}`,
      userMessage: 'I could not tell which Microsoft 365 organisation this conversation belongs to, so I did nothing with it.',
    });
  }
  const direct = `teams:${tenantId}:${conversationId}`;
  const fits = readableConversationId.test(conversationId) && !conversationId.includes('..') && direct.length <= maxSpaceIdChars;
  return parseSpaceId(fits ? direct : `teams:${tenantId}:h-${createHash('sha256').update(conversationId).digest('hex').slice(0, 32)}`);
}

/** `19:abc@thread.tacv2;messageid=171…` → the conversation and, when present, the thread's root message id. */
export function splitConversationId(id: string): { conversationId: string; threadRootId?: string } {
  const match = /^(.*?);messageid=([^;]+)/.exec(id);
  return match ? { conversationId: match[1], threadRootId: match[2] } : { conversationId: id };
}
