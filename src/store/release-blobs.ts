import type { BlobStore } from './blob-store.ts';
import type { KnowledgeStore } from './types.ts';
import type { PageImageCache } from './page-image-cache.ts';

/**
 * Deletes the originals and figure crops among `sha256s` that no document in any space refers to any
 * more, and with an original its rendered page images (when `pageImages` is given). Returns how many
 * blobs were deleted.
 */
export async function releaseBlobs(
  sha256s: Iterable<string>,
  dependencies: { store: KnowledgeStore; blobs: BlobStore; pageImages?: PageImageCache },
): Promise<number> {
  const candidates = [...new Set(sha256s)];
  if (candidates.length === 0) return 0;
  const inUse = await dependencies.store.sha256sInUse(candidates);
  let deleted = 0;
  for (const sha256 of candidates) {
    if (inUse.has(sha256)) continue;
    await dependencies.blobs.delete(sha256);
    await dependencies.pageImages?.remove(sha256);
    deleted += 1;
  }
  return deleted;
}
