import type { Attachment } from '@microsoft/agents-activity';
import { downloadToFile } from '../../shared/download-to-file.ts';
import { ingestSharedFiles, type SharedFile } from '../ingest-shared-files.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import type { TeamsTurn } from '../teams-turn.ts';

/** The attachment type of a file sent to the bot in a personal chat (manifest `supportsFiles: true`). */
export const fileDownloadInfoType = 'application/vnd.microsoft.teams.file.download.info';

interface FileDownloadInfo {
  /** Short-lived, pre-authenticated URL (no token needed), usually on the sender's OneDrive host. */
  downloadUrl: string;
  uniqueId?: string;
  fileType?: string;
}

/** The files attached to a personal-chat message (other attachments, e.g. the HTML body, are ignored). */
export function personalFileAttachments(attachments: Attachment[] | undefined): Array<{ name: string; content: FileDownloadInfo }> {
  return (attachments ?? []).flatMap(attachment => {
    const content = attachment.content as Partial<FileDownloadInfo> | undefined;
    if (attachment.contentType !== fileDownloadInfoType || typeof content?.downloadUrl !== 'string') return [];
    return [{ name: attachment.name || `file.${content.fileType ?? 'pdf'}`, content: content as FileDownloadInfo }];
  });
}

/**
 * A file sent to the bot in a personal chat goes into the sender's personal space. The download URL
 * must be on one of TEAMS_FILE_HOSTS (checked again on every redirect) and the size limit holds while
 * the bytes arrive.
 */
export async function sharePersonalFiles(
  dependencies: TeamsHandlerDependencies,
  turn: TeamsTurn,
  attachments: ReturnType<typeof personalFileAttachments>,
): Promise<void> {
  const { settings } = dependencies;
  const files: SharedFile[] = attachments.map(({ name, content }) => ({
    name,
    fileId: content.uniqueId,
    download: () =>
      downloadToFile(content.downloadUrl, {
        allowedHosts: settings.fileHosts,
        maxBytes: settings.maxFileBytes,
        allowInsecureLoopback: settings.allowInsecureLoopbackDownloads,
      }),
  }));
  await ingestSharedFiles(dependencies, turn, files);
}
