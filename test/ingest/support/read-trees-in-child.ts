// `node bin/run-ts.js test/ingest/support/read-trees-in-child.ts <file.pdf>...`: reads each file with
// readDocument under the configuration in the environment (FOLIO_PDFJS_FAST, FOLIO_PARSE_WORKERS) and
// prints one prefixed JSON line: the parsed documents and trees, the figure PNGs, the speed
// layer's state and what pdf.js's globals look like afterwards. The speed layer and pdf.js's globals
// are process-wide, so the "on" and "off" reads each need a process of their own.
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { runInNewContext } from 'node:vm';
import { loadConfig } from '../../../src/config.ts';
import { pdfjsSpeedLayer } from '../../../src/ingest/pdf/speed/pdfjs-speed-layer.ts';
import { readDocument } from '../../../src/ingest/read-document.ts';
import type { FigureSink } from '../../../src/ingest/types.ts';

/** Marks the result line, so stray output from libraries cannot be mistaken for it. */
const childResultPrefix = '@@folio-trees ';

// core-js masks its functions' Function.prototype.toString; another realm's toString shows the truth.
const foreignToString = runInNewContext('Function.prototype.toString') as (this: unknown) => string;
const isEngineBuiltin = (fn: unknown) => /\{\s*\[native code\]\s*\}$/.test(Reflect.apply(foreignToString, fn, []));

const config = loadConfig().ingest;
/** Figure PNGs in the order they were saved, base64. */
const figures: Array<{ sha256: string; png: string }> = [];
const figureSink: FigureSink = {
  async save(png) {
    const sha256 = createHash('sha256').update(png).digest('hex');
    figures.push({ sha256, png: Buffer.from(png).toString('base64') });
    return { sha256 };
  },
};
const documents = [];
for (const path of process.argv.slice(2)) {
  const { parsed, tree } = await readDocument({ path, documentId: basename(path) }, { config, figureSink });
  documents.push({ name: basename(path), parsed, tree });
}
const globals = {
  engineArrayPush: isEngineBuiltin(Array.prototype.push),
  engineJsonStringify: isEngineBuiltin(JSON.stringify),
  imageDecoder: typeof (globalThis as { ImageDecoder?: unknown }).ImageDecoder,
  // sync-inflate.ts's stand-in is a TransformStream; Node's own DecompressionStream is not.
  syncInflate: new DecompressionStream('deflate') instanceof TransformStream,
};
process.stdout.write(`${childResultPrefix}${JSON.stringify({ layer: pdfjsSpeedLayer(), globals, figures, documents })}\n`);
