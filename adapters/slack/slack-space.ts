/** Slack's DM channel ids start with D; events also say `channel_type: 'im'`. */
export function isDirectMessageChannel(channelId: string, channelType?: string): boolean {
  return channelType === 'im' || channelId.startsWith('D');
}
