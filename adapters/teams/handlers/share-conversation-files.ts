import { FolioError } from '../../../src/index.ts';
import { downloadToFile, hostAllowed } from '../../shared/download-to-file.ts';
import type { GraphAttachment, GraphClient } from '../graph/graph-client.ts';
import { ingestSharedFiles, type SharedFile } from '../ingest-shared-files.ts';
import { teamGroupIdOf } from '../team-group-id.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import type { TeamsTurn } from '../teams-turn.ts';

/**
 * Files posted in a channel or group chat: Teams does not put them in the bot's activity, so the
 * message is read through Microsoft Graph (RSC ChannelMessage.Read.Group / ChatMessage.Read.Chat) and
 * its `reference` attachments (SharePoint/OneDrive URLs) are downloaded through Graph's shares API.
 * Resolves false when the message has no files (the caller then treats it as a question or ignores it).
 */
export async function shareConversationFiles(dependencies: TeamsHandlerDependencies, turn: TeamsTurn): Promise<boolean> {
  const { graph, settings } = dependencies;
  if (!graph) throw noAppRegistration();
  const message =
    turn.kind === 'channel'
      ? await graph.channelMessage(turn.tenantId, {
          teamGroupId: await teamGroupIdOf(dependencies, turn),
          channelId: turn.channelId!,
          messageId: turn.activityId,
          threadRootId: turn.threadRootId,
        })
      : await graph.chatMessage(turn.tenantId, { chatId: turn.conversationId, messageId: turn.activityId });
  const references = (message.attachments ?? []).filter(
    (attachment): attachment is GraphAttachment & { contentUrl: string; name: string } =>
      attachment.contentType === 'reference' && Boolean(attachment.contentUrl) && Boolean(attachment.name),
  );
  if (references.length === 0) return false;
  const files: SharedFile[] = references.map(attachment => ({
    name: attachment.name,
    fileId: attachment.id ?? undefined,
    download: () => downloadReference(graph, turn.tenantId, attachment.contentUrl, settings),
  }));
  await ingestSharedFiles(dependencies, turn, files);
  return true;
}

async function downloadReference(graph: GraphClient, tenantId: string, contentUrl: string, settings: TeamsHandlerDependencies['settings']) {
  // A `reference` can point anywhere (a pasted link to another site); only the tenant's own file storage is read.
  let url: URL | undefined;
  try {
    url = new URL(contentUrl);
  } catch {
    url = undefined;
  }
  const host = url?.host ?? '';
  if (!url || !(hostAllowed(url.hostname, settings.fileHosts) || hostAllowed(url.host, settings.fileHosts))) {
    throw new FolioError({
      code: 'download_refused',
      message: `reference attachment on ${host || 'an invalid URL'} is not on TEAMS_FILE_HOSTS`,
      userMessage: "I can only read files stored in your organisation's SharePoint or OneDrive, so I did not open that link.",
    });
  }
  const where = await graph.fileDownload(tenantId, contentUrl);
  return downloadToFile(where.url, {
    allowedHosts: settings.fileHosts,
    headers: where.headers,
    maxBytes: settings.maxFileBytes,
    allowInsecureLoopback: settings.allowInsecureLoopbackDownloads,
  });
}

function noAppRegistration(): FolioError {
  return new FolioError({
    code: 'config_invalid',
    message: 'a channel or chat file needs Graph, but no app id and secret are configured (TEAMS_APP_ID, TEAMS_APP_PASSWORD)',
    userMessage:
      'I cannot read files posted in channels or group chats here: Folio has no Microsoft app registration configured. An administrator needs to set one up; until then, send files to me in a personal chat.',
  });
}
