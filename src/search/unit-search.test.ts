import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { parseSpaceId } from '../spaces/space-id.ts';
import { type IndexUnit, unitColumnWeights } from '../store/types.ts';
import { rankUnitsByBm25 } from './unit-search.ts';
import { foldedTerm } from '../text/unit-words.ts';
import { parseUnitVocabulary } from '../store/weaviate/document-vocabularies.ts';
import { unitStatistics } from '../store/weaviate/page-objects.ts';
import { TenantUnits } from '../store/weaviate/tenant-term-index.ts';

const space = parseSpaceId('web:unit-bm25');

function unit(index: number, titlePath: string[], text: string): IndexUnit {
  return {
    id: `d:${String(index).padStart(3, '0')}`,
    space,
    documentId: 'd',
    documentName: 'd.pdf',
    nodeId: String(index),
    titlePath,
    kind: 'section',
    page: 1 + index,
    part: 0,
    text,
  };
}

/** Units whose lengths, titles, repeats, accents and word spread all differ, so BM25F and FTS5 part ways. */
const units: IndexUnit[] = [
  unit(0, ['Harbour Fees'], 'Fees at the harbour rose in 2024.'),
  unit(
    1,
    ['Annual Report', 'Harbour'],
    'The harbour harbour HARBOUR authority reported cargo volumes, container traffic and a new pelican colony near the breakwater, which the café owners welcomed.',
  ),
  unit(2, ['Notes'], 'Cargo cargo and more cargo.'),
  unit(3, ['Notes'], 'A cafe by the harbour serves naïve tourists; pelican sightings are logged daily.'),
  unit(4, ['Fleet'], 'Container ships dock twice a week.'),
  unit(5, ['Fleet', 'Pelican Class'], 'The pelican class tug.'),
  ...Array.from({ length: 14 }, (_, index) => unit(6 + index, ['Appendix'], `Table ${index} lists the harbour dues and cargo rates for berth ${index}.`)),
];

/** FTS5's own bm25 over the same two columns and weights, for an OR query of `words`. */
function fts5Scores(words: string[]): Map<string, number> {
  const database = new Database(':memory:');
  try {
    database.exec('CREATE VIRTUAL TABLE t USING fts5(title_path, text, tokenize = "unicode61 remove_diacritics 2")');
    const insert = database.prepare('INSERT INTO t (rowid, title_path, text) VALUES (?, ?, ?)');
    units.forEach((entry, index) => insert.run(index + 1, entry.titlePath.join('\n'), entry.text));
    const rows = database
      .prepare(`SELECT rowid, -bm25(t, ${unitColumnWeights.titlePath}, ${unitColumnWeights.text}) AS score FROM t WHERE t MATCH ?`)
      .all(words.map(word => `"${word}"`).join(' OR ')) as Array<{ rowid: number; score: number }>;
    return new Map(rows.map(row => [units[row.rowid - 1].id, row.score]));
  } finally {
    database.close();
  }
}

/** The statistics a Weaviate tenant holds for these units: written per version, read back, summed. */
function storedStatistics(): TenantUnits {
  const halves = [units.slice(0, 9), units.slice(9)].map(part => {
    const written = unitStatistics(part);
    return parseUnitVocabulary(written.unitCount, written.unitLength, written.unitTerms, written.unitTermUnits)!;
  });
  const holding = new Map<string, number>();
  for (const half of halves) half.terms.forEach((term, index) => holding.set(term, (holding.get(term) ?? 0) + half.holding[index]));
  return new TenantUnits(halves[0].count + halves[1].count, halves[0].length + halves[1].length, holding);
}

describe('rankUnitsByBm25', () => {
  it.each([
    ['harbour', 'pelican'],
    ['Café', 'cargo', 'container'],
    ['harbour', 'dues', 'berth', 'naive'],
    ['fees', 'zyzzyva'],
  ])('scores units as FTS5 does, from the unit counts a Weaviate version stores: %s', (...words) => {
    const expected = fts5Scores(words.map(foldedTerm));
    const ranked = rankUnitsByBm25(units, words.map(foldedTerm), storedStatistics());
    expect(ranked.map(hit => hit.unit.id).sort()).toEqual([...expected.keys()].sort());
    for (const hit of ranked) expect(hit.score).toBeCloseTo(expected.get(hit.unit.id)!, 9);
    const scores = ranked.map(hit => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('leaves out candidates holding none of the words', () => {
    const ranked = rankUnitsByBm25(units, ['zyzzyva'], storedStatistics());
    expect(ranked).toEqual([]);
  });
});
