import type { DocumentRecord } from '../documents/types.ts';
import type { KnowledgeStore } from '../store/types.ts';
import type { DocumentTree, TreeNode } from '../documents/document-tree.ts';
import type { SpaceId } from '../spaces/space-id.ts';

/**
 * Trees of recently asked-about documents, keyed by document id and content hash (a new version is a
 * new entry), so a question does not read every tree from the store again. Bounded by count and by the
 * characters of text the trees hold (a 250-page report's tree holds ~0.8M), so the memory it keeps does
 * not depend on how long the documents are. Least recently used go first; the newest tree always stays.
 */
export class TreeCache {
  private readonly entries = new Map<string, { tree: DocumentTree; chars: number }>();
  private chars = 0;

  constructor(
    private readonly maxEntries = 200,
    private readonly maxChars = 32_000_000,
  ) {}

  async get(store: KnowledgeStore, record: DocumentRecord): Promise<DocumentTree | null> {
    const key = `${record.space}\n${record.id}:${record.sha256}:${record.updatedAt}`;
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.tree;
    }
    const tree = await store.getTree(record.space, record.id);
    if (!tree) return null;
    if (this.entries.has(key)) return this.entries.get(key)!.tree;
    const entry = { tree, chars: treeChars(tree.nodes) };
    this.entries.set(key, entry);
    this.chars += entry.chars;
    while (this.entries.size > 1 && (this.entries.size > this.maxEntries || this.chars > this.maxChars)) this.evict(this.entries.keys().next().value!);
    return tree;
  }

  /** Drops the trees of one space (it was forgotten). */
  dropSpace(space: SpaceId): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${space}\n`)) this.evict(key);
  }

  private evict(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.chars;
  }
}

/** Characters of text in the nodes: titles, bodies and their per-page copies. */
function treeChars(nodes: TreeNode[]): number {
  let chars = 0;
  for (const node of nodes) {
    chars += node.title.length + node.text.length + treeChars(node.children);
    for (const { text } of node.pageTexts) chars += text.length;
  }
  return chars;
}
