import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { Document, HeadingLevel, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import pptxgenModule from 'pptxgenjs';
import yazl from 'yazl';

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
            rows: reportContent.tableCells.map(row => new TableRow({ children: row.map(cell => new TableCell({ children: [new Paragraph(cell)] })) })),
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

/** A slide: its title, body lines, and whether it is hidden (`show="0"`: LibreOffice leaves it out of the PDF). */
export interface TestSlide {
  title: string;
  body: string[];
  hidden?: boolean;
}

/**
 * A five-slide quarterly review whose slide 3 is hidden: the PDF's third page shows slide 4, so a
 * citation of that page must say "slide 4".
 */
export const churnDeckSlides: TestSlide[] = [
  { title: 'Quarterly review', body: ['Customer programme results for the third quarter.'] },
  { title: 'Loyalty launch', body: ['The loyalty programme launched in July for every customer.'] },
  { title: 'Backup numbers', body: ['Raw survey counts kept for questions from the board.'], hidden: true },
  { title: 'Churn and retention', body: ['Monthly churn fell to 1.8% after the loyalty launch.', 'Retention of new customers rose to 91%.'] },
  { title: 'Next steps', body: ['The programme expands to business accounts next year.'] },
];

export async function writeSlidesPptx(path: string, slides: TestSlide[] = churnDeckSlides): Promise<void> {
  const deck = new PptxGenJS();
  for (const spec of slides) {
    const slide = deck.addSlide();
    slide.addText(spec.title, { x: 0.5, y: 0.5, w: 9, h: 1, fontSize: 32, bold: true });
    slide.addText(spec.body.join('\n'), { x: 0.5, y: 2, w: 9, h: 2, fontSize: 18 });
    slide.hidden = spec.hidden ?? false;
  }
  const bytes = (await deck.write({ outputType: 'nodebuffer' })) as Uint8Array;
  await writeFile(path, bytes);
}

/** The chart of writeChartDeckPptx: what its figure shows only as bars and ticks. */
export const duckChart = {
  title: 'Wild duck observations',
  years: ['2019', '2020', '2021', '2022'],
  series: [
    { name: 'Freshwater ducks', values: [120, 130, 150, 175] },
    { name: 'Saltwater ducks', values: [80, 95, 110, 130] },
  ],
};

/** Three slides; slide 2 is hidden, slide 3 has duckChart as a bar chart under its title "Survey results". */
export async function writeChartDeckPptx(path: string): Promise<void> {
  const deck = new PptxGenJS();
  const slides = ['Bird survey', 'Backup numbers', 'Survey results'];
  for (const [index, title] of slides.entries()) {
    const slide = deck.addSlide();
    slide.addText(title, { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28, bold: true });
    slide.hidden = index === 1;
    if (index === 0) slide.addText('Counts from the lake survey of the last four years.', { x: 0.5, y: 2, w: 9, h: 1, fontSize: 18 });
    if (index === 2) {
      const data = duckChart.series.map(series => ({ name: series.name, labels: duckChart.years, values: series.values }));
      slide.addChart(deck.ChartType.bar, data, { x: 0.5, y: 1.3, w: 9, h: 4, showTitle: true, title: duckChart.title, showLegend: true });
    }
  }
  const bytes = (await deck.write({ outputType: 'nodebuffer' })) as Uint8Array;
  await writeFile(path, bytes);
}

/** The table of writeTableDeckPptx's second slide: shaded cells, no borders. */
export const oauthTable = [
  ['Scenario', 'OAuth flow', 'Audience'],
  ['Single-page app', 'Auth code with PKCE', 'Work or school accounts'],
  ['Web app that calls web APIs', 'Auth code', 'Work or school accounts'],
  ['Daemon app that calls web APIs', 'Client credentials', 'App-only permissions'],
];

/**
 * Two slides; slide 2 holds oauthTable with every cell shaded and no cell border, which LibreOffice
 * prints as one filled box per cell and no line.
 */
export async function writeTableDeckPptx(path: string): Promise<void> {
  const deck = new PptxGenJS();
  const intro = deck.addSlide();
  intro.addText('Securing web APIs', { x: 0.5, y: 0.5, w: 9, h: 1, fontSize: 32, bold: true });
  const slide = deck.addSlide();
  slide.addText('OAuth 2.0 flows', { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28, bold: true });
  const none = { type: 'none' as const };
  slide.addTable(
    oauthTable.map((row, index) =>
      row.map(text => ({ text, options: { fill: { color: index === 0 ? '4472C4' : 'D9E2F3' }, border: [none, none, none, none] } })),
    ),
    { x: 0.5, y: 1.3, w: 9, fontSize: 14 },
  );
  const bytes = (await deck.write({ outputType: 'nodebuffer' })) as Uint8Array;
  await writeFile(path, bytes);
}

/** Converts an office file with LibreOffice (`format`: "odp", "odt"…) into `outputDir`; resolves with the new file's path. */
export async function convertWithSoffice(input: string, format: string, outputDir: string): Promise<string> {
  const profile = await mkdtemp(join(tmpdir(), 'folio-soffice-profile-'));
  try {
    await new Promise<void>((resolve, reject) =>
      execFile(
        'soffice',
        [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--convert-to', format, '--outdir', outputDir, input],
        { timeout: 120_000 },
        error => (error ? reject(error) : resolve()),
      ),
    );
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
  return join(outputDir, `${basename(input).replace(/\.[^.]+$/u, '')}.${format}`);
}

/** The words of a hyperlink that writeNestedHyperlinkDocx sets inside a run, and the sentence around it. */
export const nestedHyperlink = { before: 'The exhibition was held behind the', link: 'Rijksmuseum', after: 'in Amsterdam.' };

/**
 * A Word file as some generators write it: a hyperlink inside a run (`<w:r><w:rPr/><w:hyperlink>…`),
 * which WordprocessingML only allows beside runs. LibreOffice drops the link's words from its PDF.
 */
export async function writeNestedHyperlinkDocx(path: string): Promise<void> {
  const w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const r = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
  const body =
    `<w:p>${run(`${nestedHyperlink.before} `)}` +
    `<w:r><w:rPr><w:color w:val="0000FF"/><w:u w:val="single"/></w:rPr><w:hyperlink r:id="rId9"><w:r><w:t>${nestedHyperlink.link}</w:t></w:r></w:hyperlink></w:r>` +
    `${run(` ${nestedHyperlink.after}`)}</w:p>`;
  const parts: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/_rels/document.xml.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://www.rijksmuseum.nl/" TargetMode="External"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document ${w} ${r}><w:body>${body}</w:body></w:document>`,
  };
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(parts)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
}
