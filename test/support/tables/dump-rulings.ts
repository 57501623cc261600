/** Debug helper: prints one page's merged rulings.  npx tsx test/support/tables/dump-rulings.ts <file.pdf> <page> */
import { readFile } from 'node:fs/promises';
import { openPdf } from '../../../src/ingest/pdf/open-pdf.ts';
import { mergeRulings } from '../../../src/ingest/pdf/tables/ruling-grid.ts';
import { buildPageContent } from './build-page-content.ts';
const [file, pageArg] = process.argv.slice(2);
const pdf = await openPdf(new Uint8Array(await readFile(file)));
const content = await buildPageContent(await pdf.getPage(Number(pageArg)));
const merged = mergeRulings(content.graphics.rulings);
console.log(
  'size',
  content.width,
  content.height,
  'runs',
  content.runs.length,
  'rulings',
  content.graphics.rulings.length,
  'rects',
  content.graphics.rectangles.length,
);
console.log('H', merged.horizontals.map(segment => `${segment.position.toFixed(1)}:${segment.start.toFixed(0)}-${segment.end.toFixed(0)}`).join(' '));
console.log('V', merged.verticals.map(segment => `${segment.position.toFixed(1)}:${segment.start.toFixed(0)}-${segment.end.toFixed(0)}`).join(' '));
if (process.argv[4])
  for (const run of content.runs)
    console.log(JSON.stringify(run.text), run.bbox.x.toFixed(1), run.bbox.y.toFixed(1), run.bbox.width.toFixed(1), run.bbox.height.toFixed(1));
