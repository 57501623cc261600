import { describe, expect, it } from 'vitest';
import { seededRandom, zipfIndex } from '../../bench/lib/search-benchmark.ts';
import type { IndexUnit } from '../../src/index/types.ts';
import { PageIndex } from '../../src/retrieve/page-index.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';

const space = 'web:pruning' as SpaceId;

/**
 * The whole-page search skips the long posting lists of frequent words once they cannot change the first
 * k (page-scoring.ts, candidatePages). Asking for every page walks every list: the first k of that
 * ranking must be the pruned search's, scores bit for bit.
 */
describe('whole-page BM25 with MaxScore pruning', () => {
  const random = seededRandom(3);
  const vocabulary = Array.from({ length: 3000 }, (_, index) => `w${index.toString(36)}x`);
  const index = new PageIndex();
  for (let document = 0; document < 30; document++) {
    const units: IndexUnit[] = Array.from({ length: 60 }, (_, offset) => ({
      id: `d${document}:0001:${offset + 1}:0`,
      space,
      documentId: `d${document}`,
      documentName: `d${document}.pdf`,
      nodeId: '0001',
      titlePath: [],
      kind: 'section',
      page: offset + 1,
      part: 0,
      // Zipf words: the first few are on nearly every page (long lists, idf near 0), most are rare.
      text: Array.from({ length: 40 + Math.floor(random() * 80) }, () => vocabulary[zipfIndex(random, vocabulary.length)]).join(' '),
    }));
    index.addDocument(space, `d${document}`, 'v1', units);
  }
  const pick = (from: number, to: number) => vocabulary[from + Math.floor(random() * (to - from))];
  const questions = [
    ...Array.from({ length: 20 }, () => [pick(0, 3), pick(3, 30), pick(30, 3000), pick(0, 10)].join(' ')),
    ...Array.from({ length: 10 }, () => [pick(0, 5), pick(0, 5), pick(100, 3000)].join(' ')),
    [vocabulary[0], vocabulary[1], vocabulary[2]].join(' '),
    [vocabulary[2999], vocabulary[0]].join(' '),
  ];

  for (const scope of [{ spaces: [space] }, { spaces: [space], documentIds: ['d1', 'd4', 'd9'] }]) {
    it(`returns the first k of the full ranking (${scope.documentIds ? 'three documents' : 'whole space'})`, () => {
      for (const question of questions) {
        const full = index.search(question, { ...scope, k: 1_000_000 });
        for (const k of [1, 3, 10, 50]) expect(index.search(question, { ...scope, k })).toEqual(full.slice(0, k));
      }
    });
  }
});
