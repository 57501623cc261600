import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeReportPdf } from '../support/acceptance/make-report-pdf.ts';
import { makeLongPdf } from '../support/parallel/make-long-pdf.ts';
import { cjkPredefinedCMapPdf } from './support/font-test-pdfs.ts';

const run = promisify(execFile);
/** Marks the child's result line (read-trees-in-child.ts). */
const childResultPrefix = '@@folio-trees ';
const repository = resolve(import.meta.dirname, '../..');

async function canvasPng(
  widthPx: number,
  heightPx: number,
  draw: (context: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => void,
): Promise<Uint8Array> {
  const canvas = createCanvas(widthPx, heightPx);
  draw(canvas.getContext('2d'));
  return canvas.encode('png');
}

/**
 * Page 1: a captioned photo that is a plain RGB JPEG (what the native decoder takes) beside text.
 * Page 2: figures that are drawn from the page: a diagram with labels, a PNG photo with a label on it.
 */
async function jpegPhotoPdf(): Promise<Uint8Array> {
  const canvas = createCanvas(480, 320);
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, 480, 320);
  gradient.addColorStop(0, '#1d4e89');
  gradient.addColorStop(1, '#f2a541');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 480, 320);
  context.fillStyle = '#ffffff';
  context.beginPath();
  context.arc(240, 160, 90, 0, Math.PI * 2);
  context.fill();
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const page = document.addPage([595, 842]);
  page.drawText('1 Site visit', { x: 56, y: 780, size: 16, font: bold });
  for (let line = 0; line < 8; line++)
    page.drawText(`The depot was inspected on a dry morning, line ${line + 1}.`, { x: 56, y: 750 - line * 14, size: 10, font });
  page.drawImage(await document.embedJpg(await canvas.encode('jpeg', 90)), { x: 56, y: 380, width: 360, height: 240 });
  page.drawText('Figure 1: The loading bay from the north', { x: 56, y: 362, size: 9, font });
  // Page 2: a labelled diagram and a labelled PNG photo: both are drawn (text over them), not cut from pixels.
  const second = document.addPage([595, 842]);
  second.drawText('2 How parcels move', { x: 56, y: 780, size: 16, font: bold });
  ['Intake', 'Sorting', 'Loading'].forEach((label, index) => {
    second.drawRectangle({ x: 70 + index * 150, y: 640, width: 110, height: 60, color: rgb(0.85, 0.9, 1), borderColor: rgb(0.1, 0.2, 0.5), borderWidth: 1.5 });
    second.drawText(label, { x: 90 + index * 150, y: 665, size: 12, font });
    if (index < 2) second.drawLine({ start: { x: 180 + index * 150, y: 670 }, end: { x: 220 + index * 150, y: 670 }, thickness: 2 });
  });
  second.drawText('Figure 2: From intake to the truck', { x: 70, y: 620, size: 9, font });
  const map = await document.embedPng(
    await canvasPng(300, 200, context => {
      context.fillStyle = '#5b8e3e';
      context.fillRect(0, 0, 300, 200);
      context.fillStyle = '#c94c4c';
      context.fillRect(120, 60, 60, 80);
    }),
  );
  second.drawImage(map, { x: 70, y: 300, width: 300, height: 200 });
  second.drawText('North gate', { x: 190, y: 420, size: 11, font: bold });
  second.drawText('Figure 3: Site map', { x: 70, y: 282, size: 9, font });
  return document.save();
}

interface ChildResult {
  layer: { active: boolean; reason?: string };
  globals: { engineArrayPush: boolean; engineJsonStringify: boolean; imageDecoder: string; syncInflate: boolean };
  figures: Array<{ sha256: string; png: string }>;
  documents: Array<{ name: string; parsed: unknown; tree: unknown }>;
}

