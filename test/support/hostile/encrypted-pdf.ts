import { createHash, randomBytes } from 'node:crypto';
import { assemblePdf, ref, streamObject, textContent } from './raw-pdf.ts';

/** The padding string of the PDF Standard Security Handler (ISO 32000-1, 7.6.3.3). */
const passwordPadding = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + state[i] + key[i % key.length]) & 0xff;
    [state[i], state[j]] = [state[j], state[i]];
  }
  const output = Buffer.alloc(data.length);
  for (let index = 0, i = 0, j = 0; index < data.length; index += 1) {
    i = (i + 1) & 0xff;
    j = (j + state[i]) & 0xff;
    [state[i], state[j]] = [state[j], state[i]];
    output[index] = data[index] ^ state[(state[i] + state[j]) & 0xff];
  }
  return output;
}

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const padded = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), passwordPadding]).subarray(0, 32);
const hex = (bytes: Buffer) => `<${bytes.toString('hex')}>`;

/**
 * A one-page PDF encrypted with the Standard Security Handler, revision 2 (40-bit RC4), the kind
 * every reader supports. With `userPassword: ''` it opens without a password (an owner password only
 * restricts printing or copying, as in many real files); otherwise a password is needed to read it.
 * `fileId` (16 bytes; random by default) fixes the bytes, for reproducible fuzzing.
 */
export function makeEncryptedPdf(options: { userPassword: string; ownerPassword: string; lines: string[]; fileId?: Uint8Array }): Uint8Array {
  const fileId = Buffer.from(options.fileId ?? randomBytes(16));
  const permissions = -44; // printing and copying not allowed
  const owner = rc4(md5(padded(options.ownerPassword)).subarray(0, 5), padded(options.userPassword));
  const permissionBytes = Buffer.alloc(4);
  permissionBytes.writeInt32LE(permissions);
  const fileKey = md5(padded(options.userPassword), owner, permissionBytes, fileId).subarray(0, 5);
  const user = rc4(fileKey, passwordPadding);
  // Every string and stream is encrypted with a key made from the file key and its object number.
  const objectKey = (objectNumber: number) =>
    md5(fileKey, Buffer.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, objectNumber >> 16, 0, 0])).subarray(0, 10);

  const objects = [
    `<< /Type /Catalog /Pages ${ref(2)} >>`,
    `<< /Type /Pages /Kids [${ref(4)}] /Count 1 >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Type /Page /Parent ${ref(2)} /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${ref(3)} >> >> /Contents ${ref(5)} >>`,
    streamObject(rc4(objectKey(5), Buffer.from(textContent(options.lines), 'latin1'))),
    `<< /Filter /Standard /V 1 /R 2 /Length 40 /O ${hex(owner)} /U ${hex(user)} /P ${permissions} >>`,
  ];
  return assemblePdf(objects, { trailerExtra: `/Encrypt ${ref(6)} /ID [${hex(fileId)} ${hex(fileId)}]` });
}
