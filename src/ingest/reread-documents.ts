import { access } from 'node:fs/promises';
import type { DocumentRecord } from '../documents/types.ts';
import { asFolioError } from '../errors.ts';
import { detectFileType } from './detect-file-type.ts';
import { readInto, type IngestFilesDependencies, type IngestOutcome } from './ingest-files.ts';
import type { PreparedDocument } from './record-submission.ts';

const missingOriginal = {
  code: 'file_not_found',
  message: 'Its original file is no longer in the data dir, so it could not be read again. Share the file again.',
};

/**
 * Documents read again from their stored originals (`folio reindex`), keeping their ids, names,
 * spaces, sources and creation times. A document that had failed is recorded as it was, not read
 * again (its original has not changed); one whose original is gone is recorded as failed, saying so.
 * Outcomes come in the order of `records`.
 */
export async function rereadDocuments(records: DocumentRecord[], dependencies: IngestFilesDependencies): Promise<IngestOutcome[]> {
  const { store, blobs, config } = dependencies;
  const outcomes: Array<IngestOutcome | undefined> = [];
  const toRead: Array<{ index: number; prepared: PreparedDocument }> = [];
  for (const [index, record] of records.entries()) {
    const failed = (error: { code: string; message: string }): IngestOutcome => ({
      documentId: record.id,
      name: record.name,
      pages: 0,
      status: 'failed',
      duplicate: false,
      error,
    });
    if (record.status === 'failed') {
      await store.saveRecord(record);
      outcomes.push(failed(record.error ?? { code: 'internal', message: 'It could not be read.' }));
      continue;
    }
    const path = blobs.originalPath(record.sha256);
    try {
      await access(path);
      const file = await detectFileType(path, { declaredName: record.name, maxBytes: config.maxFileBytes });
      const queued: DocumentRecord = { ...record, status: 'queued', error: undefined, updatedAt: new Date().toISOString() };
      await store.saveRecord(queued);
      toRead.push({ index, prepared: { record: queued, file: { kind: file.kind, mime: file.mime, extension: file.extension } } });
      outcomes.push(undefined);
    } catch (error) {
      const reason =
        (error as { code?: string }).code === 'ENOENT' ? missingOriginal : { code: asFolioError(error).code, message: asFolioError(error).userMessage };
      await store.saveRecord({ ...record, status: 'failed', error: reason, updatedAt: new Date().toISOString() });
      outcomes.push(failed(reason));
    }
  }
  return readInto(outcomes, toRead, dependencies);
}
