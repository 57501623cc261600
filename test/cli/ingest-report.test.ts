import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeReportPdf } from '../support/acceptance/make-report-pdf.ts';
import { jsonLines, runFolio } from '../support/run-folio.ts';

interface NodeJson {
  nodeId: string;
  title: string;
  kind: string;
  pageStart: number;
  pageEnd: number;
  text: string;
  figure?: { sha256: string };
  children: NodeJson[];
}

const flatten = (nodes: NodeJson[]): NodeJson[] => nodes.flatMap(node => [node, ...flatten(node.children)]);

/** The whole pipeline, as a user runs it: one generated report with every kind of content. */
describe('folio ingest of a report with columns, tables, charts, images and a scanned page', () => {
  let workDir: string;
  let environment: Record<string, string>;
  let ingestLine: Record<string, any>;
  let nodes: NodeJson[];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'folio-report-'));
    environment = { FOLIO_DATA_DIR: join(workDir, 'data') };
    await writeFile(join(workDir, 'review.pdf'), await makeReportPdf());
    const ingest = await runFolio(['ingest', join(workDir, 'review.pdf'), '--space', 'ops', '--json'], environment);
    expect(ingest.stderr).toBe('');
    ingestLine = jsonLines(ingest.stdout)[0];
    const tree = await runFolio(['tree', 'review.pdf', '--space', 'ops', '--json'], environment);
    nodes = flatten(JSON.parse(tree.stdout).nodes);
  }, 120_000);

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('reports the document as ready with its counts', () => {
    expect(ingestLine).toMatchObject({ name: 'review.pdf', pages: 4, status: 'ready', stats: { tables: 2, figures: 2, ocrPages: 1 } });
  });

  it('builds the numbered sections with exact page ranges', () => {
    const sections = nodes.filter(node => node.kind === 'section').map(node => [node.title, node.pageStart, node.pageEnd]);
    expect(sections).toEqual(
      expect.arrayContaining([
        ['1 Introduction', 1, 1],
        ['2 Results', 2, 2],
        ['3 Charts', 3, 3],
        // The scanned page's large first line is a heading too, found through OCR.
        ['Appendix: handwritten depot notes', 4, 4],
      ]),
    );
  });

  it('reads a two-column page one column at a time', () => {
    const introduction = nodes.find(node => node.title === '1 Introduction')!;
    const leftEnd = introduction.text.indexOf('kept delivery times short.');
    const rightStart = introduction.text.indexOf('The right column continues here.');
    expect(leftEnd).toBeGreaterThan(-1);
    expect(rightStart).toBeGreaterThan(leftEnd);
  });

  it('turns the ruled table and the borderless statement into Markdown table nodes of their section', () => {
    const results = nodes.find(node => node.title === '2 Results')!;
    const tables = results.children.filter(child => child.kind === 'table');
    expect(tables).toHaveLength(2);
    expect(tables[0].title).toBe('Table 1: Parcels by region');
    expect(tables[0].text).toMatch(/\|\s*Region\s*\|\s*Parcels\s*\|\s*Late\s*\|/);
    expect(tables[0].text).toMatch(/\|\s*South\s*\|\s*950\s*\|\s*58\s*\|/);
    expect(tables[1].text).toMatch(/\|\s*Operating costs\s*\|\s*\(3,120\)\s*\|\s*\(3,005\)\s*\|/);
    expect(results.text).not.toContain('1200');
  });

  it('finds the vector chart and the raster image as captioned figures with stored crops', async () => {
    const charts = nodes.find(node => node.title === '3 Charts')!;
    const figures = charts.children.filter(child => child.kind === 'figure');
    expect(figures.map(figure => figure.title)).toEqual(['Figure 1: Parcels per quarter', 'Figure 2: The new northern depot']);
    expect(figures[0].text).toMatch(/Q1.*Q4/s);
    for (const figure of figures) {
      expect(figure.figure?.sha256).toMatch(/^[0-9a-f]{64}$/);
      await expect(access(join(workDir, 'data', 'figures', `${figure.figure!.sha256}.png`))).resolves.toBeUndefined();
    }
  });

  it('reads the scanned page with OCR', () => {
    const pageFour = nodes
      .filter(node => node.pageStart <= 4 && node.pageEnd >= 4)
      .map(node => node.text)
      .join('\n');
    expect(pageFour).toMatch(/Inspection passed/);
  });
});
