import { describe, expect, it } from 'vitest';
import { outcomeText, progressLine } from './ingest-messages.ts';

describe('ingest messages', () => {
  it('says where reading is', () => {
    expect(progressLine('a.pdf', { type: 'page', stage: 'parsing', page: 12, pageCount: 40 })).toBe('Reading *a.pdf*: page 12 of 40…');
    expect(progressLine('a.pdf', { type: 'figure', stage: 'describing', done: 3, total: 9 })).toContain('3 of 9');
  });

  it('summarises a ready document and explains a failure', () => {
    const ready = outcomeText({
      documentId: 'd',
      name: 'a.pdf',
      pages: 12,
      status: 'ready',
      duplicate: false,
      stats: { pages: 12, sections: 5, tables: 1, figures: 2, figuresDescribed: 2, ocrPages: 0, ms: { convert: 0, parse: 1, describe: 0, tree: 0, total: 1 } },
    });
    expect(ready).toContain('12 pages, 5 sections, 1 table, 2 figures (2 described)');
    expect(ready).toContain('@Folio');
    const failed = outcomeText({ documentId: '', name: 'b.pdf', pages: 0, status: 'failed', duplicate: false, error: { code: 'pdf_encrypted', message: 'The PDF is password-protected.' } });
    expect(failed).toBe('I could not read *b.pdf*: The PDF is password-protected.');
  });
});
