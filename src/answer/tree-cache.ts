import type { DocumentRecord } from '../documents/types.ts';
import type { KnowledgeStore } from '../index/types.ts';
import type { DocumentTree } from '../ingest/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';

/**
 * Trees of recently asked-about documents, keyed by document id and content hash (a new version is a
 * new entry), so a question does not read every tree from the store again. Least recently used go first.
 */
export class TreeCache {
  private readonly entries = new Map<string, DocumentTree>();

  constructor(private readonly maxEntries = 200) {}

  async get(store: KnowledgeStore, record: DocumentRecord): Promise<DocumentTree | null> {
    const key = `${record.space}\n${record.id}:${record.sha256}:${record.updatedAt}`;
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const tree = await store.getTree(record.space, record.id);
    if (!tree) return null;
    this.entries.set(key, tree);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return tree;
  }

  /** Drops the trees of one space (it was forgotten). */
  dropSpace(space: SpaceId): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${space}\n`)) this.entries.delete(key);
  }
}
