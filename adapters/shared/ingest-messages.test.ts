import { describe, expect, it } from 'vitest';
import { plainChatText, renderChatText } from '../../src/index.ts';
import { askHint, outcomeLine, outcomeText, progressLine, retryLine } from './ingest-messages.ts';

const slackBold = (name: string) => `*${name}*`;
const teamsBold = (name: string) => `**${name}**`;

describe('ingest messages', () => {
  it('says where reading is, with the document name marked for each platform to render', () => {
    const line = progressLine('a.pdf', { type: 'page', stage: 'parsing', page: 12, pageCount: 40 });
    expect(renderChatText(line, slackBold)).toBe('Reading *a.pdf*: page 12 of 40…');
    expect(renderChatText(line, teamsBold)).toBe('Reading **a.pdf**: page 12 of 40…');
    expect(plainChatText(progressLine('a.pdf', { type: 'figure', stage: 'describing', done: 3, total: 9 }))).toBe('Describing the figures in a.pdf: 3 of 9…');
  });

  it('marks only the names: plain words keep their characters, names are left to the renderer to escape', () => {
    const line = progressLine('*draft* <v2>.pdf', { type: 'stage', stage: 'converting' });
    expect(line).toEqual(['Converting ', { bold: '*draft* <v2>.pdf' }, ' to PDF…']);
    expect(renderChatText(line, name => `**${name.replace(/\*/g, '\\*')}**`)).toBe('Converting **\\*draft\\* <v2>.pdf** to PDF…');
  });

  it('summarises a ready document and explains a failure', () => {
    const ready = {
      documentId: 'd',
      name: 'a.pdf',
      pages: 12,
      status: 'ready' as const,
      duplicate: false,
      stats: { pages: 12, sections: 5, tables: 1, figures: 2, figuresDescribed: 2, ocrPages: 0, ms: { convert: 0, parse: 1, describe: 0, tree: 0, total: 1 } },
    };
    expect(renderChatText(outcomeLine(ready), teamsBold)).toBe('**a.pdf** is ready: 12 pages, 5 sections, 1 table, 2 figures (2 described).');
    expect(plainChatText(outcomeText(ready, '<@U0BOT>'))).toBe(
      'a.pdf is ready: 12 pages, 5 sections, 1 table, 2 figures (2 described).\nAsk me about it, e.g. “<@U0BOT> what does section 3 say about …?”',
    );
    const unread = { ...ready, stats: { ...ready.stats, ocrPages: 8, ocrIllegiblePages: [1, 2, 3, 4, 5, 6, 7, 8] } };
    expect(plainChatText(outcomeLine(unread))).toBe(
      'a.pdf is ready: 12 pages, 5 sections, 1 table, 2 figures (2 described), 8 scanned pages read with OCR. I could not read the text of scanned pages 1, 2, 3, 4, 5 and 3 more: it may be in a script or language my OCR is not set up for (whoever runs me can add it with FOLIO_OCR_LANGS), or the scan is too poor. Answers will not find what those pages say.',
    );
    expect(plainChatText(askHint(''))).toBe('Ask me about it, e.g. “what does section 3 say about …?”');
    expect(plainChatText(askHint('@Folio', true))).toBe('Ask me about it in this thread, e.g. “@Folio what does section 3 say about …?”');
    const failed = {
      documentId: '',
      name: 'b.pdf',
      pages: 0,
      status: 'failed' as const,
      duplicate: false,
      error: { code: 'pdf_encrypted', message: 'The PDF is password-protected.' },
    };
    expect(renderChatText(outcomeText(failed), slackBold)).toBe('I could not read *b.pdf*: The PDF is password-protected.');
  });

  it('says a temporary problem will be retried, and when', () => {
    const job = { id: 'j', space: 'web:x', documentId: 'd', sha256: 's', name: 'c.pdf', source: { platform: 'web' }, queuedAt: '' } as never;
    const line = retryLine({
      type: 'retrying',
      job,
      attempt: 1,
      delayMs: 4_200,
      error: { code: 'model_unavailable', message: 'the model service did not answer' },
    });
    expect(renderChatText(line, slackBold)).toBe('Reading *c.pdf* hit a temporary problem (the model service did not answer); trying again in 4 s.');
  });
});
