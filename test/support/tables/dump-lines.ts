/** Debug helper: prints the text lines and segments detectTables sees on one page. */
import { readFile } from 'node:fs/promises';
import { openPdf } from '../../../src/ingest/pdf/open-pdf.ts';
import { buildTextLines } from '../../../src/ingest/pdf/tables/text-lines.ts';
import { buildPageContent } from './build-page-content.ts';

const [file, pageArgument] = process.argv.slice(2);
const pdf = await openPdf(new Uint8Array(await readFile(file)));
const content = await buildPageContent(await pdf.getPage(Number(pageArgument)));
for (const line of buildTextLines(content.runs, content.runs.keys())) {
  const segments = line.segments.map(segment => `[${segment.left.toFixed(0)}-${segment.right.toFixed(0)} ${segment.text}]`);
  console.log(`${line.top.toFixed(1)}-${line.bottom.toFixed(1)} fs${line.fontSize.toFixed(1)} ${segments.join(' ')}`);
}
