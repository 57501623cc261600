/**
 * Integration probe (not a test): prints the tables detectTables finds in real PDFs.
 *   npx tsx test/support/tables/probe-tables.ts <file.pdf>... [--pages 3,5-7] [--quiet] [--groundtruth <dir>]
 * With --groundtruth, compares per-page table counts with Docling's `<name>.json` (tables[].prov[0].page_no).
 */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPdf } from '../../../src/ingest/pdf/open-pdf.ts';
import { detectTables } from '../../../src/ingest/pdf/tables/detect-tables.ts';
import { buildPageContent } from './build-page-content.ts';

const argv = process.argv.slice(2);
const quiet = argv.includes('--quiet');
const pagesArgument = flagValue('--pages');
const groundTruthDirectory = flagValue('--groundtruth');
const files = argv.filter((argument, index) => !argument.startsWith('--') && !['--pages', '--groundtruth'].includes(argv[index - 1]));

function flagValue(flag: string): string | undefined {
  const position = argv.indexOf(flag);
  return position >= 0 ? argv[position + 1] : undefined;
}

function pageSelection(pageCount: number): number[] {
  if (!pagesArgument) return Array.from({ length: pageCount }, (_, index) => index + 1);
  return pagesArgument.split(',').flatMap(part => {
    const [from, to] = part.split('-').map(Number);
    return Array.from({ length: (to ?? from) - from + 1 }, (_, index) => from + index).filter(page => page <= pageCount);
  });
}

let totalFound = 0;
let totalReference = 0;
let totalMatchedPages = 0;
let detectMs = 0;
let pagesSeen = 0;
for (const file of files) {
  const pdf = await openPdf(new Uint8Array(await readFile(file)), { name: basename(file) });
  const reference = groundTruthDirectory ? await referenceCounts(file) : undefined;
  const found = new Map<number, number>();
  for (const pageNumber of pageSelection(pdf.numPages)) {
    const page = await pdf.getPage(pageNumber);
    const content = await buildPageContent(page);
    const started = performance.now();
    const tables = detectTables(content);
    detectMs += performance.now() - started;
    pagesSeen++;
    found.set(pageNumber, tables.length);
    for (const table of tables) {
      console.log(`\n## ${basename(file)} p.${pageNumber} ${table.method} ${table.cells.length}x${table.cells[0].length} runs=${table.runIndices.length}`);
      if (!quiet) console.log(table.markdown);
    }
    page.cleanup();
  }
  if (reference) {
    const pages = new Set([...reference.keys(), ...[...found].filter(([, count]) => count > 0).map(([page]) => page)]);
    for (const page of [...pages].sort((a, b) => a - b)) {
      const expected = reference.get(page) ?? 0;
      const got = found.get(page) ?? 0;
      totalReference += expected;
      totalFound += got;
      totalMatchedPages += Math.min(expected, got);
      console.log(`[compare] ${basename(file)} p.${page}: reference ${expected}, found ${got}`);
    }
  }
  await pdf.destroy();
}
console.log(`\n[summary] pages=${pagesSeen} detectTables total ${detectMs.toFixed(1)} ms (${(detectMs / Math.max(1, pagesSeen)).toFixed(2)} ms/page)`);
if (groundTruthDirectory) console.log(`[summary] reference tables ${totalReference}, found ${totalFound}, matched by page ${totalMatchedPages}`);

async function referenceCounts(file: string): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const path = join(groundTruthDirectory!, basename(file).replace(/\.pdf$/i, '.json'));
  const json = JSON.parse(await readFile(path, 'utf8').catch(() => '{}'));
  for (const table of json.tables ?? []) {
    const page = table.prov?.[0]?.page_no;
    if (typeof page === 'number') counts.set(page, (counts.get(page) ?? 0) + 1);
  }
  return counts;
}
