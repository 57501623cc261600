import type { IngestOutcome } from '../../src/ingest/ingest-files.ts';
import { outcomeText } from '../shared/ingest-messages.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import { submitSharedFile } from '../shared/submit-shared-file.ts';
import { ThrottledMessage } from '../shared/throttled-message.ts';
import type { SlackConversation, SlackHandlerDependencies } from './slack-dependencies.ts';
import { completeFileObject, downloadSlackFile, fileName, type SlackFile } from './slack-file.ts';
import { chatTextToMrkdwn, escapeMrkdwn } from './slack-mrkdwn.ts';

/**
 * Reads the files of one Slack message into the conversation's space: one progress message in the
 * thread (a line per file, edited as the stages pass, throttled), then the summary of each file or
 * what went wrong in plain words. Resolves when every file is ready or failed.
 */
export async function ingestSharedFiles(dependencies: SlackHandlerDependencies, conversation: SlackConversation, files: SlackFile[]): Promise<IngestOutcome[]> {
  const { log } = dependencies;
  const lines = files.map(file => `Downloading *${escapeMrkdwn(fileName(file))}*…`);
  const render = () => lines.join('\n');
  const posted = await conversation.client.chat.postMessage({ channel: conversation.channelId, thread_ts: conversation.threadTs, text: render() });
  const progress = new ThrottledMessage<string>(
    async text => {
      await conversation.client.chat.update({ channel: conversation.channelId, ts: posted.ts!, text });
    },
    { intervalMs: dependencies.settings.progressIntervalMs, onError: error => log.warn({ err: error }, 'could not update a Slack progress message') },
  );
  const setLine = (index: number, line: string) => {
    lines[index] = line;
    progress.set(render());
  };
  const outcomes = await Promise.all(files.map((file, index) => ingestOne(dependencies, conversation, file, line => setLine(index, line))));
  // A real mention renders with the bot's name as installed (it need not be "Folio").
  const botMention = conversation.botUserId ? `<@${conversation.botUserId}>` : '@Folio';
  outcomes.forEach((outcome, index) => {
    lines[index] = chatTextToMrkdwn(outcomeText(outcome, botMention));
  });
  await progress.flush(render());
  return outcomes;
}

async function ingestOne(
  dependencies: SlackHandlerDependencies,
  conversation: SlackConversation,
  sharedFile: SlackFile,
  show: (line: string) => void,
): Promise<IngestOutcome> {
  const { app, settings, log } = dependencies;
  let name = fileName(sharedFile);
  try {
    const file = await completeFileObject(conversation.client, sharedFile);
    name = fileName(file);
    const downloaded = await downloadSlackFile(file, {
      token: conversation.token,
      fileHosts: settings.fileHosts,
      maxBytes: settings.maxFileBytes,
      allowInsecureLoopback: settings.allowInsecureLoopbackDownloads,
    });
    return await submitSharedFile(
      { app, follower: dependencies.follower },
      { space: conversation.space, name, downloaded, source: { platform: 'slack', fileId: file.id, sharedBy: conversation.userId, messageRef: `${conversation.channelId}:${conversation.messageTs}` } },
      {
        timeoutMs: settings.ingestWaitMs,
        onProgress: line => show(chatTextToMrkdwn(line)),
        onSubmitted: submitted => dependencies.fileRecords.remember({ fileId: file.id, space: conversation.space, documentId: submitted.documentId, permalink: file.permalink }),
      },
    );
  } catch (error) {
    const message = replyForError(error, log, { fileId: sharedFile.id, space: conversation.space });
    return { documentId: '', name, pages: 0, status: 'failed', duplicate: false, error: { code: 'slack_file', message } };
  }
}
