import { describe, expect, it } from 'vitest';
import { asksForPhoneNumber, isPhoneNumberAnswer } from './phone-number-answer.ts';

describe('phone-number answers', () => {
  it('reads questions for a phone or fax number in the languages Folio answers in, not every phone', () => {
    for (const question of [
      "what's the phone number for CASA's Permissions Issue Team?",
      'What is the telephone no for the Care Quality Commission',
      'Wie lautet die Telefonnummer des CCC Salzburg?',
      'Wat is het telefoonnummer van de helpdesk?',
      'Quel est le numéro de téléphone du service ?',
      'Which fax number do I send the form to?',
    ])
      expect(asksForPhoneNumber(question)).toBe(true);
    expect(asksForPhoneNumber('What is the gap of infants with a cell phone and a tablet?')).toBe(false);
    expect(asksForPhoneNumber('What share of telephone respondents said yes?')).toBe(false);
  });

  it('takes numbers as they are written, with a label or several, and nothing else', () => {
    for (const answer of ['136 773', '+43 (662) 123 45-6', 'Tel.: 0800 123 456', '0800 123 456 or 0800 654 321', '131 757.', '01.23.45.67.89', '040/3456-78'])
      expect(isPhoneNumberAnswer(answer)).toBe(true);
    for (const answer of [
      'AT92 2040 4000 4096 8679 SBGSAT2SXXX',
      'The Care Quality Commission monitors it',
      '1234',
      'Bayside Wholesale',
      '31/12/2018',
      '2018-12-31',
      '16.02.2017',
    ])
      expect(isPhoneNumberAnswer(answer)).toBe(false);
  });
});
