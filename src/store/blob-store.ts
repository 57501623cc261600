import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathExists, writeAtomically } from '../files/atomic-file.ts';

/**
 * Originals (`files/<sha256>`) and figure crops (`figures/<sha256>.png`) as files under the data dir,
 * addressed by the sha256 of their bytes, so the same content is stored once however often it is
 * shared. Every write goes to a temporary file that is renamed into place: a crash never leaves a
 * half-written blob under its final name. Whether a blob is still referenced is the KnowledgeStore's
 * business (countDocumentsWithSha); this class only holds bytes.
 */
export class BlobStore {
  constructor(private readonly dataDir: string) {}

  /** Copies the original into `files/<sha256>` (once per content) and returns its hash and size. */
  async storeOriginal(path: string): Promise<{ sha256: string; sizeBytes: number; storedPath: string }> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(path), hash);
    const sha256 = hash.digest('hex');
    const storedPath = this.originalPath(sha256);
    const { size } = await stat(path);
    if (!(await pathExists(storedPath))) {
      await mkdir(dirname(storedPath), { recursive: true });
      const temporary = `${storedPath}.${randomUUID()}.tmp`;
      await copyFile(path, temporary);
      await rename(temporary, storedPath);
    }
    return { sha256, sizeBytes: size, storedPath };
  }

  originalPath(sha256: string): string {
    return join(this.dataDir, 'files', checkedSha256(sha256));
  }

  figurePath(sha256: string): string {
    return join(this.dataDir, 'figures', `${checkedSha256(sha256)}.png`);
  }

  /** Where the parser puts figure crops while it reads a document (its FigureSink): stored once per sha256. */
  figureSink(): { save(png: Uint8Array): Promise<{ sha256: string }> } {
    return {
      save: async png => {
        const sha256 = createHash('sha256').update(png).digest('hex');
        const path = this.figurePath(sha256);
        if (!(await pathExists(path))) await writeAtomically(path, png);
        return { sha256 };
      },
    };
  }

  async readFigure(sha256: string): Promise<Uint8Array> {
    return readFile(this.figurePath(sha256));
  }

  /** Removes the original or figure crop with this sha256; nothing happens when there is none. */
  async delete(sha256: string): Promise<void> {
    await rm(this.originalPath(sha256), { force: true });
    await rm(this.figurePath(sha256), { force: true });
  }
}

/** Paths are built from hashes; anything else (`../x`) must never reach the file system. */
function checkedSha256(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256.slice(0, 80)}`);
  return sha256;
}
