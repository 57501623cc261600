import { open, type FileHandle } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

/**
 * Just enough ZIP to read a few XML parts of an OOXML/ODF package: the central directory and
 * stored/deflated entries. No ZIP64 (packages over 4 GB), no encryption. Reads only the parts asked
 * for, never the whole file.
 */
export interface ZipArchive {
  readonly entryNames: string[];
  /** What the central directory says each entry takes in the file and once inflated (bytes). */
  readonly entrySizes: Array<{ name: string; compressedBytes: number; uncompressedBytes: number }>;
  /** The entry's bytes as UTF-8 text, or undefined when the archive has no such entry. */
  readText(entryName: string): Promise<string | undefined>;
  close(): Promise<void>;
}

interface CentralEntry {
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const endOfCentralDirectorySignature = 0x06054b50;
const centralEntrySignature = 0x02014b50;
const localHeaderSignature = 0x04034b50;
// The end record is 22 bytes plus a comment of at most 65535 bytes.
const endRecordSearchBytes = 22 + 0xffff;
// Slide XML parts are kilobytes; anything this large is not a real part (or is a zip bomb).
const maxEntryBytes = 64 * 1024 * 1024;

export async function openZipArchive(path: string): Promise<ZipArchive> {
  const handle = await open(path, 'r');
  try {
    const { entries, entrySizes } = await readCentralDirectory(handle);
    return {
      entryNames: [...entries.keys()],
      entrySizes,
      readText: async entryName => {
        const entry = entries.get(entryName);
        return entry ? (await readEntry(handle, entry)).toString('utf8') : undefined;
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function readCentralDirectory(handle: FileHandle): Promise<{ entries: Map<string, CentralEntry>; entrySizes: ZipArchive['entrySizes'] }> {
  const { size } = await handle.stat();
  const tailLength = Math.min(size, endRecordSearchBytes);
  const tail = await readAt(handle, size - tailLength, tailLength);
  let endRecord = -1;
  for (let offset = tail.length - 22; offset >= 0; offset -= 1) {
    if (tail.readUInt32LE(offset) === endOfCentralDirectorySignature) {
      endRecord = offset;
      break;
    }
  }
  if (endRecord < 0) throw new Error('not a ZIP archive: no end of central directory record');
  const entryCount = tail.readUInt16LE(endRecord + 10);
  const directorySize = tail.readUInt32LE(endRecord + 12);
  const directoryOffset = tail.readUInt32LE(endRecord + 16);
  if (directoryOffset === 0xffffffff || entryCount === 0xffff) throw new Error('ZIP64 archives are not supported');
  if (directoryOffset + directorySize > size) throw new Error('ZIP central directory lies outside the file');

  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries = new Map<string, CentralEntry>();
  // Every listed entry, repeated names included (the map keeps only the last of them).
  const entrySizes: ZipArchive['entrySizes'] = [];
  let offset = 0;
  for (let index = 0; index < entryCount && offset + 46 <= directory.length; index += 1) {
    if (directory.readUInt32LE(offset) !== centralEntrySignature) throw new Error('corrupt ZIP central directory');
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    const name = directory.toString('utf8', offset + 46, offset + 46 + nameLength);
    const entry = {
      method: directory.readUInt16LE(offset + 10),
      compressedSize: directory.readUInt32LE(offset + 20),
      uncompressedSize: directory.readUInt32LE(offset + 24),
      localHeaderOffset: directory.readUInt32LE(offset + 42),
    };
    entries.set(name, entry);
    entrySizes.push({ name, compressedBytes: entry.compressedSize, uncompressedBytes: entry.uncompressedSize });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, entrySizes };
}

async function readEntry(handle: FileHandle, entry: CentralEntry): Promise<Buffer> {
  if (entry.uncompressedSize > maxEntryBytes) throw new Error(`ZIP entry too large: ${entry.uncompressedSize} bytes`);
  const header = await readAt(handle, entry.localHeaderOffset, 30);
  if (header.readUInt32LE(0) !== localHeaderSignature) throw new Error('corrupt ZIP local header');
  // The local header's own name/extra lengths can differ from the central directory's.
  const dataOffset = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const data = await readAt(handle, dataOffset, entry.compressedSize);
  if (entry.method === 0) return data;
  if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: maxEntryBytes });
  throw new Error(`unsupported ZIP compression method ${entry.method}`);
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead < length) throw new Error('ZIP archive is truncated');
  return buffer;
}
