import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FigureSink } from '../../src/ingest/types.ts';

export interface TempFigureSink extends FigureSink {
  readonly directory: string;
  /** Distinct PNGs saved so far (the same image twice is stored once). */
  savedCount(): number;
  /** Deletes the directory and everything in it. */
  dispose(): Promise<void>;
}

/** A FigureSink for benchmarks: PNGs go to a fresh temp directory, named by their sha256. */
export async function createTempFigureSink(): Promise<TempFigureSink> {
  const directory = await mkdtemp(join(tmpdir(), 'folio-bench-figures-'));
  const saved = new Set<string>();
  return {
    directory,
    async save(png: Uint8Array) {
      const sha256 = createHash('sha256').update(png).digest('hex');
      if (!saved.has(sha256)) {
        saved.add(sha256);
        await writeFile(join(directory, `${sha256}.png`), png);
      }
      return { sha256 };
    },
    savedCount: () => saved.size,
    dispose: () => rm(directory, { recursive: true, force: true }),
  };
}
