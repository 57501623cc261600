import { createHash } from 'node:crypto';
import { FolioError } from '../errors.ts';
import { parseSpaceId, type SpaceId } from './space-id.ts';

/** Where a conversation happens, as a knowledge space sees it. */
export type ConversationPlace =
  /** A Slack channel or group DM, a Teams channel or group chat: everyone in it reads the same documents. */
  | 'channel'
  /** A person's own chat with Folio (Slack DM, Teams personal chat). */
  | 'direct'
  /** The team-wide space a channel may opt into (`slack:<team>:*`, `teams:<tenant>:*`). */
  | 'team'
  /** A space of the web console, REST API or CLI. */
  | 'web';

export interface ConversationSpace {
  space: SpaceId;
  platform: 'slack' | 'teams' | 'web';
  place: ConversationPlace;
  /** Slack team id or Teams tenant id. */
  team?: string;
  /** The team-wide space this one may opt into; none for web and team spaces. */
  teamSpace?: SpaceId;
}

/** A conversation as a chat platform reports it, before it is a space. */
export type ConversationAddress =
  | { platform: 'slack'; teamId: string; channelId: string; userId?: string; isDirectMessage: boolean }
  | { platform: 'teams'; tenantId: string; conversationId: string; isPersonal?: boolean };

/** Teams conversation ids that fit a space id as they are (letters, digits and `: _ . @ = -`). */
const readableConversationId = /^[A-Za-z0-9][A-Za-z0-9:_.@=-]*$/;
const maxSpaceIdChars = 200;
/** Teams personal chats get ids starting with `a:`; channels and group chats start with `19:`. */
const teamsPersonalPrefix = 'a:';

/**
 * The knowledge space of a conversation; every surface derives it here.
 * - Slack: `slack:<team>:<channel>`, or `slack:<team>:dm:<user>` for a direct message with the bot (keyed by
 *   the person, so their DM documents follow them, not the channel id). Group DMs are channels.
 * - Teams: `teams:<tenant>:<conversation id>` for personal chats, group chats and channels alike, without
 *   `;messageid=…`, so every thread of a channel asks the channel's space. An id with other characters or
 *   one too long becomes `h-` + the first 32 hex digits of its sha256: stable, so the same conversation
 *   always lands in the same space.
 */
export function spaceOfConversation(address: ConversationAddress): SpaceId {
  if (address.platform === 'slack') {
    if (address.isDirectMessage && address.userId) return parseSpaceId(`slack:${address.teamId}:dm:${address.userId}`);
    return parseSpaceId(`slack:${address.teamId}:${address.channelId}`);
  }
  const { tenantId, conversationId } = address;
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

/** What a space id says about its conversation: platform, place and team space. */
export function parseConversationSpace(space: SpaceId): ConversationSpace {
  const match = /^(slack|teams):([^:]+):(.+)$/.exec(space);
  if (!match) return { space, platform: 'web', place: 'web' };
  const platform = match[1] as 'slack' | 'teams';
  const [, , team, rest] = match;
  if (rest === '*') return { space, platform, place: 'team', team };
  const direct = platform === 'slack' ? rest.startsWith('dm:') : rest.startsWith(teamsPersonalPrefix);
  return { space, platform, place: direct ? 'direct' : 'channel', team, teamSpace: `${platform}:${team}:*` as SpaceId };
}

/**
 * The team-wide space a chat space may opt into: `slack:<team>:*` for any Slack space of that team,
 * `teams:<tenant>:*` for Teams; none for web spaces (and a team space has none of its own).
 */
export function teamSpaceOf(space: SpaceId): SpaceId | undefined {
  return parseConversationSpace(space).teamSpace;
}
