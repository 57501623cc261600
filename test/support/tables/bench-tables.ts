/**
 * Times detectTables alone (PageContent built beforehand), several rounds so JIT warm-up is excluded.
 *   npx tsx test/support/tables/bench-tables.ts <file.pdf>...
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPdf } from '../../../src/ingest/pdf/open-pdf.ts';
import type { PageContent } from '../../../src/ingest/pdf/page-content.ts';
import { detectTables } from '../../../src/ingest/pdf/tables/detect-tables.ts';
import { buildPageContent } from './build-page-content.ts';

const contents: Array<{ name: string; content: PageContent }> = [];
for (const file of process.argv.slice(2)) {
  const pdf = await openPdf(new Uint8Array(await readFile(file)), { name: basename(file) });
  for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
    contents.push({ name: `${basename(file)} p.${pageNumber}`, content: await buildPageContent(await pdf.getPage(pageNumber)) });
  }
  await pdf.destroy();
}
const rounds = 5;
const perPage = new Map<string, number>();
let tables = 0;
for (let round = 0; round < rounds; round++) {
  for (const { name, content } of contents) {
    const started = performance.now();
    const found = detectTables(content);
    const elapsedMs = performance.now() - started;
    if (round > 0) perPage.set(name, (perPage.get(name) ?? 0) + elapsedMs / (rounds - 1));
    if (round === 0) tables += found.length;
  }
}
const sorted = [...perPage].sort((a, b) => b[1] - a[1]);
const total = sorted.reduce((sum, [, ms]) => sum + ms, 0);
console.log(`pages ${contents.length}, tables ${tables}, mean ${(total / contents.length).toFixed(3)} ms/page`);
for (const [name, ms] of sorted.slice(0, 8)) console.log(`  ${ms.toFixed(2)} ms  ${name}`);
