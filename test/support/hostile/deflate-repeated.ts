import { createDeflate, createDeflateRaw, crc32 } from 'node:zlib';

/** `repeat` copies of `unit` between `prefix` and `suffix`: content that compresses about 1000:1. */
export interface RepeatedContent {
  prefix?: string | Uint8Array;
  unit: string | Uint8Array;
  repeat: number;
  suffix?: string | Uint8Array;
}

/**
 * Deflates repeated content as a stream, 1 MiB at a time, so gigabytes of it never sit in memory:
 * how zip bombs and decompression-bomb images are built. `raw` for ZIP entries, zlib-wrapped
 * (FlateDecode) otherwise. Returns the compressed bytes, the CRC-32 and the size of the content.
 */
export async function deflateRepeated(content: RepeatedContent, options: { raw: boolean }): Promise<{ compressed: Buffer; crc: number; size: number }> {
  const deflate = options.raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  const write = async (buffer: Buffer) => {
    crc = crc32(buffer, crc);
    size += buffer.length;
    if (!deflate.write(buffer)) await new Promise(resolve => deflate.once('drain', resolve));
  };
  const toBuffer = (value: string | Uint8Array) => (typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value));
  const unit = toBuffer(content.unit);
  const unitsPerBlock = Math.max(1, Math.floor((1 << 20) / unit.length));
  const block = Buffer.concat(Array.from({ length: unitsPerBlock }, () => unit));
  if (content.prefix) await write(toBuffer(content.prefix));
  let remaining = content.repeat;
  while (remaining >= unitsPerBlock) {
    await write(block);
    remaining -= unitsPerBlock;
  }
  if (remaining > 0) await write(block.subarray(0, remaining * unit.length));
  if (content.suffix) await write(toBuffer(content.suffix));
  deflate.end();
  await done;
  return { compressed: Buffer.concat(chunks), crc: crc >>> 0, size };
}
