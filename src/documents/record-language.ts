import { documentLanguage } from '../text/detect-language.ts';
import type { DocumentRecord } from './types.ts';

/**
 * The language a document is written in: the one read from its whole text at ingest, else (a record
 * kept before that was read) from its printed title and opening words, which an invoice's addresses or
 * a deck's names often outweigh.
 */
export function recordLanguage(record: Pick<DocumentRecord, 'title' | 'opening' | 'language'>): string {
  return record.language ?? documentLanguage([record.title ?? '', record.opening ?? '']);
}
