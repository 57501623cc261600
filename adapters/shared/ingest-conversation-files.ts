import {
  plainChatText,
  type ChatText,
  type DocumentSource,
  type Folio,
  type IngestOutcome,
  type Logger,
  type SpaceId,
  type SubmittedDocument,
} from '../../src/index.ts';
import type { DownloadedFile } from './download-to-file.ts';
import type { IngestFollower } from './ingest-follower.ts';
import { replyForError } from './reply-for-error.ts';
import { submitSharedFile } from './submit-shared-file.ts';
import { ThrottledMessage } from './throttled-message.ts';

/** One shared file, downloaded and ready to submit. */
export interface DownloadedSharedFile {
  /** The name to list it under (the platform may only know it after looking the file up). */
  name: string;
  downloaded: DownloadedFile;
  source: DocumentSource;
  /** Runs once the document exists, before its ingest is waited for. */
  onSubmitted?: (submitted: SubmittedDocument) => Promise<void>;
}

/**
 * What a chat platform brings to the shared flow: how its files are named and downloaded, and how its
 * messages are written, posted and edited. `Message` is the platform's message (Slack text, a Teams
 * activity); `File` its file object.
 */
export interface ConversationFilesPlatform<File, Message> {
  /** For log lines and the code of a failed outcome: "slack", "teams". */
  name: string;
  nameOf(file: File): string;
  /** The platform's file id, for logs. */
  idOf(file: File): string | undefined;
  download(file: File): Promise<DownloadedSharedFile>;
  /** A ChatText in the platform's bold and escaping. */
  render(text: ChatText): string;
  /** The progress message: one line per file. */
  progressMessage(lines: string[]): Message;
  /** The final message: each file's outcome, or what went wrong. */
  summaryMessage(outcomes: IngestOutcome[]): Message;
  /** Posts the progress message; returns how to edit it, or undefined when it cannot be edited. */
  post(message: Message): Promise<((message: Message) => Promise<void>) | undefined>;
  /** Where the platform has a status line for the thread: the latest progress, in plain words; `undefined` clears it. */
  status?(line: string | undefined): void;
}

export interface ConversationFilesDependencies {
  app: Folio;
  follower: IngestFollower;
  log: Logger;
  settings: { progressIntervalMs: number; ingestWaitMs: number };
}

/**
 * The files of one chat message, read into the conversation's space, the same on every platform: one
 * progress message in the thread (a line per file, edited as the stages pass, throttled), replaced at
 * the end by the summary of each file or what went wrong in plain words. A file that cannot be
 * downloaded or read fails alone. Resolves when every file is ready or failed.
 */
export async function ingestConversationFiles<File, Message>(
  dependencies: ConversationFilesDependencies,
  platform: ConversationFilesPlatform<File, Message>,
  space: SpaceId,
  files: File[],
): Promise<IngestOutcome[]> {
  const { log } = dependencies;
  const lines = files.map(file => platform.render(['Downloading ', { bold: platform.nameOf(file) }, '…']));
  const edit = await platform.post(platform.progressMessage(lines));
  const progress = new ThrottledMessage<Message>(
    async message => {
      await edit?.(message);
    },
    {
      intervalMs: dependencies.settings.progressIntervalMs,
      onError: error => log.warn({ err: error }, `could not update a ${platform.name} progress message`),
    },
  );
  const outcomes = await Promise.all(
    files.map((file, index) =>
      readOne(dependencies, platform, space, file, line => {
        lines[index] = platform.render(line);
        progress.set(platform.progressMessage(lines));
        platform.status?.(plainChatText(line));
      }),
    ),
  );
  platform.status?.(undefined);
  const summary = platform.summaryMessage(outcomes);
  if (edit) await progress.flush(summary);
  else await platform.post(summary);
  return outcomes;
}

async function readOne<File, Message>(
  dependencies: ConversationFilesDependencies,
  platform: ConversationFilesPlatform<File, Message>,
  space: SpaceId,
  file: File,
  show: (line: ChatText) => void,
): Promise<IngestOutcome> {
  let name = platform.nameOf(file);
  try {
    const downloaded = await platform.download(file);
    name = downloaded.name;
    return await submitSharedFile(
      { app: dependencies.app, follower: dependencies.follower },
      { space, name, downloaded: downloaded.downloaded, source: downloaded.source },
      { timeoutMs: dependencies.settings.ingestWaitMs, onProgress: show, onSubmitted: downloaded.onSubmitted },
    );
  } catch (error) {
    const message = replyForError(error, dependencies.log, { fileId: platform.idOf(file), space });
    return { documentId: '', name, pages: 0, status: 'failed', duplicate: false, error: { code: `${platform.name}_file`, message } };
  }
}
