import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runFolio } from '../support/run-folio.ts';

/** One page per entry: a heading and a few lines of body text. */
async function writePdf(path: string, pages: Array<{ heading: string; lines: string[] }>): Promise<void> {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  for (const { heading, lines } of pages) {
    const page = document.addPage([595, 842]);
    page.drawText(heading, { x: 56, y: 780, size: 18, font: bold });
    lines.forEach((line, index) => page.drawText(line, { x: 56, y: 740 - index * 16, size: 10, font: regular }));
  }
  await writeFile(path, await document.save());
}

const filler = ['The committee met twice this quarter and reviewed the general budget.', 'Minutes were approved without changes.'];

describe('folio search (real ingestion, SQLite store)', () => {
  let workDir: string;
  let environment: Record<string, string>;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'folio-search-cli-'));
    environment = { FOLIO_DATA_DIR: join(workDir, 'data'), FOLIO_OCR: 'off' };
    await writePdf(join(workDir, 'garden.pdf'), [
      { heading: '1 Overview', lines: filler },
      { heading: '2 Watering', lines: ['Tomatoes need deep watering twice a week in July.', 'Drip irrigation saves water on hot days.'] },
      { heading: '3 Pests', lines: ['Aphids gather under the leaves; ladybirds eat aphids.', ...filler] },
    ]);
    await writePdf(join(workDir, 'kitchen.pdf'), [
      { heading: '1 Recipes', lines: ['Tomato soup: roast the tomatoes, then blend with basil.', ...filler] },
      { heading: '2 Storage', lines: ['Keep flour in a sealed jar, away from moisture.', ...filler] },
    ]);
    const ingest = await runFolio(['ingest', join(workDir, 'garden.pdf'), join(workDir, 'kitchen.pdf'), '--space', 'home', '--json'], environment);
    expect(ingest.exitCode, ingest.stderr).toBe(0);
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('puts the page that answers first, with its document, node and title path', async () => {
    const run = await runFolio(['search', 'how often should tomatoes get deep watering in July?', '--space', 'home', '--json', '--k', '5'], environment);
    expect(run.exitCode, run.stderr).toBe(0);
    const [output] = jsonLines(run.stdout) as Array<{ pages: Array<{ document: string; page: number }>; hits: Array<Record<string, unknown>> }>;
    expect(output.pages[0]).toMatchObject({ document: 'garden.pdf', page: 2 });
    expect(output.hits.length).toBeGreaterThan(0);
    expect(output.hits.length).toBeLessThanOrEqual(5);
    expect(output.hits[0]).toMatchObject({ document: 'garden.pdf', page: 2 });
    expect(output.hits[0].path).toEqual(expect.arrayContaining([expect.stringContaining('Watering')]));
    expect(typeof output.hits[0].nodeId).toBe('string');
    expect(typeof output.hits[0].score).toBe('number');
  });

  it('answers a batch with one line per question, and restricts a line with doc to that document', async () => {
    const batch = join(workDir, 'questions.jsonl');
    await writeFile(
      batch,
      [
        { id: 'q1', question: 'Which insects eat aphids?' },
        { id: 'q2', question: 'tomatoes', doc: 'kitchen.pdf' },
        { id: 'q3', question: 'tomatoes', doc: 'garden.pdf' },
      ]
        .map(line => JSON.stringify(line))
        .join('\n'),
    );
    const run = await runFolio(['search', '--space', 'home', '--batch', batch, '--json'], environment);
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = jsonLines(run.stdout) as Array<{
      id: string;
      pages: number[];
      hits: Array<{ document: string; page: number; nodeId: string; title: string; path: string[]; score: number }>;
    }>;
    expect(lines.map(line => line.id)).toEqual(['q1', 'q2', 'q3']);
    expect(lines[0].pages[0]).toBe(3);
    expect(lines[0].hits[0]).toMatchObject({ document: 'garden.pdf', page: 3 });
    expect(lines[1].pages[0]).toBe(1);
    expect(lines[1].hits.every(hit => hit.document === 'kitchen.pdf')).toBe(true);
    expect(lines[2].pages[0]).toBe(2);
    expect(lines[2].hits.every(hit => hit.document === 'garden.pdf')).toBe(true);
    for (const line of lines) expect(new Set(line.pages).size).toBe(line.pages.length);
  });

  it('prints readable hits without --json', async () => {
    const run = await runFolio(['search', 'flour storage jar', '--space', 'home'], environment);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/1\. kitchen\.pdf · p\. 2 · .*Storage/);
  });
});
