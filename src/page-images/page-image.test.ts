import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPngSize } from '../../test/support/figures/test-documents.ts';
import { makeTestPdf } from '../../test/support/layout/make-test-pdf.ts';
import { writeReportDocx } from '../../test/support/office/make-office-documents.ts';
import { sofficeAvailability } from '../../test/support/office/soffice-availability.ts';
import { BlobStore } from '../store/blob-store.ts';
import { PageImageRenderer, type PageImageDocument } from './page-image.ts';

let dataDir: string;
let blobs: BlobStore;
const ingest = { sofficePath: 'soffice', convertTimeoutMs: 120_000 };

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'folio-page-image-'));
  blobs = new BlobStore(dataDir);
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function storePdf(bytes: Uint8Array): Promise<PageImageDocument> {
  const path = join(dataDir, 'upload.pdf');
  await writeFile(path, bytes);
  const { sha256 } = await blobs.storeOriginal(path);
  return { id: 'doc1', name: 'boxes.pdf', mime: 'application/pdf', sha256 };
}

/** Average darkness (0 white … 255 black) of a small square around (x, y) in page points. */
async function darknessAt(pngPath: string, xPoints: number, yPoints: number, scale: number): Promise<number> {
  const image = await loadImage(await readFile(pngPath));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(Math.round(xPoints * scale) - 2, Math.round(yPoints * scale) - 2, 5, 5);
  let sum = 0;
  for (let index = 0; index < data.length; index += 4) sum += 255 - (data[index] + data[index + 1] + data[index + 2]) / 3;
  return sum / (data.length / 4);
}

/** Pixels darker than mid-grey in the PNG. */
async function inkPixels(pngPath: string): Promise<number> {
  const image = await loadImage(await readFile(pngPath));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let count = 0;
  for (let index = 0; index < data.length; index += 4) if (data[index] + data[index + 1] + data[index + 2] < 384) count += 1;
  return count;
}

