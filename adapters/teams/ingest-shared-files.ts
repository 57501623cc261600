import type { IngestOutcome } from '../../src/ingest/ingest-files.ts';
import type { DownloadedFile } from '../shared/download-to-file.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import { submitSharedFile } from '../shared/submit-shared-file.ts';
import { ThrottledMessage } from '../shared/throttled-message.ts';
import type { TeamsMessage } from './cards/adaptive-card.ts';
import { ingestSummaryMessage } from './cards/ingest-summary-card.ts';
import type { TeamsHandlerDependencies } from './teams-dependencies.ts';
import { chatTextToTeams, escapeTeamsMarkdown } from './teams-markdown.ts';
import type { TeamsTurn } from './teams-turn.ts';

/** A file found in a Teams message, downloadable once (allowlist and size limit enforced). */
export interface SharedFile {
  name: string;
  /** Teams' id of the file (personal: `uniqueId`; channels: the attachment id). */
  fileId?: string;
  download(): Promise<DownloadedFile>;
}

/**
 * Reads the files of one Teams message into the conversation's space: one progress message in the
 * thread (a line per file, edited in place as the stages pass, throttled), replaced at the end by a
 * summary card with each file's counts or what went wrong. Resolves when every file is ready or failed.
 */
export async function ingestSharedFiles(dependencies: TeamsHandlerDependencies, turn: TeamsTurn, files: SharedFile[]): Promise<IngestOutcome[]> {
  const { replies, log, settings } = dependencies;
  const lines = files.map(file => `Downloading **${escapeTeamsMarkdown(file.name)}**…`);
  // Teams Markdown joins single line breaks; a blank line keeps one file per line.
  const render = (): TeamsMessage => ({ text: lines.join('\n\n') });
  const messageId = await replies.reply(turn.reference, render());
  const progress = new ThrottledMessage<TeamsMessage>(
    async message => {
      if (messageId) await replies.update(turn.reference, messageId, message);
    },
    { intervalMs: settings.progressIntervalMs, onError: error => log.warn({ err: error }, 'could not update a Teams progress message') },
  );
  const outcomes = await Promise.all(
    files.map((file, index) =>
      ingestOne(dependencies, turn, file, line => {
        lines[index] = line;
        progress.set(render());
      }),
    ),
  );
  const summary = ingestSummaryMessage(outcomes, turn.kind === 'personal' ? '' : '@Folio');
  if (messageId) await progress.flush(summary);
  else await replies.reply(turn.reference, summary);
  return outcomes;
}

async function ingestOne(dependencies: TeamsHandlerDependencies, turn: TeamsTurn, file: SharedFile, show: (line: string) => void): Promise<IngestOutcome> {
  const { app, log, settings, follower } = dependencies;
  try {
    const downloaded = await file.download();
    return await submitSharedFile(
      { app, follower },
      { space: turn.space, name: file.name, downloaded, source: { platform: 'teams', fileId: file.fileId, sharedBy: turn.userId, messageRef: `${turn.conversationId};messageid=${turn.activityId}` } },
      { timeoutMs: settings.ingestWaitMs, onProgress: line => show(chatTextToTeams(line)) },
    );
  } catch (error) {
    const message = replyForError(error, log, { fileId: file.fileId, space: turn.space });
    return { documentId: '', name: file.name, pages: 0, status: 'failed', duplicate: false, error: { code: 'teams_file', message } };
  }
}
