import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../documents/types.ts';
import type { IndexUnit } from '../types.ts';
import { SqliteKnowledgeStore } from './sqlite-knowledge-store.ts';
import { plainTermsOf } from './unit-term-counts.ts';
import { parseSpaceId, type SpaceId } from '../../spaces/space-id.ts';

const spaceA = parseSpaceId('web:terms-a');
const spaceB = parseSpaceId('web:terms-b');

function record(space: SpaceId, id: string, name = `${id}.pdf`): DocumentRecord {
  const now = new Date().toISOString();
  return {
    id,
    space,
    name,
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

// Text that tokenizes in every way the table must agree with FTS5 on: case, precomposed and combining
// diacritics, ligatures and other scripts (not plain), apostrophes, hyphens, underscores, digits glued
// to letters, symbols, JSON escapes in the title path, private-use characters, a filter-token look-alike.
const samples = [
  'Harbour HARBOUR harbours café Cafe\u0301 naïve naive',
  "don't co-operate snake_case CO2 2024 3.5% $100 €20 ©2021 x²",
  '\uFB01nance finance Straße strasse Ærø København Łódź',
  'über Über ÜBER ueber résumé RESUME \u00A0spaced\u2003out',
  'd0123456789abcdef0123 s0123456789abcdef0123 zebra\uE000zebra',
  'Ελληνικά 中文 日本語 한국어 mixedΩword',
  'tab\tseparated\nnew\r\nlines',
];

function units(space: SpaceId, documentId: string, count: number, offset: number): IndexUnit[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${documentId}:${index}`,
    space,
    documentId,
    documentName: `${documentId}.pdf`,
    nodeId: String(index),
    titlePath: [samples[(index + offset) % samples.length].slice(0, 20), 'Quote " and \\ backslash\nnewline'],
    kind: 'section',
    page: 1 + index,
    part: 0,
    text: `${samples[(index + offset) % samples.length]} unit${index % 5} ${samples[(index * 3 + offset) % samples.length]}`,
  }));
}

/** Plain terms and their unit counts as FTS5 itself has them, and as the table keeps them. */
function compare(database: Database.Database) {
  const fts = new Map(
    (database.prepare('SELECT term, doc FROM units_fts_terms').all() as Array<{ term: string; doc: number }>)
      .filter(row => /^[a-z0-9]+$/u.test(row.term) && !/^[sd][0-9a-f]{20}$/u.test(row.term))
      .map(row => [row.term, row.doc]),
  );
  const table = new Map(
    (database.prepare('SELECT term, units FROM unit_terms').all() as Array<{ term: string; units: number }>).map(row => [row.term, row.units]),
  );
  return { fts, table };
}

describe('unit_terms: units per plain word, kept by the store', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-unit-terms-'));
  const store = new SqliteKnowledgeStore({ dataDir });
  const database = new Database(join(dataDir, 'folio.sqlite'), { readonly: true });
  afterAll(async () => {
    database.close();
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('matches FTS5 vocabulary counts through commits, replacements and deletes', async () => {
    await store.commitDocument({ record: record(spaceA, 'a'), tree: { documentId: 'a', totalPages: 30, nodes: [] }, units: units(spaceA, 'a', 30, 0) });
    await store.commitDocument({ record: record(spaceB, 'b'), tree: { documentId: 'b', totalPages: 17, nodes: [] }, units: units(spaceB, 'b', 17, 3) });
    let { fts, table } = compare(database);
    expect(fts.size).toBeGreaterThan(30);
    expect(table).toEqual(fts);
    expect(table.get('cafe')).toBeGreaterThan(0);
    expect(table.get('harbour')).toBeGreaterThan(0);

    // A new version under the same name replaces the old one (its units are removed in the same commit).
    await store.commitDocument({
      record: record(spaceA, 'a2', 'a.pdf'),
      tree: { documentId: 'a2', totalPages: 9, nodes: [] },
      units: units(spaceA, 'a2', 9, 5),
    });
    ({ fts, table } = compare(database));
    expect(table).toEqual(fts);

    await store.deleteDocument(spaceB, 'b');
    ({ fts, table } = compare(database));
    expect(table).toEqual(fts);
    await store.deleteDocument(spaceA, 'a2');
    ({ fts, table } = compare(database));
    expect(fts.size).toBe(0);
    expect(table.size).toBe(0);
  });

  it('matches them after a whole space is deleted', async () => {
    const spaceC = parseSpaceId('web:terms-c');
    await store.commitDocument({ record: record(spaceC, 'c1'), tree: { documentId: 'c1', totalPages: 20, nodes: [] }, units: units(spaceC, 'c1', 20, 2) });
    await store.commitDocument({ record: record(spaceC, 'c2'), tree: { documentId: 'c2', totalPages: 11, nodes: [] }, units: units(spaceC, 'c2', 11, 4) });
    await store.commitDocument({ record: record(spaceB, 'b3'), tree: { documentId: 'b3', totalPages: 7, nodes: [] }, units: units(spaceB, 'b3', 7, 6) });
    expect(await store.deleteSpace(spaceC)).toBe(2);
    let { fts, table } = compare(database);
    expect(table.size).toBeGreaterThan(10);
    expect(table).toEqual(fts);
    expect(await store.deleteSpace(spaceB)).toBe(1);
    ({ fts, table } = compare(database));
    expect(table.size).toBe(0);
    expect(fts.size).toBe(0);
  });

  it('plainTermsOf keeps ASCII words after folding, once each', () => {
    // "Straße", "ﬁne" and "x²" are tokens that do not fold to ASCII: FTS5 indexes them as they are.
    expect([...plainTermsOf('Café CAFE naïve Straße \uFB01ne x²', '["A","b"]')].sort()).toEqual(['a', 'b', 'cafe', 'naive']);
  });
});
