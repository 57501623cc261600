import { parseSpaceId, type SpaceId } from '../../src/spaces/space-id.ts';

/**
 * The knowledge space of a Slack conversation: `slack:<team>:<channel>`, or `slack:<team>:dm:<user>` for a
 * direct message with the bot (keyed by the person, so their DM documents follow them, not the channel id).
 * Group DMs are channels here: everyone in them sees the same documents.
 */
export function slackSpaceOf(conversation: { teamId: string; channelId: string; userId?: string; isDirectMessage: boolean }): SpaceId {
  if (conversation.isDirectMessage && conversation.userId) return parseSpaceId(`slack:${conversation.teamId}:dm:${conversation.userId}`);
  return parseSpaceId(`slack:${conversation.teamId}:${conversation.channelId}`);
}

/** Slack's DM channel ids start with D; events also say `channel_type: 'im'`. */
export function isDirectMessageChannel(channelId: string, channelType?: string): boolean {
  return channelType === 'im' || channelId.startsWith('D');
}
