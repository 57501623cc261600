import { describe, expect, it } from 'vitest';
import { givesAskedKind } from './asked-kind-answer.ts';

describe('givesAskedKind', () => {
  it('takes money for a question about money: a currency, a number alone, or a change in percent', () => {
    const subsidy = 'Wie viel Euro Zuschuss gibt die N-ERGIE pro kWp Photovoltaik?';
    expect(givesAskedKind('10 kWp [2]', subsidy)).toBe(false);
    expect(givesAskedKind('150 € [2]', subsidy)).toBe(true);
    expect(givesAskedKind('38,4 mB CityGML', 'Hoeveel heeft het project gekost?')).toBe(false);
    expect(givesAskedKind('Eurostoxx 50', 'Wie viel kostet der Bausatz?')).toBe(false);
    expect(givesAskedKind('The largest expense continues to be insurance', 'What did they spend on insurance?')).toBe(false);
    for (const answer of ['96,419 [1]', '1,076M', '20 million', 'about 8,800', '126, 63€', '300,00 Euro Betrag erhalten', '5%'])
      expect(givesAskedKind(answer, 'How much revenue did it make?')).toBe(true);
  });

  it('takes a number for a count, in digits or in words', () => {
    expect(givesAskedKind('Obwohl die Stichprobe klein war, lassen sich Tendenzen erkennen.', 'Wie viele Personen haben teilgenommen?')).toBe(false);
    expect(givesAskedKind('Ja [4]', 'Hoeveel bezoekers trok het museum?')).toBe(false);
    for (const answer of ['1914', 'vier', '10.8M [2]', 'veertien', '446 interventions']) expect(givesAskedKind(answer, 'How many are there?')).toBe(true);
  });

  it('takes no money for a count of things', () => {
    expect(givesAskedKind('575.000 euro [10]', 'Hoeveel datalekmeldingen ontving de AP in 2020?')).toBe(false);
    expect(givesAskedKind('$5 million', 'How many dollars did the campaign raise?')).toBe(true);
  });

  it('takes a number for a measure, and words for how long and how often', () => {
    const contribution = 'Hoe hoog is de jaarlijkse contributie bij STORM?';
    expect(givesAskedKind('De financiële commissie wordt ontbonden na het goedkeuren van de afrekening [10].', contribution)).toBe(false);
    expect(givesAskedKind('€ 25 per jaar', contribution)).toBe(true);
    expect(givesAskedKind('Over 24 hour', 'how long does the MQ-3 need to preheat?')).toBe(true);
    expect(givesAskedKind('once a quarter', 'How often does the board meet?')).toBe(true);
    expect(givesAskedKind('Until the end of March.', 'How long can I keep unused vacation days?')).toBe(true);
  });

  it('takes a name for "who": a capitalised word that is neither the question’s nor a common one', () => {
    const president = 'Who is the current president of the Cyber Defense Club?';
    expect(givesAskedKind('The official officers of this organization are president, vice president and treasurer [1].', president)).toBe(false);
    expect(givesAskedKind('The Cyber Defense Club [1]', president)).toBe(false);
    expect(givesAskedKind('Vice Chair Tran [3]', 'Who chaired the meeting?')).toBe(true);
    expect(givesAskedKind('Cate', 'Who won the pool competition?')).toBe(true);
    expect(givesAskedKind('Der Vorstand', 'Wer beruft die Versammlung ein?')).toBe(true);
  });

  it('judges no other question', () => {
    expect(givesAskedKind('7 MB', 'Wie viel Speicherplatz hat ein Postfach?')).toBe(true);
    expect(givesAskedKind('1,000 times slower', 'How much slower are asymmetric algorithms?')).toBe(true);
    expect(givesAskedKind('green', 'What colour is the logo?')).toBe(true);
  });
});
