import { inflateSync } from 'node:zlib';

/**
 * pdf.js decodes every Flate stream (content streams, fonts, images) through the web
 * `DecompressionStream('deflate')`, falling back to its JavaScript inflater when that fails. In Node
 * that stream is zlib behind a Duplex and web-stream adapters: the data goes through the libuv thread
 * pool in 16 KB steps, with promises and a thread hop per step, which costs far more CPU than one
 * `zlib.inflateSync` on the same data, and the reading thread sits idle while it waits. pdf.js only
 * ever writes a whole stream and reads the whole result, so this stand-in inflates it in one
 * synchronous zlib call when the writer closes: the same zlib with the same defaults
 * (`createInflate()` is what Node's DecompressionStream uses), so the same bytes, and an error (which
 * makes pdf.js fall back) where the original errors. Bytes after the end of the zlib stream (common in
 * PDFs: a stream Length that counts the line break before `endstream`) are ignored by Node 20's
 * DecompressionStream and an error in later versions (spec: trailing junk is an error), so for those
 * this asks the original once which it is. Other formats go to the original class.
 */
const NativeDecompressionStream = globalThis.DecompressionStream;

class InflateWhenClosed extends TransformStream<Uint8Array, Uint8Array> {
  constructor() {
    const chunks: Uint8Array[] = [];
    super({
      transform(chunk) {
        chunks.push(asBytes(chunk));
      },
      async flush(controller) {
        const input = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        const { buffer, engine } = inflateSync(input, { info: true }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
        if (engine.bytesWritten < input.byteLength && (await nativeRejectsTrailingJunk())) {
          throw new TypeError('trailing data after the end of the compressed stream');
        }
        controller.enqueue(buffer);
      },
    });
  }
}

let trailingJunkProbe: Promise<boolean> | undefined;

/** Whether this Node's own DecompressionStream fails on bytes after the end of the stream (asked once). */
function nativeRejectsTrailingJunk(): Promise<boolean> {
  trailingJunkProbe ??= (async () => {
    // zlib's deflate of "a", then one stray byte.
    const input = new Uint8Array([120, 156, 75, 4, 0, 0, 98, 0, 98, 0]);
    try {
      const { readable, writable } = new NativeDecompressionStream('deflate');
      const writer = writable.getWriter();
      void writer
        .write(input)
        .then(() => writer.close())
        .catch(() => {});
      for await (const chunk of readable as unknown as AsyncIterable<Uint8Array>) void chunk;
      return false;
    } catch {
      return true;
    }
  })();
  return trailingJunkProbe;
}

function asBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer || chunk instanceof SharedArrayBuffer) return new Uint8Array(chunk);
  // What the original throws for a chunk that is not a BufferSource.
  throw new TypeError('The "chunk" argument must be of type ArrayBuffer, Buffer, TypedArray, or DataView');
}

/** A DecompressionStream whose 'deflate' format inflates on close (see above). */
export const SyncInflateDecompressionStream = function DecompressionStream(format: CompressionFormat) {
  return format === 'deflate' ? new InflateWhenClosed() : new NativeDecompressionStream(format);
} as unknown as typeof globalThis.DecompressionStream;

let installed = false;

/** Makes pdf.js (which looks the global up at each use) inflate with zlib synchronously; process-wide, once. */
export function installSyncInflate(): void {
  if (installed || typeof NativeDecompressionStream !== 'function') return;
  installed = true;
  globalThis.DecompressionStream = SyncInflateDecompressionStream;
}
