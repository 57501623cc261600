import { describe, expect, it } from 'vitest';
import type { DocumentVocabularies, VersionVocabulary } from './document-vocabularies.ts';
import { parseUnitVocabulary, parseVocabulary } from './document-vocabularies.ts';
import { TenantTermIndex } from './tenant-term-index.ts';
import type { Documents } from './weaviate-objects.ts';

/** Versions as the document objects would give them, and which versions each build read. */
function vocabularies(stored: Record<string, VersionVocabulary>) {
  const reads: string[][] = [];
  const source = {
    async each(_documents: Documents, versions: string[], visit: (version: string, vocabulary: VersionVocabulary) => void) {
      reads.push([...versions]);
      for (const version of versions) if (stored[version]) visit(version, stored[version]);
    },
  } as unknown as DocumentVocabularies;
  return { source, reads };
}

const documents = {} as Documents;
/** A version's vocabulary as the document objects store it. */
function vocabulary(pageTerms: string, pageTermPages: string, units: [number, number, string, string] = [0, 0, '', '']): VersionVocabulary {
  return { ...parseVocabulary(pageTerms, pageTermPages)!, units: parseUnitVocabulary(...units)! };
}
const stored = {
  v1: vocabulary('harbour cargo', '3 1'),
  v2: vocabulary('harbour pelican', '2 2'),
  v3: vocabulary('cargo', '4'),
};
const withUnits = {
  u1: vocabulary('harbour cargo', '3 1', [10, 120, 'harbour cargo the', '4 1 9']),
  u2: vocabulary('harbour pelican', '2 2', [6, 60, 'harbour pelican the', '2 3 6']),
};

describe('TenantTermIndex', () => {
  it('sums pages and documents per term, within some versions when asked', async () => {
    const index = await new TenantTermIndex(vocabularies(stored).source, 1_000).of(documents, 'tenant', ['v1', 'v2', 'v3']);
    expect([index.pages('harbour'), index.pages('cargo'), index.pages('pelican'), index.pages('zyzzyva')]).toEqual([5, 5, 2, 0]);
    expect(index.pages('cargo', new Set(['v3']))).toBe(4);
    expect([index.documents('harbour'), index.documents('cargo'), index.documents('zyzzyva')]).toEqual([2, 2, 0]);
    expect(index.holders('cargo').sort()).toEqual(['v1', 'v3']);
  });

  it('reads only the versions added since, without changing an index already handed out', async () => {
    const { source, reads } = vocabularies(stored);
    const indexes = new TenantTermIndex(source, 1_000);
    const before = await indexes.of(documents, 'tenant', ['v1']);
    const after = await indexes.of(documents, 'tenant', ['v1', 'v2']);
    expect(reads).toEqual([['v1'], ['v2']]);
    expect(after.pages('harbour')).toBe(5);
    expect(before.pages('harbour')).toBe(3);
    expect(before.documents('harbour')).toBe(1);
    expect(await indexes.of(documents, 'tenant', ['v2', 'v1'])).toBe(after);
    // A version gone: everything is read again.
    const removed = await indexes.of(documents, 'tenant', ['v2']);
    expect(reads.at(-1)).toEqual(['v2']);
    expect(removed.pages('harbour')).toBe(2);
  });

  it('counts nothing of a version not found, and keeps no index that missed one', async () => {
    const { source, reads } = vocabularies(stored);
    const indexes = new TenantTermIndex(source, 1_000);
    const index = await indexes.of(documents, 'tenant', ['v1', 'gone']);
    expect(index.pages('harbour')).toBe(3);
    expect(index.documents('harbour')).toBe(1);
    expect(index.units).toBeUndefined();
    await indexes.of(documents, 'tenant', ['v1', 'gone']);
    expect(reads).toHaveLength(2);
  });

  it('sums the units of every version, and has none when a version was not found', async () => {
    const { source, reads } = vocabularies(withUnits);
    const indexes = new TenantTermIndex(source, 1_000);
    const first = await indexes.of(documents, 'tenant', ['u1']);
    const both = await indexes.of(documents, 'tenant', ['u1', 'u2']);
    expect(reads).toEqual([['u1'], ['u2']]);
    expect([both.units?.units, both.units?.length]).toEqual([16, 180]);
    expect(['harbour', 'pelican', 'the', 'cargo', 'zyzzyva'].map(term => both.units?.unitsHolding(term))).toEqual([6, 3, 15, 1, 0]);
    // An index handed out before is not changed by the one built from it.
    expect([first.units?.units, first.units?.unitsHolding('harbour'), first.units?.unitsHolding('pelican')]).toEqual([10, 4, 0]);
    expect((await indexes.of(documents, 'other', ['u2', 'gone'])).units).toBeUndefined();
    expect((await indexes.of(documents, 'other', ['u2'])).units?.units).toBe(6);
  });

  it('drops the tenants used longest ago past its bound', async () => {
    const { source, reads } = vocabularies(stored);
    const indexes = new TenantTermIndex(source, 3);
    await indexes.of(documents, 'a', ['v1']);
    await indexes.of(documents, 'b', ['v2']);
    expect(reads).toHaveLength(2);
    await indexes.of(documents, 'b', ['v2']);
    expect(reads).toHaveLength(2);
    await indexes.of(documents, 'a', ['v1']);
    expect(reads).toHaveLength(3);
  });

  it('weighs each term as well as its postings, so small tenants are not kept by the thousand', async () => {
    // Two one-version tenants of two terms each: four postings, but 2 × (2 + 2 × 16) = 68 with their terms.
    const { source, reads } = vocabularies(stored);
    const index = await new TenantTermIndex(source, 1_000).of(documents, 'x', ['v1']);
    expect(index.size).toBe(2);
    expect(index.cost).toBe(34);
    const indexes = new TenantTermIndex(source, 50);
    await indexes.of(documents, 'a', ['v1']);
    await indexes.of(documents, 'b', ['v2']);
    await indexes.of(documents, 'a', ['v1']);
    expect(reads.slice(1)).toEqual([['v1'], ['v2'], ['v1']]);
  });
});
