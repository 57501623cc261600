// pdf.js decodes baseline and progressive JPEGs with its own JavaScript decoder, a large share of the
// parsing CPU of photo-heavy documents. Where a browser offers the WebCodecs
// `ImageDecoder`, pdf.js hands plain RGB JPEGs (DeviceRGB, 8 bits, no soft mask, no Decode array,
// drawn at full size) to it instead, and draws the bitmap it returns. This installs an `ImageDecoder`
// that decodes with libjpeg-turbo through sharp (libvips) on the thread pool, and returns the pixels
// as an opaque @napi-rs/canvas canvas, the canvas type pdf.js's Node build draws on anyway.
//
// Why sharp and not @napi-rs/canvas's own `Image`: @napi-rs/canvas 0.1.100 crashes the whole process
// (segmentation fault) on a truncated JPEG; libvips reports one as an error. Any error (a damaged
// stream, more pixels than `maxDecodedPixels`, sharp missing on this platform) makes pdf.js fall back
// to its own decoder. Not installed when the platform already has an ImageDecoder, or when sharp or
// @napi-rs/canvas cannot be loaded.
//
// Installed by the speed layer (pdfjs-speed-layer.ts), not on import. pdf.js hands JPEGs to an
// ImageDecoder only if one was visible while its worker module loaded (before-pdfjs-loads.js sees to
// that) and the document was opened with `isImageDecoderSupported` (pdfjs-document-options.ts).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The decoder refuses larger images; keep in line with pdf.js's own `maxImageSize` (pdfjs-document-options.ts). */
const maxDecodedPixels = 50_000_000;

/** Canvases this decoder made, so callers can tell its bitmaps from others and read their pixels. */
const decodedBitmaps = new WeakMap();

let installed = false;

/**
 * Installs the decoder as `globalThis.ImageDecoder` for pdf.js, once per thread; whether it is
 * installed. Documents then use it only when opened with `isImageDecoderSupported`.
 */
export function installNativeJpegDecoder() {
  if (installed || typeof globalThis.ImageDecoder !== 'undefined') return installed;
  let sharp;
  let canvas;
  try {
    sharp = require('sharp');
    canvas = require('@napi-rs/canvas');
  } catch {
    return false;
  }
  // libvips's operation cache would keep recent decodes (up to 50 MB); every image is decoded once.
  sharp.cache(false);
  globalThis.ImageDecoder = createDecoderClass(sharp, canvas);
  installed = true;
  return true;
}

/** Whether pdf.js's documents in this thread should be told to use the installed decoder. */
export function nativeJpegDecoderInstalled() {
  return installed;
}

/**
 * The RGBA pixels (opaque, `width × height × 4` bytes, row after row) of a bitmap this decoder made,
 * or undefined for any other value.
 */
export function nativeJpegPixels(bitmap) {
  const size = bitmap !== null && typeof bitmap === 'object' ? decodedBitmaps.get(bitmap) : undefined;
  // canvas.data() is a view of the canvas's own memory (no copy).
  return size && { width: size.width, height: size.height, data: bitmap.data() };
}

function createDecoderClass(sharp, { createCanvas, ImageData }) {
  // The subset of WebCodecs' ImageDecoder that pdf.js uses (JpegStream.getTransferableImage).
  return class NativeJpegDecoder {
    static isTypeSupported(type) {
      return Promise.resolve(type === 'image/jpeg');
    }

    #data;

    constructor({ data, type }) {
      if (type !== 'image/jpeg') throw new TypeError(`NativeJpegDecoder: unsupported type ${type}`);
      this.#data = data;
    }

    async decode() {
      const input = Buffer.from(this.#data.buffer, this.#data.byteOffset, this.#data.byteLength);
      // failOn 'error': a truncated or corrupt stream is an error (pdf.js then decodes it itself, as
      // far as it can), not a half-grey picture. Anything but 3 colour channels is refused below.
      const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: maxDecodedPixels })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      if (info.channels !== 4 || data.length !== info.width * info.height * 4) {
        throw new Error(`NativeJpegDecoder: unexpected output (${info.width}×${info.height}, ${info.channels} channels)`);
      }
      const bitmap = createCanvas(info.width, info.height);
      const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
      bitmap.getContext('2d').putImageData(new ImageData(pixels, info.width, info.height), 0, 0);
      decodedBitmaps.set(bitmap, { width: info.width, height: info.height });
      // pdf.js closes a bitmap (ImageBitmap.close) when it drops the page's objects (page.cleanup()).
      // V8 does not see the canvas's native pixels, so they would wait for a full collection of the
      // small wrapper: shrinking the canvas frees them now.
      bitmap.close = () => {
        decodedBitmaps.delete(bitmap);
        bitmap.width = 1;
        bitmap.height = 1;
      };
      return { image: bitmap };
    }

    close() {
      this.#data = undefined;
    }
  };
}
