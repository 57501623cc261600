import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** How to rewrite a part of a package, by its name: its XML's new text, or undefined to copy the part as it is. */
export type PartRewrite = (partName: string) => ((xml: string) => string) | undefined;

/**
 * Writes a copy of the Office Open XML package at `source` to `target`: the parts `rewrite` names are
 * read as UTF-8 and written as it rewrites them, every other part is copied as it is. Rejects when
 * `source` is no zip.
 */
export async function writeRewrittenPackage(source: string, target: string, rewrite: PartRewrite): Promise<void> {
  const output = new yazl.ZipFile();
  const written = pipeline(output.outputStream, createWriteStream(target));
  try {
    await forEachEntry(source, async (entry, stream) => {
      const options = { mtime: entry.getLastModDate(), mode: entry.externalFileAttributes >>> 16 || undefined };
      if (entry.fileName.endsWith('/')) {
        stream.resume();
        output.addEmptyDirectory(entry.fileName, options);
        return;
      }
      const rewritePart = rewrite(entry.fileName);
      if (rewritePart) {
        output.addBuffer(Buffer.from(rewritePart((await buffer(stream)).toString('utf8')), 'utf8'), entry.fileName, options);
      } else {
        output.addBuffer(await buffer(stream), entry.fileName, { ...options, compress: entry.compressionMethod !== 0 });
      }
    });
  } finally {
    output.end();
    await written;
  }
}

/** Calls `visit` with each entry of the zip and its content, one at a time, in the order stored. */
function forEachEntry(path: string, visit: (entry: yauzl.Entry, stream: Readable) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error(`cannot open ${path}`));
      // A visit that fails stops the reading, and the zip is closed here: autoClose waits for the last entry.
      const fail = (error: unknown) => {
        zip.close();
        reject(error);
      };
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail(streamError ?? new Error(`cannot read ${entry.fileName} in ${path}`));
          visit(entry, stream).then(() => zip.readEntry(), fail);
        });
      });
      zip.readEntry();
    });
  });
}
