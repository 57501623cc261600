import { describe, expect, it } from 'vitest';
import type { QuoteCandidate } from './quote-candidates.ts';
import { namesWhatIsAsked } from './asked-value.ts';

/** A table row quote whose Markdown line is `cells`. */
const row = (...cells: string[]): QuoteCandidate => {
  const source = `| ${cells.join(' | ')} |`;
  return { n: 1, page: 2, pageRank: 0, text: cells.join('; '), matchText: source, source, kind: 'table-row', order: 0 };
};

describe('namesWhatIsAsked', () => {
  it('takes a row whose label names something the question does, and no row labelled with other things', () => {
    expect(namesWhatIsAsked(row('iPhone', '!', '51,334'), ['How much did Apple make from iPhone in the quarter?'], 'en')).toBe(true);
    expect(namesWhatIsAsked(row('Operating income', '28,318'), ['How many employees did Apple have at the end of the quarter?'], 'en')).toBe(false);
    expect(namesWhatIsAsked(row('Data Center', '$22,563'), ["What was NVIDIA's net income in Q1 FY25?"], 'en')).toBe(false);
    // A rewording of the question (its translation) names it too; so does a label's shortening.
    expect(namesWhatIsAsked(row('Employees', '164,000'), ['Wie viele Mitarbeiter hat Apple?', 'How many employees does Apple have?'], 'de')).toBe(true);
    expect(namesWhatIsAsked(row('Rep/Lean Rep', '72%'), ['What percentage of Republicans favor trade?'], 'en')).toBe(true);
    // Compound parts count in a compounding language.
    expect(namesWhatIsAsked(row('Teilnehmerplätze Auftaktwerkstatt', '320'), ['Wie viele Plätze hat die Werkstatt?'], 'de')).toBe(true);
  });

  it('takes a sentence that names something the question does besides its document', () => {
    const sentence = (text: string): QuoteCandidate => ({ ...row('x'), kind: 'sentence', text, source: text, matchText: text });
    const menu = 'Speisekarte Kölner Hof.pdf';
    expect(namesWhatIsAsked(sentence('13,50€ Hotel-Restaurant „Kölner Hof“'), ['Was kostet ein Glas Wein im Kölner Hof?'], 'de', menu)).toBe(false);
    expect(namesWhatIsAsked(sentence('Weißwein, 0,2 l Glas 5,80€'), ['Was kostet ein Glas Wein im Kölner Hof?'], 'de', menu)).toBe(true);
    // A file name writes umlauts out.
    expect(
      namesWhatIsAsked(sentence('13,50€ Hotel-Restaurant „Kölner Hof“'), ['Was kostet ein Glas Wein im Kölner Hof?'], 'de', 'de_koelner_hof_speisekarte.pdf'),
    ).toBe(false);
    // A paper's words are what it is about: those of its file name alone are left out.
    const paper = sentence('The Shinyei PPD42NS is an inexpensive particle counter that costs approximately $10.');
    expect(namesWhatIsAsked(paper, ['Roughly how much does a Shinyei PPD42NS cost per the PLOS ONE paper?'], 'en', 'journal.pone.0137789.pdf')).toBe(true);
    // Without the document's name, its words count as any other.
    expect(namesWhatIsAsked(sentence('13,50€ Hotel-Restaurant „Kölner Hof“'), ['Was kostet ein Glas Wein im Kölner Hof?'], 'de')).toBe(true);
  });

  it('does not judge a row keyed by a number or a range, or a question that asks for no value', () => {
    expect(namesWhatIsAsked(row('65,001 - 75,000', '11'), ['How much do you enter if the highest paying job pays $70,500?'], 'en')).toBe(true);
    expect(namesWhatIsAsked(row('United States', '300'), ['Which country had the most school closure days?'], 'en')).toBe(true);
    expect(namesWhatIsAsked(row('x', '12'), ['Which company had the most employees?'], 'en')).toBe(true);
  });
});
