import type { DocumentSource, DocumentRecord } from '../documents/types.ts';
import { markDocumentFailed } from '../ingest/mark-document-failed.ts';
import { asFolioError } from '../errors.ts';
import type { BlobStore } from '../store/blob-store.ts';
import type { KnowledgeStore } from '../store/types.ts';
import type { Logger } from '../log.ts';
import type { IngestJob, JobQueue } from './types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { recordSubmission } from '../ingest/record-submission.ts';

export interface SubmitDocumentInput {
  space: SpaceId;
  /** A file on disk (surfaces stream downloads to a temporary file first, enforcing the size limit). */
  path: string;
  /** File name as shared. */
  name: string;
  source: DocumentSource;
}

export interface SubmittedDocument {
  jobId: string;
  documentId: string;
  /** The name it is listed under (the shared name, cleaned of paths and control characters). */
  name: string;
  /** The same bytes are already ready in this space: nothing was queued. */
  duplicate: boolean;
  /** Set when `duplicate`: the existing document. */
  record?: DocumentRecord;
}

/**
 * A shared file submitted (recordSubmission) and its ingest queued; the job carries what submission
 * found. Bad input throws a FolioError with a user-facing message before anything is stored. A job that
 * cannot be queued (Redis down, disk full) leaves its document failed with the reason, not "queued"
 * forever, so the same file can simply be shared again.
 */
export async function submitDocument(
  input: SubmitDocumentInput,
  dependencies: { store: KnowledgeStore; blobs: BlobStore; queue: () => JobQueue; maxFileBytes: number; log: Logger },
): Promise<SubmittedDocument> {
  const { store, log } = dependencies;
  const submission = await recordSubmission(input, dependencies);
  if (submission.status === 'duplicate') {
    const { record } = submission;
    return { jobId: `${input.space}:${record.sha256}`, documentId: record.id, name: record.name, duplicate: true, record };
  }
  const { record, file } = submission.prepared;
  const job: IngestJob = {
    id: `${input.space}:${record.sha256}`,
    space: input.space,
    documentId: record.id,
    sha256: record.sha256,
    name: record.name,
    source: record.source,
    queuedAt: new Date().toISOString(),
    file,
  };
  try {
    // Already on its way (shared twice while being read): the queue folds the second job into the first.
    await dependencies.queue().enqueue(job);
  } catch (error) {
    const reason = asFolioError(error);
    if (submission.status === 'recorded') {
      await markDocumentFailed(store, record, { code: reason.code, message: reason.userMessage }).catch(saveError =>
        log.warn({ err: saveError, documentId: record.id }, 'could not mark an unqueued document failed'),
      );
    }
    throw error;
  }
  return { jobId: job.id, documentId: record.id, name: record.name, duplicate: false };
}
