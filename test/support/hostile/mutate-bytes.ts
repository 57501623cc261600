import { randomBytesFrom, randomInt } from './seeded-random.ts';

export type MutationKind = 'flip' | 'insert' | 'delete' | 'truncate' | 'overwrite' | 'duplicate';

/** What was done to the bytes, for the failure message. */
export interface Mutation {
  kind: MutationKind;
  at: number;
  length: number;
}

/**
 * 1–`maxEdits` random edits of `bytes`: flip bits, insert random bytes, delete a range, cut off the
 * end, overwrite a range with PDF-ish tokens (so the parser's own syntax gets hit, not only its
 * tolerance for noise), or duplicate a range elsewhere. Returns the mutated copy and what was done.
 */
export function mutateBytes(bytes: Uint8Array, random: () => number, maxEdits = 4): { bytes: Uint8Array; mutations: Mutation[] } {
  let data = Buffer.from(bytes);
  const mutations: Mutation[] = [];
  const edits = 1 + randomInt(random, maxEdits);
  for (let edit = 0; edit < edits && data.length > 0; edit += 1) {
    const at = randomInt(random, data.length);
    const length = 1 + randomInt(random, Math.min(64, data.length - at));
    const roll = random();
    let kind: MutationKind;
    if (roll < 0.3) {
      kind = 'flip';
      for (let index = at; index < at + length; index += 1) if (random() < 0.3) data[index] ^= 1 << randomInt(random, 8);
    } else if (roll < 0.45) {
      kind = 'insert';
      data = Buffer.concat([data.subarray(0, at), randomBytesFrom(random, length), data.subarray(at)]);
    } else if (roll < 0.6) {
      kind = 'delete';
      data = Buffer.concat([data.subarray(0, at), data.subarray(at + length)]);
    } else if (roll < 0.7) {
      kind = 'truncate';
      data = data.subarray(0, at);
    } else if (roll < 0.9) {
      kind = 'overwrite';
      const token = Buffer.from(pdfTokens[randomInt(random, pdfTokens.length)], 'latin1');
      data = Buffer.concat([data.subarray(0, at), token, data.subarray(Math.min(data.length, at + token.length))]);
    } else {
      kind = 'duplicate';
      data = Buffer.concat([data.subarray(0, at), data.subarray(at, at + length), data.subarray(at)]);
    }
    mutations.push({ kind, at, length });
  }
  return { bytes: new Uint8Array(data), mutations };
}

/** Pieces of PDF syntax that steer a parser into its less travelled paths. */
const pdfTokens = [
  '<<',
  '>>',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '/',
  'obj',
  'endobj',
  'stream',
  'endstream',
  'R',
  ' 0 R ',
  '-1',
  '99999999999',
  '/Length 999999',
  '/Length -5',
  '/Count 100000',
  '/Kids [1 0 R]',
  '/Parent 2 0 R',
  '/Type /Pages',
  '/Filter /FlateDecode',
  '/Filter /LZWDecode',
  '/Filter /ASCII85Decode',
  '/DecodeParms << /Predictor 15 /Columns 99999 >>',
  'xref',
  'trailer',
  'startxref',
  '%%EOF',
  '/Prev 0',
  '/Encrypt 1 0 R',
  'BT',
  'ET',
  'Tj',
  'TJ',
  'Tf',
  'Do',
  'q',
  'Q',
  'cm',
  'BI',
  'ID',
  'EI',
  '/Subtype /Image',
  '/Width 100000 /Height 100000',
  '1e308',
  'NaN',
  '\u0000',
  '\\',
  '\n',
];