/** Reads the files in a child process of their own (the layer and pdf.js's globals are process-wide). */
async function readInChild(files: string[], pdfjsFast: 'on' | 'off'): Promise<ChildResult> {
  const { stdout } = await run(
    process.execPath,
    [join(repository, 'bin/run-ts.js'), join(repository, 'test/ingest/support/read-trees-in-child.ts'), ...files],
    {
      cwd: repository,
      env: { ...process.env, FOLIO_PDFJS_FAST: pdfjsFast, FOLIO_PARSE_WORKERS: '2' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const line = stdout.split('\n').find(each => each.startsWith(childResultPrefix));
  if (!line) throw new Error(`no result from the child; stdout:\n${stdout}`);
  return JSON.parse(line.slice(childResultPrefix.length)) as ChildResult;
}

/** The documents' JSON with each figure's sha256 replaced by its place in the save order. */
function withFiguresByPlace(result: ChildResult): unknown {
  let json = JSON.stringify(result.documents);
  result.figures.forEach((figure, index) => (json = json.replaceAll(figure.sha256, `figure ${index}`)));
  return JSON.parse(json);
}

/** The sha256 of the figure with this caption in a document's tree. */
function figureCaptioned(document: unknown, caption: string): string | undefined {
  let found: string | undefined;
  JSON.stringify(document, (key, value: { caption?: string; sha256?: string }) => {
    if (key === 'figure' && value?.caption === caption) found = value.sha256;
    return value;
  });
  return found;
}

/** Size of two PNGs and the largest and mean difference of any colour channel (0–255). */
async function pixelDifference(first: string, second: string): Promise<{ width: number; height: number; sameSize: boolean; max: number; mean: number }> {
  const [a, b] = await Promise.all([first, second].map(png => loadImage(Buffer.from(png, 'base64'))));
  const pixels = (image: typeof a) => {
    const context = createCanvas(image.width, image.height).getContext('2d');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height).data;
  };
  const sameSize = a.width === b.width && a.height === b.height;
  if (!sameSize) return { width: a.width, height: a.height, sameSize, max: 255, mean: 255 };
  const [pa, pb] = [pixels(a), pixels(b)];
  let max = 0;
  let sum = 0;
  for (let index = 0; index < pa.length; index++) {
    const delta = Math.abs(pa[index] - pb[index]);
    max = Math.max(max, delta);
    sum += delta;
  }
  return { width: a.width, height: a.height, sameSize, max, mean: sum / pa.length };
}

describe('pdf.js speed layer (FOLIO_PDFJS_FAST)', () => {
  let directory: string;
  let fast: ChildResult;
  let plain: ChildResult;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'folio-speed-layer-'));
    const documents: Array<[string, Uint8Array]> = [
      ['report.pdf', await makeReportPdf()],
      // 20 pages: read by the main thread and a parse worker (FOLIO_PARSE_WORKERS=2).
      ['long.pdf', await makeLongPdf({ pageCount: 20 })],
      ['photo.pdf', await jpegPhotoPdf()],
      [
        'cjk.pdf',
        cjkPredefinedCMapPdf([
          { script: 'zh', text: '第三季度财务报告收入增长', x: 72, baseline: 700, size: 18 },
          { script: 'ja', text: '年次報告書の概要について', x: 72, baseline: 640, size: 12 },
        ]),
      ],
    ];
    const files = [];
    for (const [name, bytes] of documents) {
      const path = join(directory, name);
      await writeFile(path, bytes);
      files.push(path);
    }
    [fast, plain] = await Promise.all([readInChild(files, 'on'), readInChild(files, 'off')]);
  }, 180_000);

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('is installed for parsing when on, and leaves pdf.js as shipped when off', () => {
    expect(fast.layer).toEqual({ active: true });
    expect(fast.globals).toEqual({ engineArrayPush: true, engineJsonStringify: true, imageDecoder: 'function', syncInflate: true });
    expect(plain.layer).toEqual({ active: false, reason: 'switched off (FOLIO_PDFJS_FAST=off)' });
    // pdf.js's core-js versions stay; no decoder, no inflate stand-in.
    // The engine's push and JSON are back either way: they undo pdf.js's core-js, they are not the layer.
    expect(plain.globals).toEqual({ engineArrayPush: true, engineJsonStringify: true, imageDecoder: 'undefined', syncInflate: false });
  });

  it('gives identical parsed documents and trees either way, and the same figure PNGs but for JPEG pixels', async () => {
    expect(fast.documents.map(document => document.name)).toEqual(['report.pdf', 'long.pdf', 'photo.pdf', 'cjk.pdf']);
    // Each document must have real content, so that equality means something.
    for (const document of fast.documents) expect(JSON.stringify(document.tree).length).toBeGreaterThan(200);
    expect(plain.figures.length).toBe(fast.figures.length);
    expect(fast.figures.length).toBeGreaterThanOrEqual(6);
    // Figures are compared below; in the documents each is named by its place in the save order.
    expect(withFiguresByPlace(plain)).toEqual(withFiguresByPlace(fast));

    const jpegFigure = figureCaptioned(fast.documents[2], 'Figure 1: The loading bay from the north');
    expect(fast.figures.filter(figure => figure.sha256 === jpegFigure)).toHaveLength(1);
    for (const [index, figure] of fast.figures.entries()) {
      const other = plain.figures[index];
      if (figure.sha256 !== jpegFigure) {
        expect(other.sha256).toBe(figure.sha256);
        continue;
      }
      // libjpeg-turbo and pdf.js's own JPEG decoder round differently: the same picture, not the same bytes.
      const difference = await pixelDifference(figure.png, other.png);
      expect(difference).toMatchObject({ width: 720, height: 480, sameSize: true });
      expect(difference.max).toBeLessThanOrEqual(32);
      expect(difference.mean).toBeLessThan(1);
    }
  });
});
