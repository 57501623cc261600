import { rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where the rendered pages of one original live: `<dataDir>/page-images/<sha256>/<page>.png`, with an
 * office original's converted PDF beside them (`document.pdf`). Keyed by the original's sha256, like
 * the original itself, so the cache goes when the original goes (releaseBlobs) whichever path forgot
 * the last document that used it.
 */
export class PageImageCache {
  constructor(private readonly dataDir: string) {}

  /** The directory of one original's pages. */
  directoryOf(sha256: string): string {
    // Paths are built from hashes; anything else (`../x`) must never reach the file system.
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256.slice(0, 80)}`);
    return join(this.dataDir, 'page-images', sha256);
  }

  /** The PNG of `page` (1-based), as it lies or turned `turn` degrees clockwise. */
  pagePath(sha256: string, page: number, turn?: number): string {
    return join(this.directoryOf(sha256), turn ? `${page}-turned-${turn}.png` : `${page}.png`);
  }

  /** The PNG of `page` with highlight boxes drawn, one file per distinct set of boxes (`key`, a hash). */
  highlightedPath(sha256: string, page: number, key: string): string {
    if (!/^[0-9a-f]{16,64}$/.test(key)) throw new Error(`not a highlight key: ${key.slice(0, 80)}`);
    return join(this.directoryOf(sha256), 'highlighted', `${page}-${key}.png`);
  }

  /** Removes every cached page and converted PDF of these bytes; nothing happens when there are none. */
  async remove(sha256: string): Promise<void> {
    await rm(this.directoryOf(sha256), { recursive: true, force: true });
  }
}
