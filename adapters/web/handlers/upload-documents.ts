import { rm } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { cleanDocumentName, type FolioError } from '../../../src/index.ts';
import { folioErrorOf, inputInvalid } from '../http-errors.ts';
import { requestLog } from '../request-context.ts';
import { spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';

/** Files per request; more is almost certainly a mistake (a whole folder) and costs many temp files. */
export const maxFilesPerUpload = 20;

export interface UploadedDocument {
  name: string;
  documentId?: string;
  jobId?: string;
  duplicate: boolean;
  /** `queued` for a new document; a duplicate's current status; `failed` when it was refused. */
  status: string;
  error?: { code: string; message: string };
}

/**
 * `POST /v1/spaces/:space/documents` (multipart, any field name, several files): each file is
 * streamed to a temp file with the size limit enforced while it arrives (413 before anything is
 * stored), then submitted: type checked, original stored, ingest queued. Replies 202 at once; progress
 * arrives on `/events`. A file that is refused (wrong type, empty) does not stop the others; when every
 * file is refused the reply is the first refusal's status (415, 400...).
 */
export function uploadDocuments(context: WebContext): RequestHandler[] {
  const receive = multer({
    storage: multer.diskStorage({ destination: context.uploadDir }),
    limits: { fileSize: context.folio.config.ingest.maxFileBytes, files: maxFilesPerUpload, fields: 20, parts: maxFilesPerUpload + 20 },
    // Browsers send UTF-8 file names; busboy's default (latin1) would garble "Präsentation.pptx".
    defParamCharset: 'utf8',
    // busboy's own basename turns "..", "." and "dir/" into an empty name, and multer then drops the
    // file without a word. The name is only display text (uploads are stored under random names), so
    // take it whole and let cleanDocumentName reduce it.
    preservePath: true,
  });
  const submit: RequestHandler = async (request, response) => {
    const files = (request.files as Express.Multer.File[] | undefined) ?? [];
    try {
      const space = spaceParam(request);
      if (files.length === 0) {
        throw inputInvalid('upload without files', 'Attach one or more files as multipart/form-data, e.g. curl -F file=@report.pdf.');
      }
      const documents: UploadedDocument[] = [];
      let firstRefusal: FolioError | undefined;
      for (const file of files) {
        try {
          const submitted = await context.folio.submitDocument({ space, path: file.path, name: file.originalname, source: { platform: 'web' } });
          documents.push({
            name: submitted.name,
            documentId: submitted.documentId,
            jobId: submitted.jobId,
            duplicate: submitted.duplicate,
            status: submitted.duplicate ? (submitted.record?.status ?? 'ready') : 'queued',
          });
        } catch (thrown) {
          const error = folioErrorOf(thrown);
          if (error.code === 'internal' || error.retryable) throw thrown;
          firstRefusal ??= error;
          context.metrics.errors.inc({ code: error.code });
          documents.push({
            name: cleanDocumentName(file.originalname),
            duplicate: false,
            status: 'failed',
            error: { code: error.code, message: error.userMessage },
          });
        }
      }
      if (firstRefusal && documents.every(document => document.status === 'failed')) throw firstRefusal;
      requestLog(response).info({ space, files: documents.length, refused: documents.filter(document => document.error).length }, 'upload accepted');
      response.status(202).json({ documents });
    } finally {
      await Promise.all(files.map(file => rm(file.path, { force: true })));
    }
  };
  // The space is checked before a single byte of the files is read.
  const checkSpace: RequestHandler = (request, _response, next) => {
    spaceParam(request);
    next();
  };
  return [checkSpace, context.uploads.middleware(), receive.any(), submit];
}
