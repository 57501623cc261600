import { describe, expect, it } from 'vitest';
import { unitQueryWords } from './unit-query-words.ts';

/** Units holding each word, out of `total`. */
const counted = (counts: Record<string, number>) => (token: string) => counts[token] ?? 0;

describe('unitQueryWords', () => {
  it('leaves out words in over a tenth of a large index and words no unit holds', () => {
    const units = counted({ harbour: 30_000, pelican: 12, fees: 900 });
    expect(unitQueryWords(['harbour', 'pelican', 'fees', 'zyzzyva'], units, 100_000, Number.POSITIVE_INFINITY)).toEqual({
      tokens: ['pelican', 'fees'],
      all: false,
    });
  });

  it('keeps the rarest words within the budget, the rarest always', () => {
    const units = counted({ pelican: 12, fees: 900, dues: 400 });
    expect(unitQueryWords(['pelican', 'fees', 'dues'], units, 100_000, 500)).toEqual({ tokens: ['pelican', 'dues'], all: false });
    expect(unitQueryWords(['fees', 'dues'], units, 100_000, 10)).toEqual({ tokens: ['dues'], all: false });
  });

  it('asks the two rarest of frequent words, both required when together they are costly', () => {
    expect(unitQueryWords(['report', 'harbour', 'annual'], counted({ report: 3_000, harbour: 2_500, annual: 2_800 }), 10_000, 400)).toEqual({
      tokens: ['harbour', 'annual'],
      all: false,
    });
    const large = counted({ report: 30_000, harbour: 25_000, annual: 28_000, the: 90_000 });
    expect(unitQueryWords(['the', 'report', 'harbour', 'annual'], large, 100_000, 400)).toEqual({ tokens: ['harbour', 'annual'], all: true });
    // Words in over half of a large index weigh nothing: no word hits rather than one near-weightless word.
    expect(unitQueryWords(['the', 'report'], counted({ the: 90_000, report: 60_000 }), 100_000, 400)).toEqual({ tokens: [], all: false });
  });

  it('searches a lone word however frequent, unless it is in over half of a large index', () => {
    expect(unitQueryWords(['report'], counted({ report: 40_000 }), 100_000, 400)).toEqual({ tokens: ['report'], all: false });
    expect(unitQueryWords(['the'], counted({ the: 90_000 }), 100_000, 400)).toEqual({ tokens: [], all: false });
    expect(unitQueryWords([], counted({}), 100_000, 400)).toEqual({ tokens: [], all: false });
  });
});
