import type { Documents } from './weaviate-objects.ts';
import { orEmpty } from './weaviate-objects.ts';
import { eachConcurrently } from './scoped-counts.ts';

/** Versions per request: each read loads the whole document object (tree included). */
const versionsPerRequest = 16;
/** Requests in flight when reading many versions. */
const requestConcurrency = 4;

/** A document version's distinct page terms (FolioDocument.pageTerms) and how many of its pages hold each. */
export interface VersionVocabulary {
  /** In the order stored. */
  terms: string[];
  /** Pages holding each term, aligned with `terms` (FolioDocument.pageTermPages). */
  pages: number[];
  /** The version's unit statistics (FolioDocument.unitCount …). */
  units: VersionUnitVocabulary;
}

/** A version's units as FTS5 would count them (page-objects.ts, unitStatistics). */
export interface VersionUnitVocabulary {
  count: number;
  /** Summed length in terms. */
  length: number;
  terms: string[];
  /** Units holding each term, aligned with `terms`. */
  holding: number[];
}

const lookups = new WeakMap<VersionVocabulary, Map<string, number>>();

/** Term → pages holding it, built on first use. */
export function pagesHolding(vocabulary: VersionVocabulary): Map<string, number> {
  let lookup = lookups.get(vocabulary);
  if (!lookup) {
    lookup = new Map(vocabulary.terms.map((term, index) => [term, vocabulary.pages[index]]));
    lookups.set(vocabulary, lookup);
  }
  return lookup;
}

/**
 * The distinct page terms of document versions with their page counts, remembered per version: a
 * version's terms never change once its pages are written, so this is safe with any number of processes.
 * Reading them costs a whole document object each, so they are fetched once and kept up to `maxTerms`
 * terms in all (the versions read longest ago are dropped first).
 */
export class DocumentVocabularies {
  private readonly byVersion = new Map<string, VersionVocabulary>();
  private heldTerms = 0;

  constructor(private readonly maxTerms: number) {}

  /**
   * Per version asked and live: its vocabulary. A version no longer live (a commit raced this read) is
   * absent, as is one whose statistics are not what this Folio writes (the data format rules that out).
   */
  async of(documents: Documents, versions: string[]): Promise<Map<string, VersionVocabulary>> {
    const found = new Map<string, VersionVocabulary>();
    await this.read(documents, versions, (version, vocabulary) => found.set(version, vocabulary), true);
    return found;
  }

  /**
   * Calls `visit` for every version asked and live, a request's worth at a time, without remembering the
   * versions it had to fetch: for reading a whole tenant once without pushing out what questions reuse.
   */
  each(documents: Documents, versions: string[], visit: (version: string, vocabulary: VersionVocabulary) => void): Promise<void> {
    return this.read(documents, versions, visit, false);
  }

  private async read(
    documents: Documents,
    versions: string[],
    visit: (version: string, vocabulary: VersionVocabulary) => void,
    remember: boolean,
  ): Promise<void> {
    const missing: string[] = [];
    for (const version of new Set(versions)) {
      const held = this.byVersion.get(version);
      if (held) visit(version, held);
      else missing.push(version);
    }
    const chunks = Array.from({ length: Math.ceil(missing.length / versionsPerRequest) }, (_, index) =>
      missing.slice(index * versionsPerRequest, (index + 1) * versionsPerRequest),
    );
    await eachConcurrently(chunks, requestConcurrency, async chunk => {
      const page = await orEmpty(
        documents.query.fetchObjects({
          limit: chunk.length,
          filters: documents.filter.byProperty('activeVersion').containsAny(chunk),
          returnProperties: ['activeVersion', 'pagesVersion', 'pageTerms', 'pageTermPages', 'unitCount', 'unitLength', 'unitTerms', 'unitTermUnits'],
        }),
        null,
      );
      for (const object of page?.objects ?? []) {
        const { activeVersion, pagesVersion, pageTerms, pageTermPages, unitCount, unitLength, unitTerms, unitTermUnits } = object.properties;
        // pageTerms describe pagesVersion; a document still waiting for its pages has none for this version.
        if (!activeVersion || pagesVersion !== activeVersion) continue;
        const pages = parseVocabulary(pageTerms, pageTermPages);
        const units = parseUnitVocabulary(unitCount, unitLength, unitTerms, unitTermUnits);
        if (!pages || !units) continue;
        const vocabulary = { ...pages, units };
        visit(activeVersion, vocabulary);
        if (remember) this.hold(activeVersion, vocabulary);
      }
    });
  }

  private hold(version: string, vocabulary: VersionVocabulary): void {
    this.byVersion.set(version, vocabulary);
    this.heldTerms += termsHeld(vocabulary);
    for (const [oldest, held] of this.byVersion) {
      if (this.heldTerms <= this.maxTerms || oldest === version) break;
      this.byVersion.delete(oldest);
      this.heldTerms -= termsHeld(held);
    }
  }
}

function termsHeld(vocabulary: VersionVocabulary): number {
  return vocabulary.terms.length + vocabulary.units.terms.length;
}

/** A version's page terms and counts as page-objects.ts writes them; undefined for anything else (absent counts, counts not lining up with the terms). */
export function parseVocabulary(pageTerms: string | undefined, pageTermPages: string | undefined): Pick<VersionVocabulary, 'terms' | 'pages'> | undefined {
  const terms = pageTerms ? pageTerms.split(' ') : [];
  if (terms.length === 0) return { terms, pages: [] };
  const pages = typeof pageTermPages === 'string' && pageTermPages !== '' ? pageTermPages.split(' ').map(Number) : [];
  return pages.length === terms.length && pages.every(count => Number.isInteger(count) && count > 0) ? { terms, pages } : undefined;
}

/** Unit statistics as page-objects.ts writes them; undefined for anything else (absent, counts not lining up with the terms). */
export function parseUnitVocabulary(count: unknown, length: unknown, unitTerms: unknown, unitTermUnits: unknown): VersionUnitVocabulary | undefined {
  if (typeof count !== 'number' || typeof length !== 'number' || typeof unitTerms !== 'string' || typeof unitTermUnits !== 'string') return undefined;
  const terms = unitTerms === '' ? [] : unitTerms.split(' ');
  const holding = unitTermUnits === '' ? [] : unitTermUnits.split(' ').map(Number);
  if (holding.length !== terms.length || !holding.every(units => Number.isInteger(units) && units > 0 && units <= count)) return undefined;
  return { count, length, terms, holding };
}
