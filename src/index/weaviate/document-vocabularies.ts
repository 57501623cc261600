import type { Documents } from './weaviate-objects.ts';
import { orEmpty } from './weaviate-objects.ts';

/** Versions per request: each read loads the whole document object (tree included). */
const versionsPerRequest = 16;

/**
 * The distinct page terms of document versions (FolioDocument.pageTerms), remembered per version: a
 * version's terms never change once its pages are written, so this is safe with any number of processes.
 * Reading them costs a whole document object each, so they are fetched once and kept up to `maxTerms`
 * terms in all (the versions read longest ago are dropped first).
 */
export class DocumentVocabularies {
  private readonly byVersion = new Map<string, Set<string>>();
  private heldTerms = 0;

  constructor(private readonly maxTerms: number) {}

  /** Per version asked: its terms in the order stored; empty for a version no longer live (a commit raced this read). */
  async of(documents: Documents, versions: string[]): Promise<Map<string, Set<string>>> {
    const found = new Map<string, Set<string>>();
    const missing: string[] = [];
    for (const version of new Set(versions)) {
      const held = this.byVersion.get(version);
      if (held) found.set(version, held);
      else missing.push(version);
    }
    for (let start = 0; start < missing.length; start += versionsPerRequest) {
      const chunk = missing.slice(start, start + versionsPerRequest);
      const page = await orEmpty(
        documents.query.fetchObjects({
          limit: chunk.length,
          filters: documents.filter.byProperty('activeVersion').containsAny(chunk),
          returnProperties: ['activeVersion', 'pagesVersion', 'pageTerms'],
        }),
        null,
      );
      for (const object of page?.objects ?? []) {
        const { activeVersion, pagesVersion, pageTerms } = object.properties;
        // pageTerms describe pagesVersion; a document still waiting for its pages has none for this version.
        if (!activeVersion || pagesVersion !== activeVersion) continue;
        const terms = new Set(pageTerms ? pageTerms.split(' ') : []);
        found.set(activeVersion, terms);
        this.hold(activeVersion, terms);
      }
    }
    for (const version of missing) if (!found.has(version)) found.set(version, new Set());
    return found;
  }

  private hold(version: string, terms: Set<string>): void {
    this.byVersion.set(version, terms);
    this.heldTerms += terms.size;
    for (const [oldest, held] of this.byVersion) {
      if (this.heldTerms <= this.maxTerms || oldest === version) break;
      this.byVersion.delete(oldest);
      this.heldTerms -= held.size;
    }
  }
}
