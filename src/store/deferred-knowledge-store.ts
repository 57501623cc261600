import type { KnowledgeStore } from './types.ts';

/**
 * A KnowledgeStore created on first use. The composition root stays synchronous while a heavy client
 * library (weaviate-client is slow to import) is loaded only by processes that use it.
 */
export class DeferredKnowledgeStore implements KnowledgeStore {
  private loaded: Promise<KnowledgeStore> | null = null;

  constructor(
    readonly kind: KnowledgeStore['kind'],
    private readonly create: () => Promise<KnowledgeStore>,
  ) {}

  private store(): Promise<KnowledgeStore> {
    this.loaded ??= this.create();
    return this.loaded;
  }

  saveRecord: KnowledgeStore['saveRecord'] = async record => (await this.store()).saveRecord(record);
  commitDocument: KnowledgeStore['commitDocument'] = async input => (await this.store()).commitDocument(input);
  getRecord: KnowledgeStore['getRecord'] = async (space, documentId) => (await this.store()).getRecord(space, documentId);
  findDocument: KnowledgeStore['findDocument'] = async (space, idOrName) => (await this.store()).findDocument(space, idOrName);
  listDocuments: KnowledgeStore['listDocuments'] = async space => (await this.store()).listDocuments(space);
  getTree: KnowledgeStore['getTree'] = async (space, documentId) => (await this.store()).getTree(space, documentId);
  getTreePages: KnowledgeStore['getTreePages'] = async (space, documentId, pages) => (await this.store()).getTreePages(space, documentId, pages);
  getUnits: KnowledgeStore['getUnits'] = async (space, documentId, nodeIds, options) => (await this.store()).getUnits(space, documentId, nodeIds, options);
  deleteDocument: KnowledgeStore['deleteDocument'] = async (space, documentId) => (await this.store()).deleteDocument(space, documentId);
  deleteSpace: KnowledgeStore['deleteSpace'] = async space => (await this.store()).deleteSpace(space);
  countDocumentsWithSha: KnowledgeStore['countDocumentsWithSha'] = async sha256 => (await this.store()).countDocumentsWithSha(sha256);
  sha256sInUse: KnowledgeStore['sha256sInUse'] = async sha256s => (await this.store()).sha256sInUse(sha256s);
  matchUnits: KnowledgeStore['matchUnits'] = async query => (await this.store()).matchUnits(query);
  searchVector: KnowledgeStore['searchVector'] = async query => (await this.store()).searchVector(query);
  searchVectors: KnowledgeStore['searchVectors'] = async query => (await this.store()).searchVectors(query);
  searchPages: KnowledgeStore['searchPages'] = async query => (await this.store()).searchPages(query);
  pageStatistics: KnowledgeStore['pageStatistics'] = async query => (await this.store()).pageStatistics(query);
  documentStatistics: KnowledgeStore['documentStatistics'] = async query => (await this.store()).documentStatistics(query);
  getPages: KnowledgeStore['getPages'] = async (space, documentId, options) => (await this.store()).getPages(space, documentId, options);
  documentVocabulary: KnowledgeStore['documentVocabulary'] = async (space, documentId) => (await this.store()).documentVocabulary(space, documentId);
  /** Loads the store (its client library); a failure to load surfaces on first use instead. */
  warmUp: KnowledgeStore['warmUp'] = async () => (await this.store().catch(() => undefined))?.warmUp();

  async close(): Promise<void> {
    if (this.loaded) await (await this.loaded).close();
  }
}
