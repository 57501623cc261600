/**
 * Manual measurement, not a test: figures found vs Docling's ground-truth `pictures` per page, and
 * timings. Usage: npx tsx test/support/figures/measure-figures.ts <docs-dir> <groundtruth-dir> [--render]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { detectFigures } from '../../../src/ingest/pdf/figures/detect-figures.ts';
import type { PageContent } from '../../../src/ingest/pdf/page-content.ts';
import { detectTables } from '../../../src/ingest/pdf/tables/detect-tables.ts';
import { renderFigures } from '../../../src/ingest/pdf/figures/render-figures.ts';
import { openPdf } from '../../../src/ingest/pdf/open-pdf.ts';
import type { BoundingBox } from '../../../src/documents/document-tree.ts';
import { readPageContent } from './read-page-content.ts';

interface DoclingPicture {
  prov?: Array<{ page_no: number; bbox: { l: number; t: number; r: number; b: number } }>;
}

const [docsDirectory, groundTruthDirectory] = process.argv.slice(2);
const render = process.argv.includes('--render');
const useTables = !process.argv.includes('--no-tables');
const totals = { expected: 0, found: 0, matched: 0, renderMs: 0, rendered: 0 };

for (const fileName of readdirSync(docsDirectory)
  .filter(name => name.endsWith('.pdf'))
  .sort()) {
  const truthPath = join(groundTruthDirectory, `${basename(fileName, '.pdf')}.json`);
  if (!existsSync(truthPath)) continue;
  const truth = JSON.parse(readFileSync(truthPath, 'utf8')) as { pictures?: DoclingPicture[] };
  const pdf = await openPdf(new Uint8Array(readFileSync(join(docsDirectory, fileName))));
  const lines: string[] = [];
  for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
    const page = await pdf.getPage(pageNumber);
    const content = await readPageContent(page);
    const expected = (truth.pictures ?? [])
      .flatMap(picture => picture.prov?.slice(0, 1) ?? [])
      .filter(prov => prov.page_no === pageNumber)
      .map(({ bbox }) => ({ x: bbox.l, y: content.height - bbox.t, width: bbox.r - bbox.l, height: bbox.t - bbox.b }));
    const tables = useTables ? detectTablesSafely(content) : [];
    const found = detectFigures(content, { exclude: tables });
    const matched = expected.filter(box => found.some(figure => intersectionOverUnion(box, figure.bbox) >= 0.5)).length;
    totals.expected += expected.length;
    totals.found += found.length;
    totals.matched += matched;
    if (render && found.length > 0) {
      const started = performance.now();
      await renderFigures(
        page,
        found.map(figure => figure.bbox),
        { dpi: 144 },
      );
      totals.renderMs += performance.now() - started;
      totals.rendered += found.length;
    }
    if (expected.length || found.length) {
      lines.push(
        `  p${pageNumber}: expected ${expected.map(format).join(' ') || '-'} | found ${found.map(figure => `${figure.source[0]}:${format(figure.bbox)}(${figure.runIndices.length} runs)`).join(' ') || '-'} | matched ${matched}`,
      );
    }
    page.cleanup();
  }
  console.log(fileName, `${pdf.numPages} pages`);
  for (const line of lines) console.log(line);
  await pdf.destroy();
}
console.log({ ...totals, msPerRenderedFigure: totals.rendered ? +(totals.renderMs / totals.rendered).toFixed(1) : null });

function intersectionOverUnion(first: BoundingBox, second: BoundingBox): number {
  const width = Math.min(first.x + first.width, second.x + second.width) - Math.max(first.x, second.x);
  const height = Math.min(first.y + first.height, second.y + second.height) - Math.max(first.y, second.y);
  if (width <= 0 || height <= 0) return 0;
  const intersection = width * height;
  return intersection / (first.width * first.height + second.width * second.height - intersection);
}

function format(box: BoundingBox): string {
  return `[${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}]`;
}

/** The table detector is developed alongside; a failure there must not stop this measurement. */
function detectTablesSafely(content: PageContent): BoundingBox[] {
  try {
    return detectTables(content).map(table => table.bbox);
  } catch {
    return [];
  }
}
