import { forgetAnswersOfSpace } from './answer/answer-feedback.ts';
import { forgetPrivateAnswersOfSpace } from './conversation/private-answers.ts';
import { forgetThreadAnswersOfSpace } from './conversation/thread-answers.ts';
import { releaseBlobs } from './store/release-blobs.ts';
import type { PageImageCache } from './store/page-image-cache.ts';
import type { BlobStore } from './store/blob-store.ts';
import { figureSha256s } from './store/figure-sha256s.ts';
import type { KnowledgeStore } from './store/types.ts';
import type { Logger } from './log.ts';
import type { StateStore } from './state/types.ts';
import { clearSpaceSettings } from './spaces/space-settings.ts';
import type { SpaceId } from './spaces/space-id.ts';

export interface ForgetSpaceOutcome {
  space: SpaceId;
  /** Documents removed: every record of the space, whatever its status. */
  documents: number;
  /**
   * Names of the documents that were still being read. Their ingest may still finish and bring them
   * back (a queued job cannot be withdrawn); forgetting the space again afterwards removes them.
   */
  stillReading: string[];
  /** Originals and figure crops deleted because no document in any space uses them any more. */
  deletedBlobs: number;
  /**
   * What could not be cleaned up once the documents were gone (they are gone either way): `files`,
   * stored files that may now be unused (an administrator can remove them; forgetting again cannot
   * find them); `state`, the space's settings, scope and kept answers (forgetting again retries it).
   */
  leftovers: Array<'files' | 'state'>;
}

export interface ForgetSpaceDependencies {
  store: KnowledgeStore;
  blobs: BlobStore;
  pageImages: PageImageCache;
  state: StateStore;
  log: Logger;
  /** Per-process caches of the space's documents (parsed trees) to drop. */
  dropCaches: (space: SpaceId) => void;
  /** Keys of per-space state kept outside the modules below (the team scope). */
  stateKeys: (space: SpaceId) => string[];
}

/**
 * Forgets a whole space: every document record, tree and unit in one store step (`deleteSpace`),
 * then the originals, page images and figure crops no other document uses, then the space's settings,
 * scope and kept answers (they quote its documents). Every way of forgetting a space (CLI, REST, Slack,
 * Teams) comes through here. Blobs go after the records, as for one document: a failure in between
 * leaves an unused file, never a document without its file.
 */
export async function forgetSpace(space: SpaceId, dependencies: ForgetSpaceDependencies): Promise<ForgetSpaceOutcome> {
  const { store } = dependencies;
  const records = await store.listDocuments(space);
  const sha256s: string[] = [];
  for (const record of records) {
    sha256s.push(record.sha256);
    // Also for a document being read again: its last committed tree (and figures) is still there.
    const tree = await store.getTree(space, record.id);
    if (tree) sha256s.push(...figureSha256s(tree));
  }
  const stillReading = records.filter(record => record.status !== 'ready' && record.status !== 'failed').map(record => record.name);
  const documents = await store.deleteSpace(space);
  dependencies.dropCaches(space);

  const leftovers: ForgetSpaceOutcome['leftovers'] = [];
  const deletedBlobs = await releaseBlobs(sha256s, dependencies).catch(error => {
    dependencies.log.warn({ err: error, space }, 'forget-space: could not delete the stored files of the forgotten documents');
    leftovers.push('files');
    return 0;
  });
  try {
    await clearSpaceSettings(dependencies.state, space);
    for (const key of dependencies.stateKeys(space)) await dependencies.state.delete(key);
    await forgetPrivateAnswersOfSpace(dependencies.state, space);
    await forgetAnswersOfSpace(dependencies.state, space);
    await forgetThreadAnswersOfSpace(dependencies.state, space);
  } catch (error) {
    dependencies.log.warn({ err: error, space }, 'forget-space: could not clear the settings and kept answers of the space');
    leftovers.push('state');
  }
  return { space, documents, stillReading, deletedBlobs, leftovers };
}
