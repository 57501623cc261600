import type { IngestOutcome } from '../../src/index.ts';
import type { DownloadedFile } from '../shared/download-to-file.ts';
import { ingestConversationFiles } from '../shared/ingest-conversation-files.ts';
import type { TeamsMessage } from './cards/adaptive-card.ts';
import { ingestSummaryMessage } from './cards/ingest-summary-card.ts';
import type { TeamsHandlerDependencies } from './teams-dependencies.ts';
import { chatTextToTeams } from './teams-markdown.ts';
import type { TeamsTurn } from './teams-turn.ts';

/** A file found in a Teams message, downloadable once (allowlist and size limit enforced). */
export interface SharedFile {
  name: string;
  /** Teams' id of the file (personal: `uniqueId`; channels: the attachment id). */
  fileId?: string;
  download(): Promise<DownloadedFile>;
}

/**
 * Reads the files of one Teams message into the conversation's space (ingestConversationFiles): the
 * progress message is Markdown, a paragraph per file, edited through the Bot Connector; the summary is
 * a card with each file's counts or what went wrong.
 */
export async function ingestSharedFiles(dependencies: TeamsHandlerDependencies, turn: TeamsTurn, files: SharedFile[]): Promise<IngestOutcome[]> {
  const { replies } = dependencies;
  return ingestConversationFiles<SharedFile, TeamsMessage>(
    dependencies,
    {
      name: 'teams',
      nameOf: file => file.name,
      idOf: file => file.fileId,
      download: async file => ({
        name: file.name,
        downloaded: await file.download(),
        source: { platform: 'teams', fileId: file.fileId, sharedBy: turn.userId, messageRef: `${turn.conversationId};messageid=${turn.activityId}` },
      }),
      render: chatTextToTeams,
      // Teams Markdown joins single line breaks; a blank line keeps one file per line.
      progressMessage: lines => ({ text: lines.join('\n\n') }),
      // Only channel posts have threads; there a question in the post's thread is about these files first.
      summaryMessage: outcomes => ingestSummaryMessage(outcomes, turn.kind === 'personal' ? '' : '@Folio', turn.kind === 'channel'),
      async post(message) {
        // A progress message that could not be posted is not worth the file: the summary is posted at the end.
        const messageId = await replies.reply(turn.reference, message).catch(error => {
          dependencies.log.warn(
            { message: error instanceof Error ? error.message : String(error), space: turn.space },
            'could not post a Teams progress message',
          );
          return undefined;
        });
        return messageId ? edited => replies.update(turn.reference, messageId, edited) : undefined;
      },
    },
    turn.space,
    files,
  );
}
