import { describe, expect, it } from 'vitest';
import type { IndexUnit } from '../../src/index/types.ts';
import { PageIndex } from '../../src/retrieve/page-index.ts';
import { searchTerms } from '../../src/retrieve/search-terms.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';

const spaceA = 'web:a' as SpaceId;
const spaceB = 'web:b' as SpaceId;
const vocabulary = ['glacier', 'runoff', 'budget', 'revenue', 'solar', 'turbine', 'harbour', 'ferry', 'ledger', 'audit', 'rainfall', 'drought'];

/** Deterministic pseudo-random pages, so many pages share words in different amounts. */
function pagesOf(documentId: string, space: SpaceId, pageCount: number, seed: number): IndexUnit[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  return Array.from({ length: pageCount }, (_, offset) => {
    const length = 5 + Math.floor(next() * 30);
    const text = Array.from({ length }, () => vocabulary[Math.floor(next() * next() * vocabulary.length)]).join(' ');
    return { id: `${documentId}:0001:${offset + 1}:0`, space, documentId, documentName: documentId, nodeId: '0001', titlePath: [], kind: 'section', page: offset + 1, part: 0, text };
  });
}

/** The definition the index must match: BM25 (k1 1.2, b 0.75) by scanning every page, words weight 1, pairs 0.5. */
function scanScores(documents: IndexUnit[][], question: string): Map<string, number> {
  const pageTerms = documents.flat().map(unit => {
    const tokens = searchTerms(unit.text);
    const terms = [...tokens, ...tokens.slice(1).map((token, index) => `${tokens[index]} ${token}`)];
    return { id: unit.id, length: tokens.length, terms };
  });
  const averageLength = pageTerms.reduce((sum, page) => sum + page.length, 0) / pageTerms.length;
  const words = searchTerms(question);
  const weights = new Map<string, number>(words.map(word => [word, 1]));
  for (let index = 1; index < words.length; index++) weights.set(`${words[index - 1]} ${words[index]}`, 0.5);
  const scores = new Map<string, number>();
  for (const page of pageTerms) {
    let score = 0;
    for (const [term, weight] of weights) {
      const containing = pageTerms.filter(other => other.terms.includes(term)).length;
      const idf = weight * Math.log(1 + (pageTerms.length - containing + 0.5) / (containing + 0.5));
      const frequency = page.terms.filter(candidate => candidate === term).length;
      if (frequency > 0) score += (idf * frequency * 2.2) / (frequency + 1.2 * (0.25 + (0.75 * page.length) / averageLength));
    }
    if (score > 0) scores.set(page.id, score);
  }
  return scores;
}

describe('PageIndex posting lists', () => {
  const documents = [pagesOf('d1', spaceA, 40, 1), pagesOf('d2', spaceA, 25, 2), pagesOf('d3', spaceB, 30, 3)];
  const index = new PageIndex();
  documents.forEach(units => index.addDocument(units[0].space, units[0].documentId, 'v1', units));

  it('scores the pages that contain a query term exactly as a scan over every page does, best first', () => {
    for (const question of ['glacier runoff', 'solar turbine harbour', 'audit of the ledger and budget revenue', 'drought']) {
      const expected = scanScores(documents.slice(0, 2), question);
      const hits = index.search(question, { spaces: [spaceA], k: 1_000 });
      expect(hits.length).toBe(expected.size);
      for (const hit of hits) expect(hit.score).toBeCloseTo(expected.get(hit.unit.id)!, 9);
      const order = [...expected].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
      expect(hits.map(hit => hit.unit.id)).toEqual(order);
    }
  });

  it('returns the same first k as the full ranking, and restricts statistics to the documents named', () => {
    const full = index.search('ledger audit rainfall', { spaces: [spaceA, spaceB], k: 1_000 });
    const top = index.search('ledger audit rainfall', { spaces: [spaceA, spaceB], k: 7 });
    expect(top).toEqual(full.slice(0, 7));
    const expected = scanScores([documents[2]], 'ledger audit rainfall');
    const scoped = index.search('ledger audit rainfall', { spaces: [spaceA, spaceB], documentIds: ['d3'], k: 1_000 });
    expect(scoped.map(hit => hit.unit.documentId)).toEqual(scoped.map(() => 'd3'));
    for (const hit of scoped) expect(hit.score).toBeCloseTo(expected.get(hit.unit.id)!, 9);
  });

  it('keeps whole-space statistics right when a document is replaced or removed', () => {
    const changing = new PageIndex();
    documents.forEach(units => changing.addDocument(units[0].space, units[0].documentId, 'v1', units));
    changing.addDocument(spaceA, 'd2', 'v2', pagesOf('d2', spaceA, 10, 9));
    changing.removeDocument('d1');
    const expected = scanScores([pagesOf('d2', spaceA, 10, 9)], 'glacier budget');
    const hits = changing.search('glacier budget', { spaces: [spaceA], k: 1_000, feedback: { pages: 2, terms: 3, weight: 0.3 } });
    const plain = changing.search('glacier budget', { spaces: [spaceA], k: 1_000 });
    for (const hit of plain) expect(hit.score).toBeCloseTo(expected.get(hit.unit.id)!, 9);
    expect(hits.length).toBe(plain.length);
    expect(hits.every(hit => hit.unit.documentId === 'd2')).toBe(true);
  });
});
