import { documentLanguage } from '../text/detect-language.ts';
import type { DocumentRecord } from './types.ts';

/** The language a document is written in, read from its printed title and opening words (kept on its record at ingest). */
export function recordLanguage(record: Pick<DocumentRecord, 'title' | 'opening'>): string {
  return documentLanguage([record.title ?? '', record.opening ?? '']);
}
