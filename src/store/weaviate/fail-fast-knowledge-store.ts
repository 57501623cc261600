import type { KnowledgeStore } from '../types.ts';
import { WeaviateAvailabilityGuard } from './availability-guard.ts';
import { WeaviateKnowledgeStore, type WeaviateKnowledgeStoreOptions } from './weaviate-knowledge-store.ts';
import { WeaviateRest } from './weaviate-rest.ts';

/** A healthy Weaviate answers Folio's reads in milliseconds; one still running after this is worth a readiness check. */
const probeAfterMs = 2_000;

/** The Weaviate store the service uses: every call fails fast with store_unavailable while Weaviate is down. */
export function failFastWeaviateStore(options: WeaviateKnowledgeStoreOptions): KnowledgeStore {
  const rest = new WeaviateRest({ url: options.url, apiKey: options.apiKey });
  return new FailFastKnowledgeStore(new WeaviateKnowledgeStore(options), new WeaviateAvailabilityGuard(() => rest.ready(), { probeAfterMs }));
}

/**
 * A KnowledgeStore whose every call runs through a WeaviateAvailabilityGuard, so questions, uploads and
 * /readyz get a plain store_unavailable within seconds of Weaviate going down, and work again as soon as
 * it is back (the client reconnects by itself; nothing here holds state about the outage).
 */
export class FailFastKnowledgeStore implements KnowledgeStore {
  readonly kind: KnowledgeStore['kind'];

  constructor(
    private readonly store: KnowledgeStore,
    private readonly guard: WeaviateAvailabilityGuard,
  ) {
    this.kind = store.kind;
  }

  saveRecord: KnowledgeStore['saveRecord'] = record => this.guard.run(() => this.store.saveRecord(record));
  commitDocument: KnowledgeStore['commitDocument'] = input => this.guard.run(() => this.store.commitDocument(input));
  getRecord: KnowledgeStore['getRecord'] = (space, documentId) => this.guard.run(() => this.store.getRecord(space, documentId));
  findDocument: KnowledgeStore['findDocument'] = (space, idOrName) => this.guard.run(() => this.store.findDocument(space, idOrName));
  listDocuments: KnowledgeStore['listDocuments'] = space => this.guard.run(() => this.store.listDocuments(space));
  getTree: KnowledgeStore['getTree'] = (space, documentId) => this.guard.run(() => this.store.getTree(space, documentId));
  getTreePages: KnowledgeStore['getTreePages'] = (space, documentId, pages) => this.guard.run(() => this.store.getTreePages(space, documentId, pages));
  getUnits: KnowledgeStore['getUnits'] = (space, documentId, nodeIds, options) =>
    this.guard.run(() => this.store.getUnits(space, documentId, nodeIds, options));
  deleteDocument: KnowledgeStore['deleteDocument'] = (space, documentId) => this.guard.run(() => this.store.deleteDocument(space, documentId));
  deleteSpace: KnowledgeStore['deleteSpace'] = space => this.guard.run(() => this.store.deleteSpace(space));
  countDocumentsWithSha: KnowledgeStore['countDocumentsWithSha'] = sha256 => this.guard.run(() => this.store.countDocumentsWithSha(sha256));
  sha256sInUse: KnowledgeStore['sha256sInUse'] = sha256s => this.guard.run(() => this.store.sha256sInUse(sha256s));
  matchUnits: KnowledgeStore['matchUnits'] = query => this.guard.run(() => this.store.matchUnits(query));
  searchVector: KnowledgeStore['searchVector'] = query => this.guard.run(() => this.store.searchVector(query));
  searchVectors: KnowledgeStore['searchVectors'] = query => this.guard.run(() => this.store.searchVectors(query));
  searchPages: KnowledgeStore['searchPages'] = query => this.guard.run(() => this.store.searchPages(query));
  pageStatistics: KnowledgeStore['pageStatistics'] = query => this.guard.run(() => this.store.pageStatistics(query));
  documentStatistics: KnowledgeStore['documentStatistics'] = query => this.guard.run(() => this.store.documentStatistics(query));
  getPages: KnowledgeStore['getPages'] = (space, documentId, options) => this.guard.run(() => this.store.getPages(space, documentId, options));
  documentVocabulary: KnowledgeStore['documentVocabulary'] = (space, documentId) => this.guard.run(() => this.store.documentVocabulary(space, documentId));
  warmUp: KnowledgeStore['warmUp'] = () => this.store.warmUp();

  close(): Promise<void> {
    return this.store.close();
  }
}
