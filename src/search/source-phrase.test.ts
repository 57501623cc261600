import { describe, expect, it } from 'vitest';
import { withoutSourcePhrase } from './source-phrase.ts';

describe('withoutSourcePhrase', () => {
  it('leaves out the phrase at the end or start that names the document to read', () => {
    expect(withoutSourcePhrase('how many zoom seminars did RHDI run according to its 2025 annual report?')).toBe('how many zoom seminars did RHDI run?');
    expect(withoutSourcePhrase('In the Nike 10-K, what is the cash ratio?')).toBe('what is the cash ratio?');
    expect(withoutSourcePhrase('Laut Geschäftsbericht: Wie hoch war der Umsatz?')).toBe('Wie hoch war der Umsatz?');
    expect(withoutSourcePhrase('Hoeveel leden had de club volgens het jaarverslag?')).toBe('Hoeveel leden had de club?');
  });

  it('keeps a question with no such phrase', () => {
    expect(withoutSourcePhrase('How many people work in the report’s sample?')).toBe('How many people work in the report’s sample?');
    expect(withoutSourcePhrase('What happens in the second chapter of the guide on wiring?')).toBe(
      'What happens in the second chapter of the guide on wiring?',
    );
    expect(withoutSourcePhrase('In the report, what is the cash ratio according to the table?')).toBe('what is the cash ratio according to the table?');
    expect(withoutSourcePhrase('In the annual report:')).toBe('In the annual report:');
  });
});