describe('PageImageRenderer', () => {
  it('renders the requested page of a PDF at ~110 dpi and serves it from the cache afterwards', async () => {
    // Page 2 has a black box where page 1 is blank: the image shows which page was rendered.
    const document = await storePdf(
      await makeTestPdf([
        { texts: [{ text: 'First page', x: 72, top: 600, size: 12 }] },
        { texts: [{ text: 'Second page', x: 72, top: 600, size: 12 }], rectangles: [{ x: 100, top: 100, width: 200, height: 100 }] },
      ]),
    );
    const renderer = new PageImageRenderer({ dataDir, blobs, ingest });
    const second = await renderer.pagePath(document, 2);
    const first = await renderer.pagePath(document, 1);
    const scale = 110 / 72;
    expect(readPngSize(await readFile(second))).toEqual({ widthPx: Math.round(612 * scale), heightPx: Math.round(792 * scale) });
    expect(await darknessAt(second, 200, 150, scale)).toBeGreaterThan(200);
    expect(await darknessAt(first, 200, 150, scale)).toBeLessThan(10);
    expect(second).toBe(join(dataDir, 'page-images', document.sha256, '2.png'));

    const renderedAt = (await stat(second)).mtimeMs;
    expect(await renderer.pagePath(document, 2)).toBe(second);
    expect((await stat(second)).mtimeMs).toBe(renderedAt);
  });

  it('shows a page read turned as it was read, cached apart from the page as it lies', async () => {
    // A landscape page with a box near its top-left corner: turned 90° clockwise, it is portrait and
    // the box is near its top-right corner.
    const document = await storePdf(await makeTestPdf([{ texts: [], rectangles: [{ x: 20, top: 20, width: 100, height: 60 }], width: 792, height: 612 }]));
    const renderer = new PageImageRenderer({ dataDir, blobs, ingest });
    const scale = 110 / 72;
    const turned = await renderer.pagePath(document, 1, 90);
    expect(readPngSize(await readFile(turned))).toEqual({ widthPx: Math.round(612 * scale), heightPx: Math.round(792 * scale) });
    expect(await darknessAt(turned, 612 - 50, 70, scale)).toBeGreaterThan(200);
    expect(await darknessAt(turned, 70, 50, scale)).toBeLessThan(10);
    const asItLies = await renderer.pagePath(document, 1);
    expect(asItLies).not.toBe(turned);
    expect(readPngSize(await readFile(asItLies))).toEqual({ widthPx: Math.round(792 * scale), heightPx: Math.round(612 * scale) });
    // Highlights drawn over the turned page land where the turned frame has them.
    const marked = await renderer.highlightedPagePath(document, 1, {
      boxes: [{ x: 400, y: 600, width: 100, height: 20 }],
      pageSize: { width: 612, height: 792, turn: 90 },
    });
    expect(readPngSize(await readFile(marked))).toEqual({ widthPx: Math.round(612 * scale), heightPx: Math.round(792 * scale) });
  });

  it('draws the letters of fonts the PDF does not embed (not empty boxes)', async () => {
    // pdf-lib's Helvetica is not embedded. Drawn as boxes, "IIII" and "MMMM" would carry the same ink.
    const document = await storePdf(
      await makeTestPdf([{ texts: [{ text: 'IIIIIIII', x: 72, top: 100, size: 60 }] }, { texts: [{ text: 'MMMMMMMM', x: 72, top: 100, size: 60 }] }]),
    );
    const renderer = new PageImageRenderer({ dataDir, blobs, ingest });
    const narrow = await inkPixels(await renderer.pagePath(document, 1));
    const wide = await inkPixels(await renderer.pagePath(document, 2));
    expect(narrow).toBeGreaterThan(1000);
    expect(wide / narrow).toBeGreaterThan(2.5);
  });

  it('caps the longer side for very large pages', async () => {
    const document = await storePdf(await makeTestPdf([{ texts: [{ text: 'Poster', x: 72, top: 72, size: 40 }], width: 2400, height: 1200 }]));
    const png = await readFile(await new PageImageRenderer({ dataDir, blobs, ingest }).pagePath(document, 1));
    expect(readPngSize(png)).toEqual({ widthPx: 1600, heightPx: 800 });
  });

  it('refuses pages the document does not have, naming how many it has', async () => {
    const document = await storePdf(await makeTestPdf([{ texts: [{ text: 'Only page', x: 72, top: 72, size: 12 }] }]));
    const renderer = new PageImageRenderer({ dataDir, blobs, ingest });
    await expect(renderer.pagePath(document, 2)).rejects.toMatchObject({
      code: 'document_not_found',
      userMessage: 'boxes.pdf has 1 page; there is no page 2.',
    });
    await expect(renderer.pagePath(document, 0)).rejects.toMatchObject({ code: 'document_not_found' });
    await expect(renderer.pagePath(document, 1.5)).rejects.toMatchObject({ code: 'document_not_found' });
  });

  it('shares one render between concurrent requests and forgets cached pages on request', async () => {
    const document = await storePdf(await makeTestPdf([{ texts: [{ text: 'Page', x: 72, top: 72, size: 12 }] }]));
    const renderer = new PageImageRenderer({ dataDir, blobs, ingest });
    const paths = await Promise.all([renderer.pagePath(document, 1), renderer.pagePath(document, 1), renderer.pagePath(document, 1)]);
    expect(new Set(paths).size).toBe(1);
    await renderer.removeCached(document.sha256);
    await expect(stat(paths[0])).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('says so when the original is gone', async () => {
    const document = await storePdf(await makeTestPdf([{ texts: [{ text: 'Page', x: 72, top: 72, size: 12 }] }]));
    await blobs.delete(document.sha256);
    await expect(new PageImageRenderer({ dataDir, blobs, ingest }).pagePath(document, 1)).rejects.toMatchObject({ code: 'document_not_found' });
  });

  const soffice = sofficeAvailability();
  it.runIf(soffice.available || soffice.mustRun)('converts an office original once and keeps its PDF for later pages', async () => {
    if (!soffice.available) throw new Error(soffice.reason);
    const path = join(dataDir, 'report.docx');
    await writeReportDocx(path);
    const { sha256 } = await blobs.storeOriginal(path);
    const document: PageImageDocument = {
      id: 'doc2',
      name: 'report.docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      sha256,
    };
    const png = await readFile(await new PageImageRenderer({ dataDir, blobs, ingest }).pagePath(document, 2));
    expect(readPngSize(png).widthPx).toBeGreaterThan(800);
    await stat(join(dataDir, 'page-images', sha256, 'document.pdf'));
    // A renderer that cannot start LibreOffice still serves page 1: the converted PDF is reused.
    const withoutConverter = new PageImageRenderer({ dataDir, blobs, ingest: { ...ingest, sofficePath: join(dataDir, 'no-soffice') } });
    expect(readPngSize(await readFile(await withoutConverter.pagePath(document, 1))).widthPx).toBeGreaterThan(800);
    await expect(withoutConverter.pagePath(document, 3)).rejects.toMatchObject({ code: 'document_not_found' });
  });
});
