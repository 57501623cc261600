import { describe, expect, it } from 'vitest';
import { mixSeed, pickSpreadSpaces, planSpaces, ScaleCorpus, type ScaleSettings } from '../../bench/lib/scale-corpus.ts';

// bench:scale resumes and reuses a data dir by regenerating documents instead of reading them back, so
// the corpus must be the same for the same seed, and the plan must add up to the units asked for.

const settings: ScaleSettings = { spaces: 7, units: 1_203, largeUnits: 600, smallUnits: 50, pagesPerDocument: 250, seed: 7 };

describe('planSpaces', () => {
  it('gives the large and the small space their units and spreads the rest evenly', () => {
    const spaces = planSpaces(settings);
    expect(spaces.map(space => space.units)).toEqual([600, 50, 111, 111, 111, 110, 110]);
    expect(spaces.reduce((sum, space) => sum + space.units, 0)).toBe(1_203);
    expect(spaces[0]).toMatchObject({ role: 'large', name: 'scale-large', space: 'web:scale-large', documentPages: [250, 250, 100] });
    expect(spaces[1]).toMatchObject({ role: 'small', name: 'scale-small', documentPages: [50] });
    expect(spaces[2].name).toBe('scale-00002');
  });

  it('refuses settings that leave a space without units', () => {
    expect(() => planSpaces({ ...settings, units: 654 })).toThrow(/at least one unit/);
    expect(() => planSpaces({ ...settings, spaces: 1 })).toThrow(/at least 2/);
  });

  it('picks spread spaces among the others only', () => {
    const picked = pickSpreadSpaces(planSpaces(settings), 2);
    expect(picked.map(space => space.index)).toEqual([2, 4]);
    expect(pickSpreadSpaces(planSpaces(settings), 50)).toHaveLength(5);
  });
});

describe('ScaleCorpus', () => {
  const spaces = planSpaces(settings);

  it('generates the same documents and questions for the same seed, other ones for another', () => {
    const document = new ScaleCorpus(7).document(spaces[3], 0);
    expect(new ScaleCorpus(7).document(spaces[3], 0)).toEqual(document);
    expect(new ScaleCorpus(8).document(spaces[3], 0).units[0].text).not.toBe(document.units[0].text);
    expect(new ScaleCorpus(7).document(spaces[4], 0).units[0].text).not.toBe(document.units[0].text);
    expect(new ScaleCorpus(7).questions(spaces[0], 3, 1)).toEqual(new ScaleCorpus(7).questions(spaces[0], 3, 1));
  });

  it('makes one unit per page, with the record and ids of its space', () => {
    const { record, tree, units } = new ScaleCorpus(7).document(spaces[0], 2);
    expect(units).toHaveLength(100);
    expect(tree.totalPages).toBe(100);
    expect(record).toMatchObject({ id: 'scale-large-doc-0002', space: 'web:scale-large', status: 'ready', pageCount: 100 });
    expect(new Set(units.map(unit => unit.page)).size).toBe(100);
    expect(units.every(unit => unit.space === 'web:scale-large' && unit.documentId === record.id)).toBe(true);
  });

  it('asks about words of the space', () => {
    const [question] = new ScaleCorpus(7).questions(spaces[1], 1, 1);
    expect(question).toMatch(/^What does the report say about \S+( \S+){2,4}\?$/);
  });
});

describe('mixSeed', () => {
  it('differs by argument order and value', () => {
    expect(mixSeed(1, 2, 3)).not.toBe(mixSeed(3, 2, 1));
    expect(mixSeed(1, 2, 3)).toBe(mixSeed(1, 2, 3));
  });
});
