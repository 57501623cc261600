import type { UnitStatistics } from '../types.ts';
import type { DocumentVocabularies } from './document-vocabularies.ts';
import type { Documents } from './weaviate-objects.ts';

/**
 * A tenant's page terms, inverted: per term, the live versions holding it and on how many of their
 * pages (FolioDocument.pageTerms and pageTermPages). Built for one set of live versions and never
 * changed after.
 */
export class TermIndex {
  constructor(
    /** Every version the index was asked to cover. */
    readonly versions: ReadonlySet<string>,
    /** Version of each position in the postings: the versions found (one no longer live counts nothing). */
    readonly order: readonly string[],
    /** Term → [version position, pages holding it, …]. */
    readonly postings: ReadonlyMap<string, readonly number[]>,
    /**
     * The units of every version, as FTS5 counts them (FolioDocument.unitCount …); undefined when a
     * version was not found (a commit raced the read), so unit searches do not rank by counts that miss it.
     */
    readonly units?: TenantUnits,
  ) {}

  /** Pages holding the term over the versions (of `within` when given). */
  pages(term: string, within?: ReadonlySet<string>): number {
    const list = this.postings.get(term);
    let pages = 0;
    if (list) for (let at = 0; at < list.length; at += 2) if (!within || within.has(this.order[list[at]])) pages += list[at + 1];
    return pages;
  }

  /** How many versions hold the term. */
  documents(term: string): number {
    return (this.postings.get(term)?.length ?? 0) / 2;
  }

  /** The versions holding the term. */
  holders(term: string): string[] {
    const list = this.postings.get(term) ?? [];
    const found: string[] = [];
    for (let at = 0; at < list.length; at += 2) found.push(this.order[list[at]]);
    return found;
  }

  get size(): number {
    let entries = 0;
    for (const list of this.postings.values()) entries += list.length / 2;
    return entries;
  }

  /**
   * What keeping it costs, in postings: each posting, plus `termCost` for each term (its key and list
   * weigh that many postings again). A small tenant's index is mostly terms, a large one's mostly postings.
   */
  get cost(): number {
    return this.size + termCost * (this.postings.size + (this.units?.holding.size ?? 0));
  }
}

/** A tenant's units over its live versions: unit searches are ranked with these (search/unit-search.ts). */
export class TenantUnits implements UnitStatistics {
  constructor(
    readonly units: number,
    readonly length: number,
    /** Folded term → units holding it. */
    readonly holding: ReadonlyMap<string, number>,
  ) {}

  unitsHolding(term: string): number {
    return this.holding.get(term) ?? 0;
  }
}

/**
 * A term's own weight in postings: measured in V8, a posting of a large tenant's index (400 versions,
 * 8,000 terms) takes ~20 bytes and each term of a one-document tenant's ~275 bytes with its posting.
 */
const termCost = 16;

interface Held {
  index: TermIndex;
  entries: number;
}

/**
 * Per tenant, the term index of its whole set of live versions: a question's page and document
 * statistics become lookups instead of Aggregate counts, which cost in proportion to the pages holding
 * a word. A version's terms never change once its pages are written, so an index is a function of its
 * versions: like ScopedCounts it needs no invalidation across processes. A reader whose live versions
 * differ builds anew, reading only the new versions when versions were only added (an upload), every
 * version when one went away (a re-commit or deletion). An index from a read that missed a version (a
 * commit raced it) serves that one call and is not kept. Bounded by `maxEntries` (TermIndex.cost,
 * ~16–20 bytes each) over all tenants; the tenants used longest ago are dropped first, so a process
 * serving many spaces keeps a few of their indexes, not one per space it ever served.
 */
export class TenantTermIndex {
  private readonly byTenant = new Map<string, Held>();
  private readonly building = new Map<string, Promise<TermIndex>>();
  private heldEntries = 0;

  constructor(
    private readonly vocabularies: DocumentVocabularies,
    private readonly maxEntries: number,
  ) {}

  /** `versions`: the tenant's live versions with pages written, all of them. */
  of(documents: Documents, tenant: string, versions: string[]): Promise<TermIndex> {
    const held = this.byTenant.get(tenant);
    if (held && sameVersions(held.index.versions, versions)) {
      this.byTenant.delete(tenant);
      this.byTenant.set(tenant, held);
      return Promise.resolve(held.index);
    }
    const key = `${tenant}\n${[...versions].sort().join(' ')}`;
    const inFlight = this.building.get(key);
    if (inFlight) return inFlight;
    const build = this.build(documents, tenant, versions, held?.index).finally(() => this.building.delete(key));
    this.building.set(key, build);
    return build;
  }

  private async build(documents: Documents, tenant: string, versions: string[], previous: TermIndex | undefined): Promise<TermIndex> {
    const wanted = new Set(versions);
    const additive = previous !== undefined && [...previous.versions].every(version => wanted.has(version));
    const order = additive ? [...previous.order] : [];
    const postings = new Map<string, readonly number[]>(additive ? previous.postings : []);
    const toRead = additive ? versions.filter(version => !previous.versions.has(version)) : versions;
    // Lists of the previous index are shared until a new version adds to them.
    const copied = new Set<string>();
    const found = new Set<string>();
    // Unit counts are sums over versions: copied from the previous index, then added to.
    let unitsCounted = additive ? previous.units !== undefined : true;
    const unitHolding = new Map<string, number>(unitsCounted && additive ? previous.units!.holding : []);
    let unitCount = unitsCounted && additive ? previous.units!.units : 0;
    let unitLength = unitsCounted && additive ? previous.units!.length : 0;
    await this.vocabularies.each(documents, toRead, (version, { terms, pages, units }) => {
      found.add(version);
      if (unitsCounted) {
        unitCount += units.count;
        unitLength += units.length;
        for (let at = 0; at < units.terms.length; at++) unitHolding.set(units.terms[at], (unitHolding.get(units.terms[at]) ?? 0) + units.holding[at]);
      }
      const position = order.push(version) - 1;
      for (let at = 0; at < terms.length; at++) {
        const term = terms[at];
        let list = postings.get(term) as number[] | undefined;
        if (!list || (additive && !copied.has(term))) {
          list = list ? [...list] : [];
          postings.set(term, list);
          if (additive) copied.add(term);
        }
        list.push(position, pages[at]);
      }
    });
    if (found.size < new Set(toRead).size) unitsCounted = false;
    const index = new TermIndex(wanted, order, postings, unitsCounted ? new TenantUnits(unitCount, unitLength, unitHolding) : undefined);
    if (found.size === new Set(toRead).size) this.hold(tenant, { index, entries: index.cost });
    return index;
  }

  private hold(tenant: string, held: Held): void {
    const replaced = this.byTenant.get(tenant);
    if (replaced) {
      this.byTenant.delete(tenant);
      this.heldEntries -= replaced.entries;
    }
    this.byTenant.set(tenant, held);
    this.heldEntries += held.entries;
    for (const [oldest, entry] of this.byTenant) {
      if (this.heldEntries <= this.maxEntries || oldest === tenant) break;
      this.byTenant.delete(oldest);
      this.heldEntries -= entry.entries;
    }
  }
}

function sameVersions(held: ReadonlySet<string>, versions: string[]): boolean {
  return held.size === versions.length && versions.every(version => held.has(version));
}
