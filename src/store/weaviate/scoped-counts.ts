import { createHash } from 'node:crypto';

/**
 * Values computed over a scope of committed document versions (pages holding a term, documents holding
 * one), cached by the scope's versions. Such a value is a function of those versions alone: a version's
 * pages and page terms are written before it goes live and never change, and a commit or deletion (in
 * any process) changes the set of active versions, so it changes the key. That makes the cache safe
 * across processes without invalidation: a reader that sees other versions asks again. (It assumes a
 * read sees the pages of every version it sees live: true on one node and with QUORUM replication, not
 * guaranteed for reads at ONE from a lagging replica.) Bounded by dropping everything once `maxEntries`
 * is passed (a question asks a few hundred terms).
 */
export class ScopedCounts<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly maxEntries: number) {}

  /**
   * The value of every key for this scope; `compute` gets the keys not cached (each once) and returns
   * their values. Nothing is cached from a call that fails.
   */
  async resolve(scope: string, keys: string[], compute: (missing: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      const cached = this.entries.get(`${scope}\n${key}`);
      if (cached === undefined) missing.push(key);
      else found.set(key, cached);
    }
    if (missing.length === 0) return found;
    const computed = await compute(missing);
    if (this.entries.size + missing.length > this.maxEntries) this.entries.clear();
    for (const key of missing) {
      const value = computed.get(key);
      if (value === undefined) continue;
      this.entries.set(`${scope}\n${key}`, value);
      found.set(key, value);
    }
    return found;
  }
}

/** A short key for a set of versions (order does not matter). */
export function versionsKey(versions: string[]): string {
  return createHash('sha256')
    .update([...versions].sort().join('\n'))
    .digest('base64url')
    .slice(0, 22);
}

/** Runs `work` for every item, at most `concurrency` at a time; fails with the first failure. */
export async function eachConcurrently<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
