import { FolioError } from '../../../src/index.ts';

/** What the bot was reading when Graph answered 403, and the permission that allows it. */
export type GraphResource = 'channel-message' | 'chat-message' | 'file';

/**
 * Graph answers 403 when the app lacks a permission. Channel and group-chat messages are readable with
 * resource-specific consent (RSC) declared in the app manifest, granted when the app is installed (or
 * re-consented after the manifest gained the permission); file content behind a message needs Graph's
 * Files.Read.All application permission, consented by a tenant admin in Entra ID.
 */
export function missingPermission(resource: GraphResource, detail: string): FolioError {
  return new FolioError({ code: 'permission_missing', message: `Graph answered 403 reading ${resource}: ${detail}`, userMessage: userMessages[resource] });
}

const userMessages: Record<GraphResource, string> = {
  'channel-message':
    'I cannot read files posted in this channel yet: Folio is missing the permission **ChannelMessage.Read.Group**. ' +
    'A team owner or Teams admin needs to grant it (resource-specific consent) by re-installing Folio in this team or approving its updated permissions, then post the file again.',
  'chat-message':
    'I cannot read files posted in this chat yet: Folio is missing the permission **ChatMessage.Read.Chat**. ' +
    'A chat member or Teams admin needs to grant it (resource-specific consent) by re-adding Folio to this chat or approving its updated permissions, then post the file again.',
  file:
    'I can see the file but may not open it: Folio is missing the Microsoft Graph permission **Files.Read.All**. ' +
    'A Microsoft 365 admin needs to grant it to the Folio app (admin consent in Entra ID), then post the file again.',
};
