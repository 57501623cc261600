import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { FolioError } from '../../errors.ts';
import type { FigureSink } from '../types.ts';
import { makeRawPdf, makeTestPdf, type TestText } from '../../../test/support/layout/make-test-pdf.ts';
import { parsePdf } from './parse-pdf.ts';

const figureSink: FigureSink = { save: async () => ({ sha256: 'unused' }) };
const parse = (data: Uint8Array, maxPages = 50) => parsePdf(data, { name: 'test.pdf', figureSink, maxPages });

const body = 'The quick brown fox jumps over the lazy dog again and again';

describe('parsePdf', () => {
  it('finds headings by size, weight and numbering, and the title on page 1', async () => {
    const data = await makeTestPdf([
      {
        texts: [
          { text: 'Annual Widget Report', x: 72, top: 72, size: 24, font: 'bold' },
          { text: '1 Introduction', x: 72, top: 130, size: 16, font: 'bold' },
          { text: `${body} one.`, x: 72, top: 160, size: 10 },
          { text: `${body} two.`, x: 72, top: 172, size: 10 },
          { text: '1.1 Scope of the work', x: 72, top: 200, size: 10 },
          { text: `${body} three.`, x: 72, top: 220, size: 10 },
          { text: 'Method details', x: 72, top: 250, size: 10, font: 'bold' },
          { text: `${body} four.`, x: 72, top: 270, size: 10 },
          { text: `${body} five.`, x: 72, top: 282, size: 10 },
        ],
      },
    ]);
    const parsed = await parse(data);
    const kinds = parsed.blocks.map(block => [block.kind, block.text]);
    expect(kinds).toEqual([
      ['title', 'Annual Widget Report'],
      ['heading', '1 Introduction'],
      ['paragraph', `${body} one. ${body} two.`],
      ['heading', '1.1 Scope of the work'],
      ['paragraph', `${body} three.`],
      ['heading', 'Method details'],
      ['paragraph', `${body} four. ${body} five.`],
    ]);
    const introduction = parsed.blocks[1];
    expect(introduction.font).toMatchObject({ bold: true, italic: false, name: 'Helvetica-Bold' });
    expect(introduction.font!.size).toBeCloseTo(16, 1);
    expect(parsed.blocks[2].font).toMatchObject({ bold: false, name: 'Helvetica' });
    expect(parsed.blocks.map(block => block.order)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(parsed).toMatchObject({ pageCount: 1, parser: 'pdfjs', ocrPages: [], outline: [] });
    expect(parsed.pageSizes).toEqual([{ width: 612, height: 792 }]);
  });

  it('reads text painted twice over itself for a bolder look once, in headings and lines alike', async () => {
    // As some producers draw a shadow or fake bold: each run again, a fraction of an em away.
    const twice = (text: string, x: number, top: number, size: number, offset: number): TestText[] => [
      { text, x, top, size },
      { text, x: x - offset, top: top - offset, size },
    ];
    const data = await makeTestPdf([
      {
        texts: [
          ...twice('Public Complaints', 72, 80, 40, 2.9),
          ...twice('Residential trash and garbage', 72, 160, 12, 0.9),
          { text: `${body} one.`, x: 72, top: 190, size: 12 },
          { text: `${body} one.`, x: 72, top: 206, size: 12 },
        ],
      },
    ]);
    const texts = (await parse(data)).blocks.map(block => block.text);
    expect(texts[0]).toBe('Public Complaints');
    expect(texts.join(' ')).toContain('Residential trash and garbage');
    expect(texts.join(' ')).not.toMatch(/garbage\s*Residential|ComplaintsPublic|Complaints Public/);
    // The same words on the next line are another line, not a copy.
    expect(texts.join(' ').split(`${body} one.`)).toHaveLength(3);

    // The copy cut into other pieces than the first, as a care inspection report's title is:
    // "The" + "Limes R" + "esidential Home" under "The Limes" + "Residential" + "Home", 0.9 pt to the right.
    const cutOtherwise = await makeTestPdf([
      {
        texts: [
          { text: 'The', x: 34, top: 80, size: 44, font: 'bold' },
          { text: 'The Limes', x: 34.9, top: 80, size: 44, font: 'bold' },
          { text: 'Limes R', x: 111.2, top: 80, size: 44, font: 'bold' },
          { text: 'Residential', x: 225.4, top: 80, size: 44, font: 'bold' },
          { text: 'esidential Home', x: 249.2, top: 80, size: 44, font: 'bold' },
          { text: 'Home', x: 432.6, top: 80, size: 44, font: 'bold' },
          { text: `${body} two.`, x: 34, top: 160, size: 12 },
        ],
      },
    ]);
    expect((await parse(cutOtherwise)).blocks[0].text).toBe('The Limes Residential Home');
  });

  it('reads a two-column page column by column, under a full-width title', async () => {
    const texts: TestText[] = [{ text: 'A Study of Two Columns', x: 150, top: 60, size: 20, font: 'bold' }];
    for (let line = 0; line < 8; line++) {
      texts.push({ text: `Left column line ${line + 1} with enough words`, x: 54, top: 120 + line * 12, size: 10, font: 'regular' });
      texts.push({ text: `Right column line ${line + 1} with enough words`, x: 320, top: 120 + line * 12, size: 10, font: 'regular' });
    }
    // A paragraph gap at the same height in both columns must not make the reader zig-zag.
    for (let line = 0; line < 4; line++) {
      texts.push({ text: `Left second paragraph ${line + 1} with words`, x: 54, top: 240 + line * 12, size: 10, font: 'regular' });
      texts.push({ text: `Right second paragraph ${line + 1} with words`, x: 320, top: 240 + line * 12, size: 10, font: 'regular' });
    }
    texts.push({ text: 'A closing note that spans both of the columns of this page, set in full width.', x: 54, top: 340, size: 10, font: 'regular' });
    const parsed = await parse(await makeTestPdf([{ texts }]));
    const text = parsed.blocks.map(block => block.text).join('\n');
    const positions = [
      'A Study of Two Columns',
      'Left column line 1',
      'Left column line 8',
      'Left second paragraph 4',
      'Right column line 1',
      'Right second paragraph 4',
      'A closing note',
    ].map(marker => text.indexOf(marker));
    expect(positions.every(position => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((first, second) => first - second));
    expect(parsed.blocks.find(block => block.text.startsWith('Left column line 1'))!.text).toContain('Left column line 8 with enough words');
  });

  it('reads a page whose text lies sideways as it is shown turned upright, and records the turn', async () => {
    // A landscape table page given /Rotate 90: shown portrait, its rows run top to bottom.
    const rows = ['State Permit Handgun', 'Alabama 18,870 23,022', 'Kentucky 264,140 12,155'];
    const texts: TestText[] = rows.map((text, index) => ({ text, x: 72, top: 72 + index * 20, size: 12 }));
    const sideways = await parse(
      await makeTestPdf([
        { width: 600, height: 300, rotate: 90, texts: [{ text: 'Firearm checks, November 2015', x: 72, top: 40, size: 16, font: 'bold' }, ...texts] },
      ]),
    );
    expect(sideways.pageSizes).toEqual([{ width: 600, height: 300, turn: 270 }]);
    expect(sideways.blocks.map(block => block.text).join('\n')).toContain('Kentucky 264,140 12,155');
    const upright = await parse(await makeTestPdf([{ width: 600, height: 300, texts }]));
    expect(upright.pageSizes).toEqual([{ width: 600, height: 300 }]);
  });

  it('marks running headers, footers and page numbers repeated over the pages', async () => {
    const pages = [1, 2, 3, 4].map(pageNumber => ({
      texts: [
        { text: 'ACME Corp - Confidential report 2024', x: 72, top: 30, size: 9 },
        { text: `Chapter text on page ${pageNumber} about widgets and gadgets.`, x: 72, top: 200, size: 11 },
        { text: `Page ${pageNumber} of 4`, x: 280, top: 760, size: 9 },
        { text: `${pageNumber + 10}`, x: 560, top: 30, size: 9 },
      ],
    }));
    const parsed = await parse(await makeTestPdf(pages));
    for (const pageNumber of [1, 2, 3, 4]) {
      const onPage = parsed.blocks.filter(block => block.page === pageNumber);
      expect(onPage.find(block => block.text.startsWith('ACME'))?.kind).toBe('page-header');
      expect(onPage.find(block => block.text === `${pageNumber + 10}`)?.kind).toBe('page-header');
      expect(onPage.find(block => block.text.startsWith('Page '))?.kind).toBe('page-footer');
      expect(onPage.find(block => block.text.startsWith('Chapter text'))?.kind).toBe('paragraph');
    }
  });

  it('does not take text that appears once near the top for a header', async () => {
    const pages = [1, 2, 3].map(pageNumber => ({
      texts: [
        { text: `Different top line number ${'abc'[pageNumber - 1]}`, x: 72, top: 30, size: 10 },
        { text: 'Body text that is the same on every page of this document.', x: 72, top: 300, size: 10 },
      ],
    }));
    const parsed = await parse(await makeTestPdf(pages));
    expect(parsed.blocks.filter(block => block.kind === 'page-header')).toEqual([]);
  });

  it('groups a bulleted list into one list block and keeps the paragraph after it apart', async () => {
    const data = await makeTestPdf([
      {
        texts: [
          { text: 'Things we need to buy for the trip:', x: 72, top: 100, size: 11 },
          { text: '•', x: 80, top: 120, size: 11 },
          { text: 'Apples from the market', x: 92, top: 120, size: 11 },
          { text: '•', x: 80, top: 134, size: 11 },
          { text: 'Bread that is fresh and still warm from the oven of the bakery on', x: 92, top: 134, size: 11 },
          { text: 'the corner of the street', x: 92, top: 148, size: 11 },
          { text: '•', x: 80, top: 162, size: 11 },
          { text: 'Cheese', x: 92, top: 162, size: 11 },
          { text: 'After the list comes a normal paragraph of running text here.', x: 72, top: 190, size: 11 },
        ],
      },
    ]);
    const parsed = await parse(data);
    expect(parsed.blocks.map(block => block.kind)).toEqual(['paragraph', 'list', 'paragraph']);
    expect(parsed.blocks[1].text).toBe(
      '• Apples from the market\n• Bread that is fresh and still warm from the oven of the bakery on the corner of the street\n• Cheese',
    );
  });

  it('recognises a figure caption, and does not mistake a sentence about a figure for one', async () => {
    const data = await makeTestPdf([
      {
        texts: [
          { text: 'Figure 1 shows the growth of widgets over the last ten years of sales.', x: 72, top: 100, size: 10 },
          { text: 'Figure 1: Widget sales per year, in thousands of units.', x: 72, top: 400, size: 9 },
        ],
        rectangles: [{ x: 72, top: 150, width: 300, height: 230 }],
      },
    ]);
    const parsed = await parse(data);
    expect(parsed.blocks.map(block => [block.kind, block.text.slice(0, 10)])).toEqual([
      ['paragraph', 'Figure 1 s'],
      ['caption', 'Figure 1: '],
    ]);
  });

  it('reads the outline with levels, pages and y, and the page labels', async () => {
    const pages = [1, 2, 3].map(pageNumber => ({ texts: [{ text: `Page ${pageNumber} body text.`, x: 72, top: 300, size: 10 }] }));
    const data = await makeTestPdf(pages, {
      outline: [
        { title: 'Front matter', page: 1 },
        { title: 'Part One', page: 2, top: 700, children: [{ title: 'Section 1.1', page: 3, top: 500 }] },
      ],
      pageLabels: [
        { startIndex: 0, style: 'r' },
        { startIndex: 1, style: 'D' },
      ],
    });
    const parsed = await parse(data);
    expect(parsed.outline).toEqual([
      { title: 'Front matter', level: 1, page: 1 },
      { title: 'Part One', level: 1, page: 2, y: 92 },
      { title: 'Section 1.1', level: 2, page: 3, y: 292 },
    ]);
    expect(parsed.pageLabels).toEqual(['i', '1', '2']);
  });

  it('reports progress per page and stops when aborted', async () => {
    const data = await makeTestPdf([1, 2, 3].map(() => ({ texts: [{ text: 'Some words.', x: 72, top: 100, size: 10 }] })));
    const seen: string[] = [];
    await parsePdf(data, { name: 'x.pdf', figureSink, maxPages: 10, onPage: (page, count) => seen.push(`${page}/${count}`) });
    expect(seen).toEqual(['1/3', '2/3', '3/3']);
    const controller = new AbortController();
    const aborted = parsePdf(data, { name: 'x.pdf', figureSink, maxPages: 10, signal: controller.signal, onPage: () => controller.abort() });
    await expect(aborted).rejects.toThrow();
  });

  describe('errors', () => {
    it('refuses a PDF without pages', async () => {
      const data = makeRawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
      await expect(parse(data)).rejects.toMatchObject({ code: 'pdf_no_pages' });
    });

    it('refuses more pages than allowed, saying how many', async () => {
      const data = await makeTestPdf([1, 2, 3].map(() => ({ texts: [] })));
      const error = await parse(data, 2).catch(caught => caught);
      expect(error).toBeInstanceOf(FolioError);
      expect(error.code).toBe('file_too_large');
      expect(error.userMessage).toContain('3 pages');
    });

    it('maps damaged bytes to pdf_unreadable', async () => {
      const valid = await (await PDFDocument.create()).save();
      await expect(parse(new TextEncoder().encode('this is not a PDF at all'))).rejects.toMatchObject({ code: 'pdf_unreadable' });
      await expect(parse(valid.slice(0, 40))).rejects.toMatchObject({ code: 'pdf_unreadable' });
    });

    it('maps a password-protected PDF to pdf_encrypted', async () => {
      const data = makeRawPdf(
        [
          '<< /Type /Catalog /Pages 2 0 R >>',
          '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
          `<< /Filter /Standard /V 1 /R 2 /O <${'a1'.repeat(32)}> /U <${'b2'.repeat(32)}> /P -4 >>`,
        ],
        `/Encrypt 4 0 R /ID [<${'c3'.repeat(16)}> <${'c3'.repeat(16)}>]`,
      );
      await expect(parse(data)).rejects.toMatchObject({ code: 'pdf_encrypted' });
    });
  });
});
