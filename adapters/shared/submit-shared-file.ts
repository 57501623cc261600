import type { DocumentSource, Folio, IngestOutcome, SpaceId, SubmittedDocument } from '../../src/index.ts';
import type { ChatText } from '../../src/index.ts';
import type { DownloadedFile } from './download-to-file.ts';
import type { IngestFollower } from './ingest-follower.ts';
import { progressLine } from './ingest-messages.ts';

export interface SharedFileSubmission {
  space: SpaceId;
  /** The file as the platform named it. */
  name: string;
  source: DocumentSource;
  /** Removed once submitted (submitDocument keeps its own copy by hash), also when submitting fails. */
  downloaded: DownloadedFile;
}

/**
 * A file shared in a chat, already downloaded, becomes a document: submitted to the conversation's
 * space and followed through the queue until it is ready or failed, with a progress line for each stage.
 * The same bytes already ready in that space answer at once (`duplicate`) without being read again.
 * `onSubmitted` runs before the wait (Slack remembers which file became which document there, so a file
 * deleted while it is read still leaves its space). Errors are thrown for the adapter to put into words.
 */
export async function submitSharedFile(
  dependencies: { app: Folio; follower: IngestFollower },
  file: SharedFileSubmission,
  options: { timeoutMs: number; onProgress: (line: ChatText) => void; onSubmitted?: (submitted: SubmittedDocument) => Promise<void> },
): Promise<IngestOutcome> {
  let submitted: SubmittedDocument;
  try {
    submitted = await dependencies.app.submitDocument({ space: file.space, path: file.downloaded.path, name: file.name, source: file.source });
  } finally {
    await file.downloaded.remove();
  }
  await options.onSubmitted?.(submitted);
  if (submitted.duplicate && submitted.record) {
    const record = submitted.record;
    return { documentId: record.id, name: record.name, pages: record.pageCount, status: 'ready', duplicate: true, stats: record.stats };
  }
  options.onProgress(progressLine(file.name, { type: 'stage', stage: 'queued' }));
  return dependencies.follower.follow(
    { jobId: submitted.jobId, documentId: submitted.documentId, space: file.space, name: file.name },
    event => options.onProgress(event.type === 'retrying' ? event.line : progressLine(file.name, event)),
    { timeoutMs: options.timeoutMs },
  );
}
