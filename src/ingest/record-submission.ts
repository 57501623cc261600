import { basename } from 'node:path';
import { documentIdFor } from '../documents/document-id.ts';
import { cleanDocumentName } from '../documents/document-name.ts';
import type { DocumentRecord, DocumentSource } from '../documents/types.ts';
import type { BlobStore } from '../store/blob-store.ts';
import type { KnowledgeStore } from '../store/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { detectFileType, type DetectedFile } from './detect-file-type.ts';

export interface SubmissionInput {
  space: SpaceId;
  /** A file on disk; its bytes are copied into the blob store. */
  path: string;
  /** Name as shared; defaults to the path's base name. Cleaned here, once, for every caller. */
  name?: string;
  source: DocumentSource;
}

/** What a document's submission established; an ingest job carries it so nothing is detected twice. */
export interface PreparedDocument {
  record: DocumentRecord;
  /** The file's type from its bytes (office files are converted to PDF before parsing). */
  file: Pick<DetectedFile, 'kind' | 'mime' | 'extension'>;
}

export type Submission =
  /** Recorded as `queued`: the caller reads it now or queues it. */
  | { status: 'recorded'; prepared: PreparedDocument }
  /** The same bytes are already ready in this space: nothing to read. */
  | { status: 'duplicate'; record: DocumentRecord }
  /** The same bytes are being read already (shared twice while being read); the record is left as it is. */
  | { status: 'in_progress'; prepared: PreparedDocument };

/**
 * The one submission step of every ingest (upload, chat share, `folio ingest`): type and size from the
 * bytes, the original stored by sha256, the name cleaned, and the document recorded as `queued`.
 * Throws a FolioError with a user-facing message for a file that cannot be read (unsupported,
 * oversized, missing) before anything is stored.
 */
export async function recordSubmission(
  input: SubmissionInput,
  dependencies: { store: KnowledgeStore; blobs: BlobStore; maxFileBytes: number },
): Promise<Submission> {
  const { store, blobs } = dependencies;
  const name = cleanDocumentName(input.name ?? basename(input.path));
  // Type and size first: an oversized or unsupported file is never copied into the data dir.
  const detected = await detectFileType(input.path, { declaredName: name, maxBytes: dependencies.maxFileBytes });
  const original = await blobs.storeOriginal(input.path);
  const documentId = documentIdFor(input.space, original.sha256);
  const existing = await store.getRecord(input.space, documentId);
  if (existing?.status === 'ready') return { status: 'duplicate', record: existing };
  const file = { kind: detected.kind, mime: detected.mime, extension: detected.extension };
  if (existing && existing.status !== 'failed') return { status: 'in_progress', prepared: { record: existing, file } };
  const timestamp = new Date().toISOString();
  const record: DocumentRecord = {
    id: documentId,
    space: input.space,
    name,
    mime: detected.mime,
    sha256: original.sha256,
    sizeBytes: original.sizeBytes,
    pageCount: existing?.pageCount ?? 0,
    status: 'queued',
    source: input.source,
    createdAt: existing?.createdAt ?? timestamp,
    updatedAt: timestamp,
  };
  await store.saveRecord(record);
  return { status: 'recorded', prepared: { record, file } };
}
