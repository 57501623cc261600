import type { IngestJob } from './types.ts';
import { detectFileType } from '../ingest/detect-file-type.ts';
import type { IngestFilesDependencies, IngestOutcome } from '../ingest/ingest-files.ts';
import type { IngestEvent } from '../ingest/types.ts';

/**
 * The worker's side of an ingest job: the document as it was submitted, read now. A document forgotten
 * while its job waited is dropped; one already ready with the same bytes is a duplicate. Jobs queued by
 * older versions carry no detected type, which is then detected from the stored original.
 */
export async function readIngestJob(
  job: IngestJob,
  report: (event: IngestEvent) => void,
  signal: AbortSignal,
  dependencies: Omit<IngestFilesDependencies, 'onEvent' | 'signal'>,
): Promise<IngestOutcome> {
  const { store, blobs, log, config } = dependencies;
  const record = await store.getRecord(job.space, job.documentId);
  if (!record) {
    log.info({ jobId: job.id }, 'an ingest job whose document was forgotten was dropped');
    return {
      documentId: job.documentId,
      name: job.name,
      pages: 0,
      status: 'failed',
      duplicate: false,
      error: { code: 'document_not_found', message: `${job.name} was removed before it was read.` },
    };
  }
  if (record.status === 'ready' && record.sha256 === job.sha256) {
    return { documentId: record.id, name: record.name, pages: record.pageCount, status: 'ready', duplicate: true, stats: record.stats };
  }
  const file = job.file ?? (await detectFileType(blobs.originalPath(job.sha256), { declaredName: record.name, maxBytes: config.maxFileBytes }));
  // Imported on first use: parsing pulls in pdf.js, which an API process without workers never needs.
  const { readDocuments } = await import('../ingest/ingest-files.ts');
  const [outcome] = await readDocuments([{ record, file }], { ...dependencies, onEvent: (_index, event) => report(event), signal });
  return outcome;
}
