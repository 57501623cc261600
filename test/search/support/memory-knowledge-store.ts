import type { DocumentRecord } from '../../../src/documents/types.ts';
import { pageRecords, termPairs } from '../../../src/store/page-records.ts';
import { pagesOfTree } from '../../../src/store/tree-pages.ts';
import type {
  DocumentStatistics,
  DocumentStatisticsQuery,
  IndexUnit,
  KnowledgeStore,
  LexicalQuery,
  PageQuery,
  PageRecord,
  PageStatistics,
  PageStatisticsQuery,
  UnitHit,
  VectorQuery,
  VectorsQuery,
} from '../../../src/store/types.ts';
import type { DocumentTree } from '../../../src/ingest/types.ts';
import type { SpaceId } from '../../../src/spaces/space-id.ts';

/**
 * A KnowledgeStore held in memory with a plain BM25 (k1 1.2, b 0.75) over title path + unit text, and
 * exact cosine for vectors; page records as both real stores build them (pageRecords), every page holding
 * a query term a page-search candidate, most query terms first. For retrieval tests that must not depend on a database; the real stores are
 * checked by the store contract suite.
 */
export class MemoryKnowledgeStore implements KnowledgeStore {
  readonly kind = 'sqlite' as const;
  private readonly documents = new Map<string, { record: DocumentRecord; tree?: DocumentTree; units: IndexUnit[] }>();

  async saveRecord(record: DocumentRecord): Promise<void> {
    const key = this.key(record.space, record.id);
    this.documents.set(key, { ...(this.documents.get(key) ?? { units: [] }), record });
  }

  async commitDocument(input: { record: DocumentRecord; tree: DocumentTree; units: IndexUnit[] }) {
    const replacedDocumentIds: string[] = [];
    for (const [key, entry] of this.documents) {
      if (entry.record.space === input.record.space && entry.record.name === input.record.name && entry.record.id !== input.record.id) {
        this.documents.delete(key);
        replacedDocumentIds.push(entry.record.id);
      }
    }
    this.documents.set(this.key(input.record.space, input.record.id), { record: { ...input.record, status: 'ready' }, tree: input.tree, units: input.units });
    return { replacedDocumentIds };
  }

  async getRecord(space: SpaceId, documentId: string) {
    return this.documents.get(this.key(space, documentId))?.record ?? null;
  }

  async findDocument(space: SpaceId, idOrName: string) {
    const byId = await this.getRecord(space, idOrName);
    if (byId) return byId;
    return (await this.listDocuments(space)).filter(record => record.name === idOrName).pop() ?? null;
  }

  async listDocuments(space: SpaceId) {
    return [...this.documents.values()].map(entry => entry.record).filter(record => record.space === space);
  }

  async getTree(space: SpaceId, documentId: string) {
    return this.documents.get(this.key(space, documentId))?.tree ?? null;
  }

  async getTreePages(space: SpaceId, documentId: string, pages: number[]) {
    const tree = await this.getTree(space, documentId);
    return tree ? pagesOfTree(tree, pages) : [];
  }

  async getUnits(space: SpaceId, documentId: string, nodeIds?: string[]) {
    const units = this.documents.get(this.key(space, documentId))?.units ?? [];
    return nodeIds ? units.filter(unit => nodeIds.includes(unit.nodeId)) : units;
  }

  async deleteDocument(space: SpaceId, documentId: string) {
    return this.documents.delete(this.key(space, documentId));
  }

  async deleteSpace(space: SpaceId) {
    let removed = 0;
    for (const [key, entry] of this.documents) if (entry.record.space === space && this.documents.delete(key)) removed += 1;
    return removed;
  }

  async sha256sInUse(sha256s: string[]) {
    const used = new Set([...this.documents.values()].map(entry => entry.record.sha256));
    return new Set(sha256s.filter(sha256 => used.has(sha256)));
  }

  async countDocumentsWithSha(sha256: string) {
    return [...this.documents.values()].filter(entry => entry.record.sha256 === sha256).length;
  }

  async searchLexical(query: LexicalQuery): Promise<UnitHit[]> {
    const units = this.scope(query.spaces, query.documentIds);
    const terms = [...new Set(tokenize(query.text))];
    if (terms.length === 0 || units.length === 0) return [];
    const documents = units.map(unit => this.termCounts(unit));
    const averageLength = documents.reduce((sum, counts) => sum + counts.length, 0) / documents.length || 1;
    const documentFrequency = new Map(terms.map(term => [term, documents.filter(counts => counts.terms.has(term)).length]));
    const hits: UnitHit[] = [];
    documents.forEach((counts, index) => {
      let score = 0;
      for (const term of terms) {
        const frequency = counts.terms.get(term) ?? 0;
        if (frequency === 0) continue;
        const df = documentFrequency.get(term)!;
        const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
        score += (idf * frequency * 2.2) / (frequency + 1.2 * (0.25 + (0.75 * counts.length) / averageLength));
      }
      if (score > 0) hits.push({ unit: units[index], score });
    });
    return hits.sort((a, b) => b.score - a.score || a.unit.id.localeCompare(b.unit.id)).slice(0, query.k);
  }

