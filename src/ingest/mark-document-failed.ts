import type { KnowledgeStore } from '../store/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import type { DocumentRecord } from '../documents/types.ts';

/** What a failed document shows: a code for logs and metrics, and a message its sharer can act on. */
export interface DocumentFailure {
  code: string;
  message: string;
}

const unexpected: DocumentFailure = { code: 'internal', message: 'Reading this document failed unexpectedly.' };

/**
 * The one way a document becomes `failed`, whoever noticed: the reader (bad file), the submission (the
 * job could not be queued) or the queue (a job that threw or was given up on). A document that is
 * already ready or failed is left as it is, so a late or repeated report never hides a good version
 * or replaces the first reason. Returns the record as saved, or undefined when nothing changed.
 */
export async function markDocumentFailed(
  store: KnowledgeStore,
  document: { space: SpaceId; id: string },
  failure: DocumentFailure | undefined,
): Promise<DocumentRecord | undefined> {
  const record = await store.getRecord(document.space, document.id);
  if (!record || record.status === 'ready' || record.status === 'failed') return undefined;
  const failed: DocumentRecord = { ...record, status: 'failed', error: failure ?? unexpected, updatedAt: new Date().toISOString() };
  await store.saveRecord(failed);
  return failed;
}
