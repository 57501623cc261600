import type Database from 'better-sqlite3';
import { SpaceMatrix, type BlockSource } from './space-matrix.ts';
import { topK, type VectorCandidate } from './vector-candidates.ts';
import { floatView, writeNormalized } from './vector-codec.ts';

/**
 * Cosine search over an in-memory copy of each space's vectors (SpaceMatrix: an int8 first pass, then
 * exact float32 scores for the best candidates, so the scores returned are exact). The copy is
 * checked against the space's generation (bumped in the same transaction as every unit change, by any
 * process) before each search; when it moved, only documents whose units_version changed are read
 * from SQLite again, the others are copied over from the previous matrix.
 */
export class VectorIndex {
  private readonly cache = new Map<string, SpaceMatrix>();
  private readonly selectGeneration: Database.Statement<[string], { generation: number }>;
  private readonly selectDocuments: Database.Statement<[string], { id: string; units_version: number }>;
  private readonly selectVectors: Database.Statement<[string, string, number], { row_id: number; vector: Buffer }>;
  private readonly readSnapshot: (space: string, dimensions: number) => SpaceMatrix;

  constructor(database: Database.Database) {
    this.selectGeneration = database.prepare('SELECT generation FROM space_generations WHERE space = ?');
    this.selectDocuments = database.prepare('SELECT id, units_version FROM documents WHERE space = ? ORDER BY id');
    this.selectVectors = database.prepare(
      'SELECT row_id, vector FROM units WHERE space = ? AND document_id = ? AND vector IS NOT NULL AND length(vector) = ? ORDER BY row_id',
    );
    // One read transaction: generation, document versions and vectors come from the same snapshot.
    this.readSnapshot = database.transaction((space: string, dimensions: number) => this.refresh(space, dimensions));
  }

  /** Best `k` units of these spaces by cosine similarity to `vector`, best first. */
  search(spaces: string[], vector: number[], k: number, documentIds?: Set<string>): VectorCandidate[] {
    return this.searchMany(spaces, [vector], k, documentIds)[0];
  }

  /** `search` for several query vectors of one length, reading each space's matrix once per four queries. */
  searchMany(spaces: string[], vectors: number[][], k: number, documentIds?: Set<string>): VectorCandidate[][] {
    if (vectors.length === 0) return [];
    const dimensions = vectors[0].length;
    if (vectors.some(vector => vector.length !== dimensions)) throw new Error('query vectors of different lengths');
    const queries = vectors.map(vector => {
      const query = new Float32Array(dimensions);
      writeNormalized(Float32Array.from(vector), query, 0);
      return query;
    });
    const spaceList = [...new Set(spaces)];
    if (spaceList.length === 1) return this.readSnapshot(spaceList[0], dimensions).best(queries, documentIds, k);
    // Several spaces: each space's best, merged (of equal scores, the earlier space's row first, as one pass would).
    const collectors = queries.map(() => topK(k));
    for (const space of spaceList) {
      this.readSnapshot(space, dimensions)
        .best(queries, documentIds, k)
        .forEach((best, query) => best.forEach(({ rowId, score }) => collectors[query].visit(rowId, score)));
    }
    return collectors.map(collector => collector.best);
  }

  /** Frees this process's copies of a space's vectors (the space was deleted); a later search reads it afresh. */
  dropSpace(space: string): void {
    for (const key of [...this.cache.keys()]) if (key.slice(key.indexOf('\n') + 1) === space) this.cache.delete(key);
  }

  private refresh(space: string, dimensions: number): SpaceMatrix {
    const generation = this.selectGeneration.get(space)?.generation ?? 0;
    const key = `${dimensions}\n${space}`;
    const cached = this.cache.get(key);
    if (cached && cached.generation === generation) return cached;
    const sources: BlockSource[] = [];
    for (const document of this.selectDocuments.all(space)) {
      const block = cached?.documents.get(document.id);
      if (block && block.unitsVersion === document.units_version) {
        sources.push({ documentId: document.id, unitsVersion: document.units_version, from: 'previous', block });
        continue;
      }
      const rows = this.selectVectors.all(space, document.id, dimensions * 4);
      if (rows.length === 0) continue;
      sources.push({
        documentId: document.id,
        unitsVersion: document.units_version,
        from: 'rows',
        rowIds: Int32Array.from(rows, row => row.row_id),
        vectors: rows.map(row => floatView(row.vector)),
      });
    }
    const matrix = new SpaceMatrix(generation, dimensions, sources, cached);
    this.cache.set(key, matrix);
    return matrix;
  }
}
