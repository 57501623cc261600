import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { openPdf, type PDFDocumentProxy } from '../../../src/ingest/pdf/open-pdf.ts';

/**
 * Builders for the figure/graphics/OCR tests. Text drawn into PNGs uses Liberation Sans from the
 * pdfjs-dist package, so the images look the same on machines without system fonts.
 */
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
export const testFontFamily = 'FolioTestSans';
GlobalFonts.registerFromPath(join(pdfjsRoot, 'standard_fonts', 'LiberationSans-Regular.ttf'), testFontFamily);

/** A PNG of `widthPx`×`heightPx` on a white background, drawn by `draw`. */
export async function makePng(widthPx: number, heightPx: number, draw: (context: SKRSContext2D) => void): Promise<Uint8Array> {
  const canvas = createCanvas(widthPx, heightPx);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, widthPx, heightPx);
  draw(context);
  return new Uint8Array(await canvas.encode('png'));
}

/**
 * A letter page scanned at 150 dpi, no text layer: "Quarterly revenue grew strongly" and "Invoices are
 * paid within thirty days" in 48 px text at x = 150 px, baselines at 300 and 900 px (72 pt; 144 and 432 pt).
 * `readTurned`: the scan lies so that it reads only once turned that many degrees clockwise (fed
 * sideways or upside down); the page then has the scan's shape (landscape for 90 and 270).
 */
export async function makeScannedPagePdf(options: { readTurned?: 90 | 180 | 270 } = {}): Promise<Uint8Array> {
  const turn = options.readTurned ?? 0;
  const [width, height] = turn % 180 === 0 ? [1275, 1650] : [1650, 1275];
  const png = await makePng(width, height, context => {
    context.translate(width / 2, height / 2);
    context.rotate((-turn * Math.PI) / 180);
    context.translate(-1275 / 2, -1650 / 2);
    context.fillStyle = '#000000';
    context.font = `48px ${testFontFamily}`;
    context.fillText('Quarterly revenue grew strongly', 150, 300);
    context.fillText('Invoices are paid within thirty days', 150, 900);
  });
  const [pageWidth, pageHeight] = turn % 180 === 0 ? [612, 792] : [792, 612];
  const document = await PDFDocument.create();
  document.addPage([pageWidth, pageHeight]).drawImage(await document.embedPng(png), { x: 0, y: 0, width: pageWidth, height: pageHeight });
  return document.save();
}

/**
 * A letter page scanned at 150 dpi, no text layer, whose lines of text are printed mirrored: no turn of
 * the page makes them legible, as text in a script the OCR languages do not cover is not (a Chinese
 * page read as English). Sixteen lines of five words.
 */
export async function makeUnreadableScanPdf(): Promise<Uint8Array> {
  const png = await makePng(1275, 1650, context => {
    context.translate(1275, 0);
    context.scale(-1, 1);
    context.fillStyle = '#000000';
    context.font = `40px ${testFontFamily}`;
    for (let line = 0; line < 16; line++) context.fillText(`Quarterly revenue grew ${line + 3} percent`, 150, 200 + 80 * line);
  });
  const document = await PDFDocument.create();
  document.addPage([612, 792]).drawImage(await document.embedPng(png), { x: 0, y: 0, width: 612, height: 792 });
  return document.save();
}

export async function openTestPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return openPdf(bytes.slice(), { name: 'test.pdf' });
}

/** Width and height from a PNG's IHDR chunk; throws when the bytes do not start like a PNG. */
export function readPngSize(png: Uint8Array): { widthPx: number; heightPx: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((byte, index) => png[index] === byte)) throw new Error('not a PNG signature');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunkType = String.fromCharCode(...png.subarray(12, 16));
  if (chunkType !== 'IHDR') throw new Error(`first chunk is ${chunkType}, not IHDR`);
  return { widthPx: view.getUint32(16), heightPx: view.getUint32(20) };
}
