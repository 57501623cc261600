import type { IngestOutcome } from '../../src/ingest/ingest-files.ts';
import { outcomeText, progressLine } from '../shared/ingest-messages.ts';
import { replyForError } from './reply-for-error.ts';
import type { SlackConversation, SlackHandlerDependencies } from './slack-dependencies.ts';
import { completeFileObject, downloadSlackFile, fileName, type SlackFile } from './slack-file.ts';
import { escapeMrkdwn } from './slack-mrkdwn.ts';
import { ThrottledMessage } from './throttled-message.ts';

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
    lines[index] = outcomeText({ ...outcome, name: escapeMrkdwn(outcome.name) }, botMention);
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
    let submitted;
    try {
      submitted = await app.submitDocument({
        space: conversation.space,
        path: downloaded.path,
        name,
        source: { platform: 'slack', fileId: file.id, sharedBy: conversation.userId, messageRef: `${conversation.channelId}:${conversation.messageTs}` },
      });
    } finally {
      await downloaded.remove();
    }
    await dependencies.fileRecords.remember({ fileId: file.id, space: conversation.space, documentId: submitted.documentId, permalink: file.permalink });
    if (submitted.duplicate && submitted.record) {
      const record = submitted.record;
      return { documentId: record.id, name: record.name, pages: record.pageCount, status: 'ready', duplicate: true, stats: record.stats };
    }
    const displayName = escapeMrkdwn(name);
    show(progressLine(displayName, { type: 'stage', stage: 'queued' }));
    return await dependencies.waiter.wait(
      { jobId: submitted.jobId, documentId: submitted.documentId, space: conversation.space, name },
      event => show(event.type === 'retrying' ? event.line : progressLine(displayName, event)),
      { timeoutMs: settings.ingestWaitMs },
    );
  } catch (error) {
    const message = replyForError(error, log, { fileId: sharedFile.id, space: conversation.space });
    return { documentId: '', name, pages: 0, status: 'failed', duplicate: false, error: { code: 'slack_file', message } };
  }
}