  async searchVector(query: VectorQuery): Promise<UnitHit[]> {
    return this.scope(query.spaces, query.documentIds)
      .filter(unit => unit.vector)
      .map(unit => ({ unit, score: cosine(unit.vector!, query.vector) }))
      .sort((a, b) => b.score - a.score || a.unit.id.localeCompare(b.unit.id))
      .slice(0, query.k);
  }

  async searchVectors(query: VectorsQuery): Promise<UnitHit[][]> {
    return Promise.all(query.vectors.map(vector => this.searchVector({ ...query, vector })));
  }

  async searchPages(query: PageQuery): Promise<PageRecord[]> {
    const wanted = new Set([...query.terms, ...query.pairs]);
    const scored = this.pagesIn(query.spaces, query.documentIds).map(page => ({
      page,
      held: [...page.terms, ...termPairs(page.terms)].filter(term => wanted.has(term)).length,
    }));
    return scored
      .filter(entry => entry.held > 0)
      .sort((a, b) => b.held - a.held || a.page.unit.id.localeCompare(b.page.unit.id))
      .slice(0, query.k)
      .map(entry => entry.page);
  }

  async pageStatistics(query: PageStatisticsQuery): Promise<PageStatistics> {
    const pages = this.pagesIn(query.spaces, query.documentIds);
    const frequencies = new Map(
      [...new Set(query.terms)].map(term => [term, pages.filter(page => (term.includes(' ') ? termPairs(page.terms) : page.terms).includes(term)).length]),
    );
    return { pages: pages.length, length: pages.reduce((sum, page) => sum + page.terms.length, 0), frequencies };
  }

  async documentStatistics(query: DocumentStatisticsQuery): Promise<DocumentStatistics> {
    const documents = [...this.documents.values()].filter(entry => query.spaces.includes(entry.record.space) && entry.units.length > 0);
    const vocabulary = new Map(documents.map(entry => [entry.record.id, new Set(this.pagesOf(entry).flatMap(page => page.terms))]));
    const frequencies = new Map([...new Set(query.terms)].map(term => [term, [...vocabulary.values()].filter(terms => terms.has(term)).length]));
    const holdings = new Map(
      query.documentIds.filter(id => vocabulary.has(id)).map(id => [id, new Set(query.terms.filter(term => vocabulary.get(id)!.has(term)))]),
    );
    return { documents: documents.length, frequencies, holdings };
  }

  async getPages(space: SpaceId, documentId: string, options: { terms?: boolean } = {}): Promise<PageRecord[]> {
    const entry = this.documents.get(this.key(space, documentId));
    const pages = entry ? this.pagesOf(entry) : [];
    return options.terms === false ? pages.map(page => ({ ...page, terms: [] })) : pages;
  }

  async warmUp(): Promise<void> {}

  async documentVocabulary(space: SpaceId, documentId: string): Promise<string[]> {
    return [...new Set((await this.getPages(space, documentId)).flatMap(page => page.terms))];
  }

  async close(): Promise<void> {}

  private readonly pages = new WeakMap<object, PageRecord[]>();

  private pagesOf(entry: { tree?: DocumentTree; units: IndexUnit[] }): PageRecord[] {
    let pages = this.pages.get(entry);
    if (!pages) {
      pages = pageRecords(entry.units, entry.tree ?? {});
      this.pages.set(entry, pages);
    }
    return pages;
  }

  private pagesIn(spaces: SpaceId[], documentIds?: string[]): PageRecord[] {
    return [...this.documents.values()]
      .filter(entry => spaces.includes(entry.record.space) && (!documentIds || documentIds.includes(entry.record.id)))
      .flatMap(entry => this.pagesOf(entry));
  }

  private readonly counted = new WeakMap<IndexUnit, { terms: Map<string, number>; length: number }>();

  private termCounts(unit: IndexUnit) {
    let counts = this.counted.get(unit);
    if (!counts) {
      const tokens = tokenize(`${unit.titlePath.join(' ')} ${unit.text}`);
      const terms = new Map<string, number>();
      for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
      counts = { terms, length: tokens.length };
      this.counted.set(unit, counts);
    }
    return counts;
  }

  private scope(spaces: SpaceId[], documentIds?: string[]): IndexUnit[] {
    return [...this.documents.values()]
      .filter(entry => spaces.includes(entry.record.space) && (!documentIds || documentIds.includes(entry.record.id)))
      .flatMap(entry => entry.units);
  }

  private key(space: SpaceId, documentId: string) {
    return `${space}\n${documentId}`;
  }
}

function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(token => token.length > 0);
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    dot += a[index] * b[index];
    normA += a[index] * a[index];
    normB += b[index] * b[index];
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
}
