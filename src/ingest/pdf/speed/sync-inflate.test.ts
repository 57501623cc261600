import { deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SyncInflateDecompressionStream } from './sync-inflate.ts';

const NativeDecompressionStream = globalThis.DecompressionStream;

/** Reads a stream the way pdf.js's asyncGetBytesFromDecompressionStream does; null when it fails. */
async function inflateWith(Stream: typeof DecompressionStream, bytes: Uint8Array): Promise<Buffer | null> {
  try {
    const { readable, writable } = new Stream('deflate');
    const writer = writable.getWriter();
    await writer.ready;
    writer
      .write(bytes as Uint8Array<ArrayBuffer>)
      .then(async () => {
        await writer.ready;
        await writer.close();
      })
      .catch(() => {});
    const chunks: Uint8Array[] = [];
    for await (const chunk of readable as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}

describe('SyncInflateDecompressionStream', () => {
  it("gives what Node's own DecompressionStream gives, data or failure, on intact and damaged Flate data", async () => {
    const plain = Buffer.from(Array.from({ length: 5000 }, (_, index) => `BT /F1 12 Tf ${index} 0 Td (line ${index}) Tj ET\n`).join(''));
    const zlibData = deflateSync(plain);
    const flipped = Buffer.from(zlibData);
    flipped[Math.floor(flipped.length / 2)] ^= 0x10;
    const cases = [
      zlibData,
      zlibData.subarray(0, Math.floor(zlibData.length / 2)), // truncated
      zlibData.subarray(0, zlibData.length - 4), // checksum missing
      Buffer.concat([zlibData, Buffer.from('\r\nendstream')]), // bytes after the end
      Buffer.concat([zlibData, zlibData]),
      flipped,
      deflateRawSync(plain), // no zlib header
      new Uint8Array(0),
    ];
    for (const bytes of cases) {
      expect(await inflateWith(SyncInflateDecompressionStream, bytes)).toEqual(await inflateWith(NativeDecompressionStream, bytes));
    }
    expect(await inflateWith(SyncInflateDecompressionStream, zlibData)).toEqual(plain);
  });

  it('leaves other formats to the original class', () => {
    expect(new SyncInflateDecompressionStream('gzip')).toBeInstanceOf(NativeDecompressionStream);
  });
});
