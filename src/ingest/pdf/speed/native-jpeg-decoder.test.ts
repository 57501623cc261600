import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestPdf } from '../../../../test/support/figures/test-documents.ts';
import { findPlacedImages } from '../figures/find-placed-images.ts';
import { nativeJpegDecoderInstalled, nativeJpegPixels } from './native-jpeg-decoder.js';
import type { PDFPageProxy } from '../open-pdf.ts';
import { installPdfjsSpeedLayer } from './pdfjs-speed-layer.ts';

/** A 200×120 px JPEG: red left half, blue right half. */
async function halvesJpeg(): Promise<Uint8Array> {
  const canvas = createCanvas(200, 120);
  const context = canvas.getContext('2d');
  context.fillStyle = '#e02020';
  context.fillRect(0, 0, 100, 120);
  context.fillStyle = '#2040e0';
  context.fillRect(100, 0, 100, 120);
  return new Uint8Array(await canvas.encode('jpeg', 95));
}

interface WebCodecsImageDecoder {
  isTypeSupported(type: string): Promise<boolean>;
  new (init: { data: Uint8Array; type: string }): { decode(): Promise<{ image: unknown }>; close(): void };
}
let ImageDecoder: WebCodecsImageDecoder;

function pixelAt(pixels: { width: number; data: Uint8Array }, x: number, y: number): number[] {
  const offset = (y * pixels.width + x) * 4;
  return [...pixels.data.subarray(offset, offset + 4)];
}

function near(actual: number[], expected: number[], tolerance = 12): boolean {
  return actual.every((value, index) => Math.abs(value - expected[index]) <= tolerance);
}

/** A one-page PDF showing `jpeg` (a DCT stream, written as is: pdf-lib would parse and refuse a damaged one). */
async function pdfWithJpeg(jpeg: Uint8Array, widthPx: number, heightPx: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 200]);
  const image = document.context.register(
    PDFRawStream.of(
      document.context.obj({
        Type: 'XObject',
        Subtype: 'Image',
        Width: widthPx,
        Height: heightPx,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: 'DCTDecode',
        Length: jpeg.length,
      }),
      jpeg,
    ),
  );
  page.node.setXObject(PDFName.of('Im1'), image);
  const content = document.context.register(document.context.stream(`q 200 0 0 120 50 40 cm /Im1 Do Q`));
  page.node.set(PDFName.of('Contents'), content);
  return document.save();
}

async function withPage<T>(pdfBytes: Uint8Array, run: (page: PDFPageProxy) => Promise<T>): Promise<T> {
  const pdf = await openTestPdf(pdfBytes);
  try {
    return await run(await pdf.getPage(1));
  } finally {
    await pdf.destroy();
  }
}

/** The decoded object pdf.js delivered for the page's only image. */
async function decodedImage(page: PDFPageProxy): Promise<{ width: number; height: number; bitmap?: unknown; data?: unknown } | null> {
  const viewport = page.getViewport({ scale: 1 });
  const [placed] = findPlacedImages(await page.getOperatorList(), viewport.transform, { x: 0, y: 0, width: viewport.width, height: viewport.height });
  expect(placed).toBeDefined();
  return new Promise(resolve =>
    (page.objs as unknown as { get(id: string, callback: (data: unknown) => void): void }).get(placed.objectId, data => resolve(data as never)),
  );
}

describe('native JPEG decoder', () => {
  beforeAll(() => {
    // What opening a document for parsing does first (openPdf).
    expect(installPdfjsSpeedLayer(true)).toEqual({ active: true });
    ImageDecoder = (globalThis as unknown as { ImageDecoder: WebCodecsImageDecoder }).ImageDecoder;
  });

  it('is installed for pdf.js, for JPEG only', async () => {
    expect(nativeJpegDecoderInstalled()).toBe(true);
    expect(typeof ImageDecoder).toBe('function');
    expect(await ImageDecoder.isTypeSupported('image/jpeg')).toBe(true);
    expect(await ImageDecoder.isTypeSupported('image/bmp')).toBe(false);
    expect(() => new ImageDecoder({ data: new Uint8Array(4), type: 'image/png' })).toThrow(/unsupported/);
  });

  it('decodes to an opaque RGBA canvas whose pixels can be read', async () => {
    const decoder = new ImageDecoder({ data: await halvesJpeg(), type: 'image/jpeg' });
    const { image } = await decoder.decode();
    decoder.close();
    const pixels = nativeJpegPixels(image)!;
    expect(pixels).toBeDefined();
    expect([pixels.width, pixels.height]).toEqual([200, 120]);
    expect(near(pixelAt(pixels, 20, 60), [0xe0, 0x20, 0x20, 255])).toBe(true);
    expect(near(pixelAt(pixels, 180, 60), [0x20, 0x40, 0xe0, 255])).toBe(true);
    expect(nativeJpegPixels({})).toBeUndefined();
    expect(nativeJpegPixels(createCanvas(2, 2))).toBeUndefined();
    // pdf.js closes bitmaps when a page is cleaned up: the pixels go at once, not at the next full GC.
    (image as { close(): void }).close();
    expect(nativeJpegPixels(image)).toBeUndefined();
    expect((image as { width: number }).width).toBe(1);
  });

  it('rejects a truncated or non-JPEG stream with an error instead of crashing', async () => {
    const jpeg = await halvesJpeg();
    for (const data of [jpeg.subarray(0, 200), new TextEncoder().encode('not a jpeg at all')]) {
      await expect(new ImageDecoder({ data, type: 'image/jpeg' }).decode()).rejects.toThrow();
    }
  });

  it("is what pdf.js decodes a page's RGB JPEG with", async () => {
    await withPage(await pdfWithJpeg(await halvesJpeg(), 200, 120), async page => {
      const image = await decodedImage(page);
      const pixels = nativeJpegPixels(image?.bitmap);
      expect(pixels).toBeDefined();
      expect(near(pixelAt(pixels!, 20, 60), [0xe0, 0x20, 0x20, 255])).toBe(true);
    });
  });

  it('leaves a damaged JPEG to pdf.js, which reads the page without failing', async () => {
    const jpeg = await halvesJpeg();
    await withPage(await pdfWithJpeg(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 200, 120), async page => {
      const image = await decodedImage(page);
      // pdf.js's own decoder gives what it can (or nothing); never a bitmap of ours.
      expect(nativeJpegPixels(image?.bitmap)).toBeUndefined();
      expect((await page.getTextContent()).items).toEqual([]);
    });
  });
});
