import { crc32, deflateSync } from 'node:zlib';

/** Where the pixels to encode sit in a larger RGBA buffer (a canvas holding several figures). */
export interface PixelWindow {
  left: number;
  top: number;
  /** Pixels per row of the whole buffer. */
  rowPixels: number;
}

/**
 * Encodes opaque RGBA pixels (`widthPx` × `heightPx`, or that window of a larger buffer) as an 8-bit
 * RGB PNG. Not @napi-rs/canvas's own PNG encoder, which always compresses hard: zlib level 1 with the
 * "Up" filter is several times faster for a slightly bigger file, and a crop is written once and sent
 * once to a vision model, so speed matters more than size (figures: docs/benchmarks.md, Parsing).
 */
export async function encodeOpaquePng(
  rgba: Uint8Array | Uint8ClampedArray,
  widthPx: number,
  heightPx: number,
  window: PixelWindow = { left: 0, top: 0, rowPixels: widthPx },
): Promise<Uint8Array> {
  // One plain Uint8Array view whatever came in (a Buffer from canvas.data(), ImageData's
  // Uint8ClampedArray): the loop's element reads then stay monomorphic.
  const pixels = rgba.constructor === Uint8Array ? rgba : new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  const rowBytes = widthPx * 3;
  const filtered = new Uint8Array((rowBytes + 1) * heightPx);
  const sourceRowBytes = window.rowPixels * 4;
  for (let row = 0; row < heightPx; row++) {
    let target = row * (rowBytes + 1);
    let pixel = (window.top + row) * sourceRowBytes + window.left * 4;
    const end = pixel + widthPx * 4;
    if (row === 0) {
      filtered[target++] = 0; // filter type 0 ("None") for the first row
      for (; pixel < end; pixel += 4, target += 3) {
        filtered[target] = pixels[pixel];
        filtered[target + 1] = pixels[pixel + 1];
        filtered[target + 2] = pixels[pixel + 2];
      }
      continue;
    }
    // Filter type 2 ("Up"): each byte minus the byte above; flat backgrounds become runs of zeros.
    filtered[target++] = 2;
    for (let up = pixel - sourceRowBytes; pixel < end; pixel += 4, up += 4, target += 3) {
      filtered[target] = pixels[pixel] - pixels[up];
      filtered[target + 1] = pixels[pixel + 1] - pixels[up + 1];
      filtered[target + 2] = pixels[pixel + 2] - pixels[up + 2];
    }
  }
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, widthPx);
  headerView.setUint32(4, heightPx);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour RGB, deflate, adaptive filtering, no interlace
  // Synchronous: the asynchronous form hands zlib 16 KB steps on the thread pool, more CPU for the
  // same bytes, and the reading thread (a parse worker, or a page read that blocks it anyway) has
  // nothing to do meanwhile.
  const compressed = deflateSync(filtered, { level: 1 });
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', compressed),
    chunk('IEND', new Uint8Array()),
  ]);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, data.length);
  for (let index = 0; index < 4; index++) bytes[4 + index] = type.charCodeAt(index);
  bytes.set(data, 8);
  view.setUint32(8 + data.length, crc32(bytes.subarray(4, 8 + data.length)));
  return bytes;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
