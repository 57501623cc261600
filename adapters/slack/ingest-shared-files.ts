import type { IngestOutcome } from '../../src/index.ts';
import { ingestConversationFiles } from '../shared/ingest-conversation-files.ts';
import { refreshSuggestedPrompts } from './on-assistant-thread.ts';
import { outcomeText } from '../shared/ingest-messages.ts';
import type { SlackConversation, SlackHandlerDependencies } from './slack-dependencies.ts';
import { completeFileObject, downloadSlackFile, fileName, type SlackFile } from './slack-file.ts';
import { chatTextToMrkdwn } from './slack-mrkdwn.ts';
import { isDirectMessageChannel } from './slack-space.ts';
import { threadStatus } from './thread-status.ts';

/**
 * Reads the files of one Slack message into the conversation's space (ingestConversationFiles): the
 * progress message is a line of mrkdwn per file, edited with chat.update; the summary keeps one line
 * per file. Slack Connect stubs are completed with files.info before the download. In a DM, a document
 * that became ready refreshes the DM's suggested prompts, so "Try asking" names it at once.
 */
export async function ingestSharedFiles(dependencies: SlackHandlerDependencies, conversation: SlackConversation, files: SlackFile[]): Promise<IngestOutcome[]> {
  const { settings } = dependencies;
  // A real mention renders with the bot's name as installed (it need not be "Folio").
  const botMention = conversation.botUserId ? `<@${conversation.botUserId}>` : '@Folio';
  const { client, channelId } = conversation;
  const status = threadStatus(conversation, dependencies.log);
  const outcomes = await ingestConversationFiles(
    dependencies,
    {
      name: 'slack',
      nameOf: fileName,
      idOf: file => file.id,
      async download(shared) {
        const file = await completeFileObject(client, shared);
        const downloaded = await downloadSlackFile(file, {
          token: conversation.token,
          fileHosts: settings.fileHosts,
          maxBytes: settings.maxFileBytes,
          allowInsecureLoopback: settings.allowInsecureLoopbackDownloads,
        });
        return {
          name: fileName(file),
          downloaded,
          source: { platform: 'slack', fileId: file.id, sharedBy: conversation.userId, messageRef: `${channelId}:${conversation.messageTs}` },
          onSubmitted: submitted =>
            dependencies.fileRecords.remember({ fileId: file.id, space: conversation.space, documentId: submitted.documentId, permalink: file.permalink }),
        };
      },
      render: chatTextToMrkdwn,
      progressMessage: lines => lines.join('\n'),
      // The summary goes into the share's thread, where a question is about these files first.
      summaryMessage: outcomes => outcomes.map(outcome => chatTextToMrkdwn(outcomeText(outcome, botMention, true))).join('\n'),
      // "is reading Q3-report.pdf: page 12 of 40…" under the thread while the files are read.
      status: line => void (line ? status.set(`is reading the shared files: ${line}`) : status.clear()),
      async post(text) {
        const posted = await client.chat.postMessage({ channel: channelId, thread_ts: conversation.threadTs, text });
        return async edited => {
          await client.chat.update({ channel: channelId, ts: posted.ts!, text: edited });
        };
      },
    },
    conversation.space,
    files,
  );
  if (isDirectMessageChannel(channelId) && conversation.userId && outcomes.some(outcome => outcome.status === 'ready')) {
    refreshSuggestedPrompts(dependencies, client, { teamId: conversation.teamId, userId: conversation.userId, channelId });
  }
  return outcomes;
}
