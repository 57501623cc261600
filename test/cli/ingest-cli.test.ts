import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runFolio } from '../support/run-folio.ts';

/** A three-page report with numbered headings of two levels, a body font and a bold heading font. */
async function makeReport(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const body = 'Folio reads documents page by page and keeps track of where each section starts and ends.';
  const pages: Array<Array<[string, 'h1' | 'h2' | 'p']>> = [
    [
      ['Quarterly Operations Report', 'h1'],
      ['1 Introduction', 'h1'],
      [body, 'p'],
      [body, 'p'],
    ],
    [
      ['1.1 Scope of the review', 'h2'],
      [body, 'p'],
      ['2 Findings', 'h1'],
      [body, 'p'],
    ],
    [
      ['2.1 Warehouse throughput', 'h2'],
      ['Throughput rose by twelve percent over the quarter.', 'p'],
      [body, 'p'],
    ],
  ];
  for (const lines of pages) {
    const page = document.addPage([595, 842]);
    let y = 780;
    for (const [text, style] of lines) {
      const size = style === 'h1' ? 18 : style === 'h2' ? 14 : 10;
      page.drawText(text, { x: 56, y, size, font: style === 'p' ? regular : bold });
      y -= style === 'p' ? 22 : 34;
    }
  }
  return document.save();
}

describe('folio ingest / tree (CLI, end to end)', () => {
  let workDir: string;
  let environment: Record<string, string>;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'folio-cli-'));
    environment = { FOLIO_DATA_DIR: join(workDir, 'data'), FOLIO_MAX_FILE_MB: '1' };
    await writeFile(join(workDir, 'report.pdf'), await makeReport());
    await writeFile(join(workDir, 'broken.pdf'), '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF');
    await writeFile(join(workDir, 'photo.pdf'), Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'));
    await writeFile(join(workDir, 'huge.pdf'), Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1.5 * 1024 * 1024, 32)]));
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('ingests good files, reports each bad one with a clear error, and exits non-zero', async () => {
    const files = ['report.pdf', 'broken.pdf', 'photo.pdf', 'huge.pdf'].map(name => join(workDir, name));
    const run = await runFolio(['ingest', ...files, '--space', 'team-a', '--json'], environment);
    expect(run.exitCode).toBe(1);
    const lines = jsonLines(run.stdout);
    expect(lines.map(line => [line.name, line.status])).toEqual([
      ['report.pdf', 'ready'],
      ['broken.pdf', 'failed'],
      ['photo.pdf', 'failed'],
      ['huge.pdf', 'failed'],
    ]);
    expect(lines[0]).toMatchObject({ pages: 3, stats: { sections: 5, tables: 0, figures: 0, ocrPages: 0 } });
    expect(lines[1].error).toMatch(/could not be read as a PDF|damaged/);
    expect(lines[2].error).toMatch(/PNG image/);
    expect(lines[3].error).toMatch(/1 MB/);
  });

  it('names a missing file by the path as it was typed', async () => {
    const missing = join('no-such-folder', 'q3-report.pdf');
    const run = await runFolio(['ingest', missing, '--space', 'team-a'], environment);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(`✗ ${missing}: q3-report.pdf was not found. Check the path and try again. (looked for ${join(process.cwd(), missing)})`);
    const json = await runFolio(['ingest', missing, '--space', 'team-a', '--json'], environment);
    expect(jsonLines(json.stdout)[0]).toMatchObject({ path: missing, status: 'failed', errorCode: 'file_not_found' });
  });

  it('prints the page-exact tree as JSON, by name', async () => {
    const run = await runFolio(['tree', 'report.pdf', '--space', 'team-a', '--json'], environment);
    expect(run.exitCode).toBe(0);
    const tree = JSON.parse(run.stdout);
    expect(tree).toMatchObject({ name: 'report.pdf', totalPages: 3 });
    const outline = (nodes: any[]): unknown[] =>
      nodes.map(node => [node.nodeId, node.title, node.kind, node.level, node.pageStart, node.pageEnd, outline(node.children)]);
    expect(outline(tree.nodes)).toEqual([
      [
        '0001',
        'Quarterly Operations Report',
        'section',
        0,
        1,
        3,
        [
          ['0002', '1 Introduction', 'section', 1, 1, 2, [['0003', '1.1 Scope of the review', 'section', 2, 2, 2, []]]],
          ['0004', '2 Findings', 'section', 1, 2, 3, [['0005', '2.1 Warehouse throughput', 'section', 2, 3, 3, []]]],
        ],
      ],
    ]);
    const throughput = tree.nodes[0].children[1].children[0];
    expect(throughput.text).toContain('Throughput rose by twelve percent');
  });

  it('does not duplicate a file shared again into the same space', async () => {
    const run = await runFolio(['ingest', join(workDir, 'report.pdf'), '--space', 'team-a', '--json'], environment);
    expect(run.exitCode).toBe(0);
    expect(jsonLines(run.stdout)[0]).toMatchObject({ status: 'ready', duplicate: true, pages: 3 });
    const docs = await runFolio(['docs', '--space', 'team-a', '--json'], environment);
    expect(jsonLines(docs.stdout).filter(record => record.name === 'report.pdf')).toHaveLength(1);
  });

  it('keeps spaces apart and says clearly when a document is unknown', async () => {
    const run = await runFolio(['tree', 'report.pdf', '--space', 'team-b'], environment);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/no document called "report.pdf"/);
  });

  it('forgets a document per space, deleting its file only when no other space still holds it', async () => {
    const intoB = await runFolio(['ingest', join(workDir, 'report.pdf'), '--space', 'team-b', '--json'], environment);
    expect(jsonLines(intoB.stdout)[0], intoB.stdout + intoB.stderr).toMatchObject({ status: 'ready' });
    expect(jsonLines(intoB.stdout)[0].duplicate).toBeUndefined();
    const originals = () => readdir(join(workDir, 'data', 'files')).then(names => names.filter(name => !name.endsWith('.tmp')));
    const filesBefore = await originals();

    const forgetA = await runFolio(['forget', 'report.pdf', '--space', 'team-a', '--json'], environment);
    expect(forgetA.exitCode).toBe(0);
    expect(jsonLines(forgetA.stdout)[0]).toMatchObject({ name: 'report.pdf', forgotten: true, deletedFiles: 0 });
    expect(await originals()).toEqual(filesBefore);
    const treeA = await runFolio(['tree', 'report.pdf', '--space', 'team-a'], environment);
    expect(treeA.stderr).toMatch(/no document called "report.pdf"/);
    const docsA = await runFolio(['docs', '--space', 'team-a', '--json'], environment);
    expect(jsonLines(docsA.stdout).map(record => record.name)).not.toContain('report.pdf');

    const forgetB = await runFolio(['forget', 'report.pdf', '--space', 'team-b'], environment);
    expect(forgetB.exitCode).toBe(0);
    expect(forgetB.stdout).toMatch(/Forgot report.pdf .* \(1 stored files deleted\)/);
    expect((await originals()).length).toBe(filesBefore.length - 1);

    const again = await runFolio(['forget', 'report.pdf', '--space', 'team-b'], environment);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toMatch(/no document called "report.pdf"/);
  });

  it('rejects a bad configuration value naming the variable', async () => {
    const run = await runFolio(['docs', '--space', 'x'], { ...environment, FOLIO_MAX_FILE_MB: 'lots' });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/FOLIO_MAX_FILE_MB/);
  });
});
