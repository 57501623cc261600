import type { BlobStore } from './store/blob-store.ts';
import { figureSha256s } from './store/figure-sha256s.ts';
import type { KnowledgeStore } from './store/types.ts';
import type { SpaceId } from './spaces/space-id.ts';
import { documentNotFound } from './documents/document-not-found.ts';
import type { PageImageCache } from './store/page-image-cache.ts';
import type { DocumentRecord } from './documents/types.ts';
import { releaseBlobs } from './store/release-blobs.ts';

export interface ForgetOutcome {
  record: DocumentRecord;
  /** Originals and figure crops deleted because no other document (in any space) uses them. */
  deletedBlobs: number;
}

/**
 * Removes a document from its space (record, tree, units, vectors), then its original, the page images
 * rendered from it and its figure crops, unless another document still refers to the same bytes. Every
 * way of forgetting (CLI, REST, Slack's /folio forget, a file deleted in Slack) comes through here. Blobs go
 * last: a crash in between leaves an unused file behind, never a document without its file.
 */
export async function forgetDocument(
  space: SpaceId,
  idOrName: string,
  dependencies: { store: KnowledgeStore; blobs: BlobStore; pageImages: PageImageCache },
): Promise<ForgetOutcome> {
  const { store } = dependencies;
  const record = await store.findDocument(space, idOrName);
  if (!record) throw documentNotFound(space, idOrName);
  const tree = await store.getTree(space, record.id);
  await store.deleteDocument(space, record.id);
  const deletedBlobs = await releaseBlobs([record.sha256, ...(tree ? figureSha256s(tree) : [])], dependencies);
  return { record, deletedBlobs };
}
