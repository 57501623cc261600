import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../documents/types.ts';
import { parseSpaceId } from '../../spaces/space-id.ts';
import type { IndexUnit } from '../types.ts';
import Database from 'better-sqlite3';
import { foldedTerm, wordTokens } from '../../text/unit-words.ts';
import { unitCounts } from './lexical-search.ts';
import { SqliteKnowledgeStore } from './sqlite-knowledge-store.ts';
import { searchUnits } from '../../search/unit-search.ts';

const space = parseSpaceId('web:lexical-frequent');

function record(id: string): DocumentRecord {
  const now = new Date().toISOString();
  return {
    id,
    space,
    name: `${id}.pdf`,
    mime: 'application/pdf',
    sha256: id,
    sizeBytes: 0,
    pageCount: 0,
    status: 'ready',
    source: { platform: 'cli' },
    createdAt: now,
    updatedAt: now,
  };
}

/** `count` units; `words(index)` says which marker words unit `index` carries besides filler. */
function units(documentId: string, count: number, words: (index: number) => string[]): IndexUnit[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${documentId}:${index}`,
    space,
    documentId,
    documentName: `${documentId}.pdf`,
    nodeId: String(index),
    titlePath: [],
    kind: 'section',
    page: 1 + index,
    part: 0,
    text: ['filler', `item${index}`, ...words(index), 'report'].join(' '),
  }));
}

describe('searchLexicalRows at a few thousand units', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-lexical-frequent-'));
  const store = new SqliteKnowledgeStore({ dataDir });
  afterAll(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves out a word found in over a tenth of many units, and sees counts change when units do', async () => {
    // "harbour" is in 1,200 of 3,000 units (too frequent to rank by); "zebra" in 3.
    await store.commitDocument({
      record: record('a'),
      tree: { documentId: 'a', totalPages: 3000, nodes: [] },
      units: units('a', 3000, index => [...(index < 1200 ? ['harbour'] : []), ...(index % 1000 === 7 ? ['zebra'] : [])]),
    });
    const rare = await searchUnits(store, { spaces: [space], text: 'harbour zebra', k: 50 });
    expect(rare.length).toBe(3);
    expect(rare.every(hit => hit.unit.text.includes('zebra'))).toBe(true);

    // Now "zebra" is frequent too: with nothing rare left, both words rank, so harbour-only units come back.
    await store.commitDocument({ record: record('b'), tree: { documentId: 'b', totalPages: 1500, nodes: [] }, units: units('b', 1500, () => ['zebra']) });
    const both = await searchUnits(store, { spaces: [space], text: 'harbour zebra', k: 50 });
    expect(both.length).toBe(50);
    expect(both.some(hit => !hit.unit.text.includes('zebra'))).toBe(true);
  });

  it('counts units per word from the fts5vocab table exactly as counting MATCH rows does', async () => {
    const other = parseSpaceId('web:lexical-other');
    const titled = (index: number): IndexUnit => ({
      id: `t:${index}`,
      space: other,
      documentId: 't',
      documentName: 't.pdf',
      nodeId: String(index),
      titlePath: index % 3 === 0 ? ['Harbour Fees', 'Zebra'] : ['Notes'],
      kind: 'section',
      page: 1 + index,
      part: 0,
      text: index % 2 === 0 ? 'Harbour harbours HARBOUR café naïve 2024 co2 zebras' : 'cafe naive ferry',
    });
    await store.commitDocument({
      record: { ...record('t'), space: other },
      tree: { documentId: 't', totalPages: 40, nodes: [] },
      units: Array.from({ length: 40 }, (_, index) => titled(index)),
    });
    const database = new Database(join(dataDir, 'folio.sqlite'), { readonly: true });
    try {
      const tokens = wordTokens('harbour Harbour harbours zebra zebras café cafe naïve 2024 co2 ferry filler item7 report absentword sdeadbeef');
      const folded = tokens.map(foldedTerm);
      // Fresh counts (a new stamp): plain words through the vocabulary, the rest through MATCH.
      const { counts, totalUnits } = unitCounts(database, folded, new Set(folded.filter((_, index) => /^[A-Za-z0-9]+$/u.test(tokens[index]))));
      // Capped just past the word limit; plain words (known exactly from unit_terms) just past half the units.
      const cap = Math.floor(Math.max(totalUnits * 0.1, Math.min(totalUnits * 0.5, 1_000))) + 1;
      const plainCap = Math.max(cap, Math.floor(totalUnits * 0.5) + 1);
      const matching = database.prepare('SELECT count(*) FROM (SELECT rowid FROM units_fts WHERE units_fts MATCH ? LIMIT ?)').pluck();
      folded.forEach((term, index) => {
        const plain = /^[A-Za-z0-9]+$/u.test(tokens[index]) && !/^[sd][0-9a-f]{20}$/u.test(term);
        expect([term, counts.get(term)]).toEqual([term, matching.get(`{title_path text} : ("${term}")`, plain ? plainCap : cap)]);
      });
      expect(counts.get('harbour')).toBeGreaterThan(1_000);
      expect(counts.get('zebra')).toBeGreaterThan(cap);
      expect(counts.get('ferry')).toBe(20);
      expect(counts.get('absentword')).toBe(0);
    } finally {
      database.close();
    }
  });

  it('ranks a query of frequent words only over the units holding both rarest, once OR would rank over 10,000 rows', async () => {
    const big = parseSpaceId('web:lexical-frequent-only');
    // "gamma" is in every unit (common: left out); "alpha" in half, "beta" in the other half, both in 22.
    const many = Array.from(
      { length: 22_000 },
      (_, index): IndexUnit => ({
        id: `f:${index}`,
        space: big,
        documentId: 'f',
        documentName: 'f.pdf',
        nodeId: String(index),
        titlePath: [],
        kind: 'section',
        page: 1 + index,
        part: 0,
        text: `gamma ${index % 2 === 0 || index % 1000 === 1 ? 'alpha' : ''} ${index % 2 === 1 || index % 1000 === 0 ? 'beta' : ''} filler${index % 97}`,
      }),
    );
    await store.commitDocument({ record: { ...record('f'), space: big }, tree: { documentId: 'f', totalPages: many.length, nodes: [] }, units: many });
    const hits = await searchUnits(store, { spaces: [big], text: 'gamma alpha beta', k: 100 });
    expect(hits).toHaveLength(44);
    expect(hits.every(hit => hit.unit.text.includes('alpha') && hit.unit.text.includes('beta'))).toBe(true);
    // With fewer than two words in at most half the units, nothing is ranked by words.
    expect(await searchUnits(store, { spaces: [big], text: 'gamma alpha', k: 5 })).toEqual([]);
    // A single word is searched however frequent, unless it is in over half the units.
    expect(await searchUnits(store, { spaces: [big], text: 'alpha', k: 5 })).toHaveLength(5);
    expect(await searchUnits(store, { spaces: [big], text: 'gamma', k: 5 })).toEqual([]);
  });
  it('ranks a whole-space query over its rarest words while the units they are in stay within 20 per hit', async () => {
    const budgeted = parseSpaceId('web:lexical-budget');
    // 3,000 units: "lynx" in 2, "otter" in 100, "heron" in 200. Five hits asked: a budget of 100 units,
    // so only "lynx" is ranked (2 + 100 is over it).
    const marked = units('g', 3000, index => [
      ...(index % 1500 === 3 ? ['lynx'] : []),
      ...(index % 30 === 1 ? ['otter'] : []),
      ...(index % 15 === 2 ? ['heron'] : []),
    ]).map(unit => ({ ...unit, space: budgeted }));
    await store.commitDocument({ record: { ...record('g'), space: budgeted }, tree: { documentId: 'g', totalPages: marked.length, nodes: [] }, units: marked });
    const hits = await searchUnits(store, { spaces: [budgeted], text: 'lynx otter heron', k: 5 });
    expect(hits).toHaveLength(2);
    expect(hits.every(hit => hit.unit.text.includes('lynx'))).toBe(true);
    // A search of named documents scores only their units: every word kept.
    const inDocument = await searchUnits(store, { spaces: [budgeted], documentIds: ['g'], text: 'lynx otter heron', k: 5 });
    expect(inDocument).toHaveLength(5);
  });
});

describe('searchLexicalRows in a space of a few units', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-lexical-few-'));
  const store = new SqliteKnowledgeStore({ dataDir });
  afterAll(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('asks the rarest words the space holds when all of them are in most units, whatever words it does not hold', async () => {
    // Every unit holds "harbour" and "cargo": both are in over half the units, so both are frequent.
    await store.commitDocument({
      record: record('few'),
      tree: { documentId: 'few', totalPages: 3, nodes: [] },
      units: units('few', 3, () => ['harbour', 'cargo']),
    });
    const hits = async (text: string) => (await searchUnits(store, { spaces: [space], text, k: 5 })).length;
    expect(await hits('harbour cargo')).toBe(3);
    expect(await hits('harbour cargo zyzzyva')).toBe(3);
    expect(await hits('zyzzyva quixotic')).toBe(0);
  });
});
