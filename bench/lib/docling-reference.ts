import { z } from 'zod';
import type { PageNumber } from '../../src/documents/document-tree.ts';

/**
 * The parts of a DoclingDocument (JSON v1.x, Docling's ground-truth files) that the fidelity
 * benchmark compares against: headings, tables and pictures with the page they sit on.
 */
export interface DoclingReference {
  headings: Array<{ text: string; page: PageNumber }>;
  tables: Array<{ page: PageNumber; label: string }>;
  pictures: Array<{ page: PageNumber }>;
}

const provenance = z.array(z.object({ page_no: z.number().int().positive() })).default([]);
const doclingDocument = z.object({
  texts: z.array(z.object({ label: z.string(), text: z.string().default(''), prov: provenance })).default([]),
  tables: z.array(z.object({ label: z.string().default('table'), prov: provenance })).default([]),
  pictures: z.array(z.object({ prov: provenance })).default([]),
});

/** Docling labels a document's title 'title' and every other heading 'section_header'. */
const headingLabels = new Set(['title', 'section_header']);

export function readDoclingReference(json: unknown): DoclingReference {
  const document = doclingDocument.parse(json);
  const headings = document.texts
    .filter(item => headingLabels.has(item.label) && item.prov.length > 0 && item.text.trim().length > 0)
    .map(item => ({ text: item.text, page: item.prov[0].page_no }));
  // 'document_index' (a table of contents) is kept: Docling files it under tables[], and a reader
  // that finds a contents grid on that page has found it.
  const tables = document.tables.filter(item => item.prov.length > 0).map(item => ({ page: item.prov[0].page_no, label: item.label }));
  const pictures = document.pictures.filter(item => item.prov.length > 0).map(item => ({ page: item.prov[0].page_no }));
  return { headings, tables, pictures };
}
