import { writeFile } from 'node:fs/promises';
import { Document, HeadingLevel, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import pptxgenModule from 'pptxgenjs';

// pptxgenjs ships CommonJS-style typings for an ES module: under NodeNext, TypeScript sees the class
// one `.default` deeper than Node does at run time.
type PptxGenJSClass = typeof pptxgenModule.default;
const PptxGenJS = ((pptxgenModule as unknown as { default?: PptxGenJSClass }).default ?? pptxgenModule) as PptxGenJSClass;

/** What a generated DOCX contains, so tests can check the converted PDF against it. */
export const reportContent = {
  headings: ['Quarterly Report', 'Revenue by Region', 'Outlook'],
  tableCells: [
    ['Region', 'Revenue'],
    ['North', '1200'],
    ['South', '950'],
  ],
  /** The DOCX puts a page break before "Outlook". */
  pageCount: 2,
};

/** A two-page DOCX: Heading 1/Heading 2, paragraphs, a table, a page break. */
export async function writeReportDocx(path: string): Promise<void> {
  const [title, subsection, outlook] = reportContent.headings;
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(title)] }),
          new Paragraph('Revenue grew in every region this quarter, led by the North.'),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(subsection)] }),
          new Table({
            rows: reportContent.tableCells.map(
              row => new TableRow({ children: row.map(cell => new TableCell({ children: [new Paragraph(cell)] })) }),
            ),
          }),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(outlook)] }),
          new Paragraph('We expect steady growth next quarter.'),
        ],
      },
    ],
  });
  await writeFile(path, await Packer.toBuffer(document));
}

/** Slide titles in deck order; `hiddenSlideNumbers` are marked hidden (`show="0"`). */
export const deckContent = {
  titles: ['Welcome Slide', 'Secret Backup Slide', 'Closing Slide'],
  hiddenSlideNumbers: [2],
};

export async function writeDeckPptx(path: string, options: { hiddenSlideNumbers?: number[] } = {}): Promise<void> {
  const hidden = new Set(options.hiddenSlideNumbers ?? deckContent.hiddenSlideNumbers);
  const deck = new PptxGenJS();
  for (const [index, title] of deckContent.titles.entries()) {
    const slide = deck.addSlide();
    slide.addText(title, { x: 0.5, y: 0.5, w: 9, h: 1, fontSize: 32, bold: true });
    slide.addText(`Body text of slide ${index + 1}.`, { x: 0.5, y: 2, w: 9, h: 1, fontSize: 18 });
    slide.hidden = hidden.has(index + 1);
  }
  const bytes = (await deck.write({ outputType: 'nodebuffer' })) as Uint8Array;
  await writeFile(path, bytes);
}
