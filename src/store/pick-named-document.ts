import type { DocumentRecord } from '../documents/types.ts';

/**
 * Which of the records sharing a name `folio tree/forget <name>` means: the searchable (ready) version
 * when there is one, so a failed re-ingest does not hide the version that still answers questions;
 * otherwise the most recently updated (a document still being read, or one that only ever failed).
 */
export function pickNamedDocument(records: DocumentRecord[]): DocumentRecord | null {
  const newestFirst = [...records].sort((left, right) => (left.updatedAt < right.updatedAt ? 1 : left.updatedAt > right.updatedAt ? -1 : 0));
  return newestFirst.find(record => record.status === 'ready') ?? newestFirst[0] ?? null;
}
