import { crc32, deflateRawSync } from 'node:zlib';
import { deflateRepeated, type RepeatedContent } from './deflate-repeated.ts';

/** An entry given as its bytes (deflated unless `stored`). */
export interface ZipBytesEntry {
  name: string;
  data: Uint8Array | string;
  stored?: boolean;
}

/**
 * An entry of `repeat` copies of `unit` between `prefix` and `suffix`, deflated as a stream so a
 * gigabyte of content never sits in memory: how a zip bomb's huge part is built.
 */
export interface ZipRepeatedEntry extends RepeatedContent {
  name: string;
}

export type ZipEntry = ZipBytesEntry | ZipRepeatedEntry;

interface WrittenEntry {
  name: Buffer;
  crc: number;
  method: number;
  compressed: Buffer;
  uncompressedSize: number;
}

/**
 * Writes a ZIP archive (what DOCX/PPTX packages are) with node:zlib: stored or deflated entries,
 * honest sizes and CRCs, no ZIP64. `declaredSizes` overrides the uncompressed size written in both
 * headers, for archives that lie about what they hold.
 */
export async function writeZip(entries: ZipEntry[], options: { declaredSizes?: Record<string, number> } = {}): Promise<Uint8Array> {
  const written: WrittenEntry[] = [];
  for (const entry of entries) {
    const item = 'unit' in entry ? await deflateEntry(entry) : deflateBytes(entry);
    const declared = options.declaredSizes?.[entry.name];
    written.push(declared === undefined ? item : { ...item, uncompressedSize: declared });
  }
  return assemble(written);
}

function deflateBytes(entry: ZipBytesEntry): WrittenEntry {
  const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
  return {
    name: Buffer.from(entry.name, 'utf8'),
    crc: crc32(data),
    method: entry.stored ? 0 : 8,
    compressed: entry.stored ? data : deflateRawSync(data, { level: 9 }),
    uncompressedSize: data.length,
  };
}

async function deflateEntry(entry: ZipRepeatedEntry): Promise<WrittenEntry> {
  const { compressed, crc, size } = await deflateRepeated(entry, { raw: true });
  return { name: Buffer.from(entry.name, 'utf8'), crc, method: 8, compressed, uncompressedSize: size };
}

function assemble(entries: WrittenEntry[]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(entry.uncompressedSize >>> 0, 22);
    local.writeUInt16LE(entry.name.length, 26);
    local.writeUInt16LE(0, 28);
    parts.push(local, entry.name, entry.compressed);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by
    header.writeUInt16LE(20, 6); // needed
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt32LE(0, 12);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(entry.compressed.length, 20);
    header.writeUInt32LE(entry.uncompressedSize >>> 0, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, entry.name);
    offset += local.length + entry.name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, directory, end]));
}

/**
 * A copy of `zip` without the entries named in `drop` and with `add` appended: the original entries'
 * bytes are kept as they are (dropped ones stay in the file but are no longer listed, as after an
 * in-place edit), so a real package made by docx/pptxgenjs can have one part swapped for a hostile one.
 */
export async function rewriteZip(zip: Uint8Array, changes: { drop?: string[]; add: ZipEntry[] }): Promise<Uint8Array> {
  const source = Buffer.from(zip);
  const end = source.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP archive');
  const count = source.readUInt16LE(end + 10);
  const directorySize = source.readUInt32LE(end + 12);
  const directoryOffset = source.readUInt32LE(end + 16);
  const kept: Buffer[] = [];
  let position = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    const length = 46 + source.readUInt16LE(position + 28) + source.readUInt16LE(position + 30) + source.readUInt16LE(position + 32);
    const name = source.toString('utf8', position + 46, position + 46 + source.readUInt16LE(position + 28));
    if (!changes.drop?.includes(name)) kept.push(source.subarray(position, position + length));
    position += length;
  }
  if (position !== directoryOffset + directorySize) throw new Error('unexpected ZIP central directory');
  const appended = Buffer.from(await writeZip(changes.add));
  const appendedEnd = appended.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const appendedDirectoryOffset = appended.readUInt32LE(appendedEnd + 16);
  const appendedLocals = appended.subarray(0, appendedDirectoryOffset);
  // The new central entries point into the appended block: shift their local header offsets.
  const appendedCentral = Buffer.from(appended.subarray(appendedDirectoryOffset, appendedEnd));
  for (let at = 0; at < appendedCentral.length; ) {
    appendedCentral.writeUInt32LE(appendedCentral.readUInt32LE(at + 42) + directoryOffset, at + 42);
    at += 46 + appendedCentral.readUInt16LE(at + 28) + appendedCentral.readUInt16LE(at + 30) + appendedCentral.readUInt16LE(at + 32);
  }
  const directory = Buffer.concat([...kept, appendedCentral]);
  const total = kept.length + changes.add.length;
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(total, 8);
  record.writeUInt16LE(total, 10);
  record.writeUInt32LE(directory.length, 12);
  record.writeUInt32LE(directoryOffset + appendedLocals.length, 16);
  return new Uint8Array(Buffer.concat([source.subarray(0, directoryOffset), appendedLocals, directory, record]));
}
