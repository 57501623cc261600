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
  getUnits: KnowledgeStore['getUnits'] = async (space, documentId, nodeIds, options) => (await this.store()).getUnits(space, documentId, nodeIds, options);
  deleteDocument: KnowledgeStore['deleteDocument'] = async (space, documentId) => (await this.store()).deleteDocument(space, documentId);
  countDocumentsWithSha: KnowledgeStore['countDocumentsWithSha'] = async sha256 => (await this.store()).countDocumentsWithSha(sha256);
  searchLexical: KnowledgeStore['searchLexical'] = async query => (await this.store()).searchLexical(query);
  searchVector: KnowledgeStore['searchVector'] = async query => (await this.store()).searchVector(query);
  searchVectors: KnowledgeStore['searchVectors'] = async query => (await this.store()).searchVectors(query);

  async close(): Promise<void> {
    if (this.loaded) await (await this.loaded).close();
  }
}
