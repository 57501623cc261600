import { describe, expect, it } from 'vitest';
import { contextPassage } from '../../test/support/answer/context-passage.ts';
import { answerKind, carriesAnswer } from './answer-cues.ts';
import { defaultMinimumEvidence, extractiveAnswer } from './extractive-answer.ts';
import { quoteCandidates } from './quote-candidates.ts';

/** Passage [n] with the given pages; each page's `rank` is its place in the ranking (0 = best). */
const passage = (n: number, pageTexts: Array<{ page: number; text: string; rank: number }>) => contextPassage(n, pageTexts);
const page = (page: number, rank: number, text: string) => ({ page, rank, text });

const revenueTable = [
  'Consolidated results',
  '| | 2023 | 2022 |',
  '|---|---|---|',
  '| Revenues | $51,217 | $46,710 |',
  '| Net income | $9,000 | $8,000 |',
].join('\n');

describe('extractiveAnswer', () => {
  it('leads with the sentence that carries the count asked for, over a better-ranked one that only repeats the words', () => {
    const passages = [
      passage(1, [page(3, 0, 'The company thanks all employees for their commitment.')]),
      passage(2, [page(7, 1, 'The company had approximately 83,700 employees worldwide.')]),
    ];
    const answer = extractiveAnswer(['How many employees does the company have?'], passages);
    expect(answer.text).toBe(
      '“The company had approximately 83,700 employees worldwide.” [2]\n\n- “The company thanks all employees for their commitment.” [1]',
    );
    expect(answer.grounded).toBe(true);
    // Full coverage on the page ranked 1, plus the answer-kind bonus: 1 / 1.3 + 0.3.
    expect(answer.evidence).toBeCloseTo(1 / 1.3 + 0.3, 6);
  });

  it('matches a question’s acronym that is also a function word only where the quote writes it so', () => {
    const passages = [passage(1, [page(17, 0, 'Share of adults who trust information from the European Union: 45%. The WHO is trusted by 62% of adults.')])];
    const answer = extractiveAnswer(['How many adults trust the WHO?'], passages);
    expect(answer.quotes[0].text).toBe('The WHO is trusted by 62% of adults.');
  });

  it('quotes the page a question names when it asks nothing else of it', () => {
    const passages = [
      passage(1, [page(3, 0, 'Monthly churn fell to 1.8% after the loyalty launch. Retention rose to 91%.')]),
      passage(2, [page(4, 1, 'The programme expands next year.')]),
    ];
    const answer = extractiveAnswer(['What is on slide 4?'], passages);
    expect(answer.text).toBe('“Monthly churn fell to 1.8% after the loyalty launch.” [1]\n\n- “Retention rose to 91%.” [1]');
    expect(answer.grounded).toBe(true);
    // A question that asks something of the page is answered by its words, as any other.
    expect(extractiveAnswer(['What is the revenue on slide 4?'], passages).grounded).toBe(false);
  });

  it('quotes a table row with its header, the row label first when the header starts empty', () => {
    const answer = extractiveAnswer(['What was the revenue in 2023?'], [passage(1, [page(12, 0, revenueTable)])]);
    expect(answer.text).toBe('Table row: Revenues — 2023: $51,217; 2022: $46,710 [1]');
    expect(answer.grounded).toBe(true);
  });

  it('reads a table under its caption and a header of several rows, and names its columns by the last', () => {
    const growth = [
      'TABLE 4: STATE-WISE DECADAL GROWTH RATE OF POPULATION',
      '|  |  |  | (Per cent) |',
      '| --- | --- | --- | --- |',
      '| States/Union Territories | 1951-1961 | 1961-1971 | 2001-2011 |',
      '| Andhra Pradesh | 15.65 | 20.90 | 11.10 |',
      '| Chandigarh | 394.13 | 114.59 | 17.10 |',
      '| Goa | 7.77 | 34.77 | 8.17 |',
    ].join('\n');
    const answer = extractiveAnswer(['What growth rate does the table show for Chandigarh in 1951-1961?'], [passage(1, [page(1, 0, growth)])]);
    expect(answer.quotes[0].text).toBe('States/Union Territories: Chandigarh; 1951-1961: 394.13; 1961-1971: 114.59; 2001-2011: 17.10');

    const schooling = [
      '|  |  | SCHOOLING STATUS |  |',
      '| --- | --- | --- | --- |',
      '|  | Children currently | attending school (%) |  |',
      '| District | Person | Male | Female |',
      '| 1 | 2 | 3 | 4 |',
      '| Barpeta | 88.8 | 85.6 | 92.3 |',
      '| Dhemaji | 92.9 | 92.5 | 93.4 |',
      '| Goalpara | 87.2 | 82.9 | 92.0 |',
    ].join('\n');
    const girls = extractiveAnswer(['What share of girls in Dhemaji are currently attending school?'], [passage(1, [page(1, 0, schooling)])]);
    expect(girls.quotes[0].text).toBe('District: Dhemaji; Person: 92.9; Male: 92.5; Female: 93.4');
    // The header rows are no body rows of their own.
    expect(quoteCandidates([passage(1, [page(1, 0, schooling)])]).map(candidate => candidate.text)).toEqual([
      'District: Barpeta; Person: 88.8; Male: 85.6; Female: 92.3',
      'District: Dhemaji; Person: 92.9; Male: 92.5; Female: 93.4',
      'District: Goalpara; Person: 87.2; Male: 82.9; Female: 92.0',
    ]);
  });

  it('reads a row of years under a title spread over the first row as the header', () => {
    const rates = [
      '| FULL RATE PRSI |  |  |  | SINGLE |',
      '| --- | --- | --- | --- | --- |',
      '| € | 1997 | 1998 | 2006 | 2007 |',
      '| 30,000 | 37.1% | 34.8% | 14.7% | 13.4% |',
      '| 40,000 | 40.6% | 38.4% | 21.9% | 19.7% |',
      '| 60,000 | 43.9% | 41.8% | 29.8% | 28.1% |',
    ].join('\n');
    expect(quoteCandidates([passage(1, [page(1, 0, rates)])]).map(candidate => candidate.text)).toEqual([
      '€: 30,000; 1997: 37.1%; 1998: 34.8%; 2006: 14.7%; 2007: 13.4%',
      '€: 40,000; 1997: 40.6%; 1998: 38.4%; 2006: 21.9%; 2007: 19.7%',
      '€: 60,000; 1997: 43.9%; 1998: 41.8%; 2006: 29.8%; 2007: 28.1%',
    ]);
  });

  it('matches a number of the question with thousands written out or shortened to the row that states it', () => {
    const rates = ['| € | 1997 | 2007 |', '| --- | --- | --- |', '| 15,000 | 23.0% | 0.0% |', '| 40,000 | 40.6% | 19.7% |', '| 120,000 | 47.1% | 35.7% |'].join(
      '\n',
    );
    const passages = [passage(1, [page(1, 0, rates)])];
    expect(extractiveAnswer(['What was the average tax rate on €120,000 in 1997?'], passages).quotes[0].text).toBe('€: 120,000; 1997: 47.1%; 2007: 35.7%');
    expect(extractiveAnswer(['Average tax rate on 40k in 2007?'], passages).quotes[0].text).toBe('€: 40,000; 1997: 40.6%; 2007: 19.7%');
    // Grouped the German way, the question's number is read as the row's is.
    const german = ['| € | 2007 |', '| --- | --- |', '| 150.000 | 20,1% |', '| 1.500.000 | 41,3% |', '| 15.000.000 | 44,9% |'].join('\n');
    expect(extractiveAnswer(['Steuersatz bei 1.500.000 € im Jahr 2007?'], [passage(1, [page(1, 0, german)])], { language: 'de' }).quotes[0].text).toBe(
      '€: 1.500.000; 2007: 41,3%',
    );
  });

  it('reads the rows of a block stacked under its header printed again with the header above them, and its period', () => {
    const segments = [
      '| In millions of CHF |  |  | January–June 2023 |',
      '| --- | --- | --- | --- |',
      '|  | Sales | Trading operating profit | Depreciation |',
      '| Zone EUR | 9,467 | 1,373 | (414) |',
      '| Nespresso | 3,128 | 672 | (135) |',
      '| Total | 46,293 | 7,351 | (1,722) |',
      '| In millions of CHF |  |  | January–June 2022 |',
      '|  | Sales | Trading operating profit | Depreciation |',
      '| Zone EUR | 9,283 | 1,494 | (411) |',
      '| Nespresso | 3,190 | 757 | (143) |',
      '| Total | 45,580 | 6,684 | (1,756) |',
    ].join('\n');
    const candidates = quoteCandidates([passage(1, [page(1, 0, segments)])]);
    // The header printed again is no row of figures.
    expect(candidates.map(candidate => candidate.text)).toHaveLength(6);
    const answer = extractiveAnswer(['What was the trading operating profit of Nespresso in January–June 2022?'], [passage(1, [page(1, 0, segments)])]);
    expect(answer.quotes[0].text).toBe('January–June 2022 — In millions of CHF: Nespresso; Sales: 3,190; Trading operating profit: 757; Depreciation: (143)');
  });

  it('names each column by its lowest header cell', () => {
    const ledger = [
      '| DOCUMENT NO. | DATE POSTED | SERVICE DATES |  | AMOUNT ($) |',
      '| --- | --- | --- | --- | --- |',
      '|  |  | START | END |  |',
      '| DHAW0001 | 05/03/2019 | 03/04/2019 | 03/06/2019 | 920.68 |',
      '| DHAW0031 | 05/28/2019 | 05/10/2019 | 05/11/2019 | 618.00 |',
      '| DHAW0040 | 06/13/2019 | 06/01/2019 | 06/02/2019 | 210.40 |',
    ].join('\n');
    expect(quoteCandidates([passage(1, [page(1, 0, ledger)])])[1].text).toBe(
      'DOCUMENT NO.: DHAW0031; DATE POSTED: 05/28/2019; START: 05/10/2019; END: 05/11/2019; AMOUNT ($): 618.00',
    );
  });

  it('keeps a table of words to its first header row', () => {
    const checklist = [
      '| Feature | Action | Checks |',
      '| --- | --- | --- |',
      '| Headings | Use styles | none |',
      '| Links | Describe them | see 4.2 |',
      '| Tables | Mark headers | 3 |',
      '| Images | Add alt text | 2 |',
    ].join('\n');
    expect(quoteCandidates([passage(1, [page(1, 0, checklist)])]).map(candidate => candidate.text)[0]).toBe(
      'Feature: Headings; Action: Use styles; Checks: none',
    );
  });

  it('takes no evidence from a Dutch question’s small words that English text writes as names', () => {
    const passages = [passage(1, [page(2, 0, 'Legal Division: Mark E. Van Der Weide, Assistant Secretary.')])];
    const answer = extractiveAnswer(['Welk voorbeeld van een geavanceerde analyse noemt de tekst?'], passages, { language: 'nl' });
    expect(answer.grounded).toBe(false);
  });

  it('leads with the row its own label names when the header gives every row the question’s words', () => {
    const taxTable = [
      '| The effective income tax rate was as follows: | Quarter ended December 28, 2024 | December 30, 2023 |',
      '| --- | --- | --- |',
      '| Income before income taxes | $3,660 | 2,871 |',
      '| Effective income tax rate | 27.8 % | 25.1 % |',
    ].join('\n');
    const answer = extractiveAnswer(['What was the effective income tax rate for the quarter?'], [passage(1, [page(10, 0, taxTable)])]);
    expect(answer.quotes[0].text).toContain('27.8 %');
  });

  it('leads with the row that says least besides the question’s words, of rows that tie', () => {
    const sheet = ['Balance sheet', '| | April 1, 2023 |', '|---|---|', '| Total current assets | 112,913 |', '| Total assets | 332,160 |'].join('\n');
    const answer = extractiveAnswer(['What were total assets as of April 1, 2023?'], [passage(1, [page(2, 0, sheet)])]);
    expect(answer.quotes[0]?.text).toBe('Total assets — April 1, 2023: 332,160');
  });

  it('grounds a German question in a German page', () => {
    const answer = extractiveAnswer(['Welche Farben hat die Bundesflagge?'], [passage(1, [page(2, 0, 'Die Bundesflagge ist schwarz-rot-gold.')])], {
      language: 'de',
    });
    expect(answer.grounded).toBe(true);
    expect(answer.text).toBe('“Die Bundesflagge ist schwarz-rot-gold.” [1]');
  });

  it('matches a question word inside a compound of the text only in a compounding language', () => {
    const passages = [passage(1, [page(2, 0, 'Die Bundesflagge ist schwarz-rot-gold.')])];
    const question = ['Wie sieht die Flagge aus?'];
    const german = extractiveAnswer(question, passages, { language: 'de' });
    expect(german.grounded).toBe(true);
    expect(german.text).toBe('“Die Bundesflagge ist schwarz-rot-gold.” [1]');
    expect(extractiveAnswer(question, passages, { language: 'en' })).toEqual({ text: '', quotes: [], grounded: false, evidence: 0, scored: [] });
  });

  it('gives at most three quotes, preferring supporting quotes from other pages', () => {
    const passages = [
      passage(1, [
        page(
          4,
          0,
          'The board sets the dividend policy each year. The board reviews the dividend policy in March. The board published the dividend policy online.',
        ),
      ]),
      passage(2, [page(8, 1, 'Our dividend policy was confirmed by the board in 2020.')]),
      passage(3, [page(9, 2, 'The board keeps the dividend policy unchanged.')]),
    ];
    const question = ['What is the dividend policy of the board?'];
    expect(extractiveAnswer(question, passages).text).toBe(
      [
        '“The board sets the dividend policy each year.” [1]',
        '',
        '- “Our dividend policy was confirmed by the board in 2020.” [2]',
        '- “The board keeps the dividend policy unchanged.” [3]',
      ].join('\n'),
    );
    // Without the same-page penalty and the anchor pages, the lead's own page supplies the support.
    expect(extractiveAnswer(question, passages, { samePagePenalty: 1, anchorPages: 0 }).text).toBe(
      [
        '“The board sets the dividend policy each year.” [1]',
        '',
        '- “The board reviews the dividend policy in March.” [1]',
        '- “The board published the dividend policy online.” [1]',
      ].join('\n'),
    );
  });

  it('quotes the best match of each of the three best-ranked pages, when it holds enough of the question', () => {
    const passages = [
      passage(1, [page(2, 0, 'Rotterdam logistics are described on later pages.')]),
      passage(2, [page(5, 1, 'Nothing here but the weather report.')]),
      passage(3, [page(9, 2, 'The Rotterdam office employs 1,240 people in logistics.')]),
      passage(4, [page(11, 3, 'The Rotterdam office people like logistics too.')]),
      passage(5, [page(12, 4, 'Logistics people at the Rotterdam office work shifts.')]),
    ];
    const question = ['How many people work in the Rotterdam office logistics team?'];
    const anchored = extractiveAnswer(question, passages).text.split('\n').filter(Boolean);
    expect(anchored).toEqual([
      '“The Rotterdam office employs 1,240 people in logistics.” [3]',
      // The best-ranked page is quoted although lower-ranked pages match more of the question; the
      // page that shares nothing with the question is not.
      '- “Rotterdam logistics are described on later pages.” [1]',
      '- “Logistics people at the Rotterdam office work shifts.” [5]',
    ]);
    expect(extractiveAnswer(question, passages, { anchorPages: 0 }).text).not.toContain('[1]');
  });

  it('quotes the best-ranked page, and every anchor page of a question that points at pages, even when none of its words match', () => {
    const passages = [
      passage(1, [page(1, 0, 'Florida Department of Health')]),
      passage(2, [page(5, 1, 'Chart 4 shows the head count by site.')]),
      passage(3, [page(9, 2, 'The Rotterdam office employs 1,240 people in logistics.')]),
    ];
    const lines = (question: string) => extractiveAnswer([question], passages).text.split('\n').filter(Boolean);
    expect(lines('How many people work in the Rotterdam office?')).toEqual([
      '“The Rotterdam office employs 1,240 people in logistics.” [3]',
      '- “Florida Department of Health” [1]',
    ]);
    expect(lines('How many people work in the Rotterdam office, as the chart on page 5 shows?')).toEqual([
      '“The Rotterdam office employs 1,240 people in logistics.” [3]',
      '- “Florida Department of Health” [1]',
      '- “Chart 4 shows the head count by site.” [2]',
    ]);
  });

  it('does not repeat a quote that another page says word for word', () => {
    const passages = [
      passage(1, [page(4, 0, 'The dividend policy pays half of earnings.')]),
      passage(2, [page(9, 1, 'The dividend policy pays half of earnings!')]),
    ];
    expect(extractiveAnswer(['What is the dividend policy?'], passages).text).toBe('“The dividend policy pays half of earnings.” [1]');
  });

  it('quotes a dated heading for when, and no heading for another question', () => {
    const passages = [
      { ...passage(1, [page(1, 0, 'Timetable subject to change without notice.')]), titlePath: ['Weekend schedule', 'EFFECTIVE September 12, 2022'] },
    ];
    expect(extractiveAnswer(['Since when is the weekend timetable effective?'], passages).quotes[0]?.text).toBe('EFFECTIVE September 12, 2022');
    expect(extractiveAnswer(['Which weekend timetable is effective?'], passages).quotes.map(quote => quote.text)).not.toContain('EFFECTIVE September 12, 2022');
  });

  it('is not grounded when the question shares no words with the context', () => {
    const passages = [passage(1, [page(1, 0, 'The company had approximately 83,700 employees worldwide.')])];
    expect(extractiveAnswer(['Which river flows through Vienna?'], passages)).toEqual({ text: '', quotes: [], grounded: false, evidence: 0, scored: [] });
    expect(extractiveAnswer(['What is it?'], passages)).toEqual({ text: '', quotes: [], grounded: false, evidence: 0, scored: [] });
    expect(extractiveAnswer(['How many employees?'], [])).toEqual({ text: '', quotes: [], grounded: false, evidence: 0, scored: [] });
  });

  it('raises the bar for a weak match with `minimumEvidence`', () => {
    const passages = [passage(1, [page(2, 0, 'Die Bundesflagge ist schwarz-rot-gold.')])];
    const question = ['Welche Farben hat die Bundesflagge?'];
    const weak = extractiveAnswer(question, passages, { language: 'de' });
    expect(weak.evidence).toBeGreaterThanOrEqual(defaultMinimumEvidence);
    expect(weak.evidence).toBeLessThan(0.5);
    const strict = extractiveAnswer(question, passages, { language: 'de', minimumEvidence: 0.5 });
    expect(strict.grounded).toBe(false);
    expect(strict.evidence).toBe(weak.evidence);
  });

  it('quotes but does not ground a match below the default minimum evidence, unless the bar is lowered', () => {
    const passages = [passage(1, [page(6, 2, 'The annual report lists every office of the group.')])];
    const question = ['Which rivers, mountains, lakes, forests, deserts, glaciers, islands and beaches surround the offices?'];
    const weak = extractiveAnswer(question, passages);
    expect(weak.text).toBe('“The annual report lists every office of the group.” [1]');
    expect(weak.evidence).toBeGreaterThan(0);
    expect(weak.evidence).toBeLessThan(defaultMinimumEvidence);
    expect(weak.grounded).toBe(false);
    expect(extractiveAnswer(question, passages, { minimumEvidence: 0.01 }).grounded).toBe(true);
  });

  it('gives the name bonus of a "who" question only for a name the question does not already say', () => {
    const passages = [passage(1, [page(3, 0, 'Every year Acme chairs a charity gala.')]), passage(2, [page(7, 1, 'The board says Maria Lopez chairs Acme.')])];
    const answer = extractiveAnswer(['Who chairs Acme?'], passages);
    expect(answer.text.split('\n')[0]).toBe('“The board says Maria Lopez chairs Acme.” [2]');
    expect(carriesAnswer('name', 'Every year Zürich hosts it.', new Set(['zurich']))).toBe(false);
  });

  it('lowers a quote by the rank of its page', () => {
    const passages = [passage(1, [page(5, 3, 'The dividend policy pays half of earnings.')])];
    expect(extractiveAnswer(['What is the dividend policy?'], passages).evidence).toBeCloseTo(1 / (1 + 0.3 * 3), 6);
    expect(extractiveAnswer(['What is the dividend policy?'], passages, { rankDecay: 0 }).evidence).toBeCloseTo(1, 6);
  });
});

describe('quoteCandidates', () => {
  it('splits prose into sentences of at least 20 characters and reads table rows with their header', () => {
    const candidates = quoteCandidates([
      passage(1, [
        page(3, 0, 'Short one. The second sentence is long enough. "Quoted text starts here too."'),
        page(4, 2, '| Year | Revenue |\n| --- | --- |\n| 2023 | 51,217 |\n|  |  |'),
      ]),
    ]);
    expect(candidates).toEqual([
      {
        n: 1,
        page: 3,
        pageRank: 0,
        text: 'The second sentence is long enough.',
        matchText: 'The second sentence is long enough.',
        source: 'The second sentence is long enough.',
        kind: 'sentence',
        order: 0,
      },
      {
        n: 1,
        page: 3,
        pageRank: 0,
        text: '"Quoted text starts here too."',
        matchText: '"Quoted text starts here too."',
        source: '"Quoted text starts here too."',
        kind: 'sentence',
        order: 1,
      },
      {
        n: 1,
        page: 4,
        pageRank: 2,
        text: 'Year: 2023; Revenue: 51,217',
        matchText: 'Year Revenue 2023 51,217',
        source: '| 2023 | 51,217 |',
        kind: 'table-row',
        order: 2,
      },
    ]);
  });

  it('labels rows by their first cell when the header leaves it empty', () => {
    expect(quoteCandidates([passage(1, [page(12, 0, revenueTable)])]).map(candidate => [candidate.kind, candidate.text])).toEqual([
      ['sentence', 'Consolidated results'],
      ['table-row', 'Revenues — 2023: $51,217; 2022: $46,710'],
      ['table-row', 'Net income — 2023: $9,000; 2022: $8,000'],
    ]);
  });

  it('quotes short lines in a row together, a few at most, so a cover’s name stands with its title', () => {
    const cover = ['Florida Department of Health', 'Strategic Plan', '2016-2018', 'Rick Scott', 'GOVERNOR', 'Celeste Philip', 'Surgeon General'].join('\n');
    expect(quoteCandidates([passage(1, [page(1, 0, cover)])]).map(candidate => candidate.text)).toEqual([
      'Florida Department of Health',
      'Strategic Plan 2016-2018 Rick Scott GOVERNOR',
      'Celeste Philip Surgeon General',
    ]);
    const answer = extractiveAnswer(['What is the name of the governor on the cover?'], [passage(1, [page(1, 0, cover)])]);
    expect(answer.quotes[0].text).toContain('Rick Scott GOVERNOR');
  });

  it('quotes a label with the value on the line under it, not with the next label', () => {
    const slide = ['Average number of days to fill*:', '', '55.5', '', 'Analysis:', '', 'Number of vacancies filled by the agency:', 'Analysis:', '19'].join(
      '\n',
    );
    expect(quoteCandidates([passage(1, [page(7, 0, slide)])]).map(candidate => candidate.text)).toEqual([
      'Average number of days to fill*: 55.5',
      'Number of vacancies filled by the agency:',
    ]);
  });

  it('quotes a short label with the line under it, not with the short lines before it', () => {
    const menu = ['p.P. 11,80€', '', 'ab 6 Personen:', '', '„Döppcheskooche“ mit Apfelmus', '', 'Eifler Spießbraten in Zwiebelsoße Pommes frites'].join('\n');
    expect(quoteCandidates([passage(1, [page(8, 0, menu)])]).map(candidate => candidate.text)).toEqual([
      'ab 6 Personen: „Döppcheskooche“ mit Apfelmus',
      'Eifler Spießbraten in Zwiebelsoße Pommes frites',
    ]);
  });

  it('quotes a short value with the title under it, not alone', () => {
    const cover = [
      'October 15, 2007',
      '',
      'Washington State Department of Veterans Affairs',
      '',
      'The agency serves veterans and their families in every county.',
    ].join('\n');
    expect(quoteCandidates([passage(1, [page(1, 0, cover)])]).map(candidate => candidate.text)).toEqual([
      'October 15, 2007 Washington State Department of Veterans Affairs',
      'The agency serves veterans and their families in every county.',
    ]);
  });

  it('quotes a short name with the role under it, so the role does not stand without the person', () => {
    const board = ['Jerome H. Powell', '', 'Chair', '', 'Philip N. Jefferson', '', 'Vice Chair (as of September 13, 2023)', '', 'Michael S. Barr'].join('\n');
    expect(quoteCandidates([passage(1, [page(109, 0, board)])]).map(candidate => candidate.text)).toEqual([
      'Jerome H. Powell Chair',
      'Philip N. Jefferson Vice Chair (as of September 13, 2023)',
    ]);
  });

  it('keeps a title with the name after it in one sentence', () => {
    const preface =
      'Die Struktur dieses Skripts basiert auf der Vorlesung von Herrn Prof. Dr. Herrlich. Mr. Smith and Mrs. Jones read it first. Die Übungen stellte Fr. Lenz.';
    expect(quoteCandidates([passage(1, [page(2, 0, preface)])]).map(candidate => candidate.text)).toEqual([
      'Die Struktur dieses Skripts basiert auf der Vorlesung von Herrn Prof. Dr. Herrlich.',
      'Mr. Smith and Mrs. Jones read it first.',
      'Die Übungen stellte Fr. Lenz.',
    ]);
  });

  it('reads a page or figure number after its abbreviation as part of the sentence, and a figure’s label apart', () => {
    const slide = ['Known quantity', 'Daily update', '[Figure, p. 33] ', 'Search', 'Catalog', 'As Fig. 4 shows on p. 12, the catalog is updated daily.'].join(
      '\n',
    );
    expect(quoteCandidates([passage(1, [page(33, 0, slide)])]).map(candidate => candidate.text)).toEqual([
      'Known quantity Daily update',
      '[Figure, p. 33] Search Catalog',
      'As Fig. 4 shows on p. 12, the catalog is updated daily.',
    ]);
  });

  it('joins short lines left over after a group of short lines to it, instead of dropping them', () => {
    const stats = [
      'Joining our team, you will audit the world’s leading companies.',
      '[Figure, p. 7] ',
      'Offices',
      '20',
      'Countries',
      '12',
      'Employees',
      '1914',
      '7',
    ];
    expect(quoteCandidates([passage(1, [page(7, 0, stats.join('\n'))])]).map(candidate => candidate.text)).toEqual([
      'Joining our team, you will audit the world’s leading companies.',
      '[Figure, p. 7] Offices 20 Countries 12 Employees 1914 7',
    ]);
  });

  it('clips a very long sentence to about 400 characters', () => {
    const [candidate] = quoteCandidates([passage(1, [page(1, 0, `Long ${'word '.repeat(200)}end.`)])]);
    expect(candidate.text.length).toBeLessThanOrEqual(402);
    expect(candidate.text.endsWith(' …')).toBe(true);
    expect(candidate.source).toBe(`Long ${'word '.repeat(200)}end.`.replace(/\s+/gu, ' '));
  });
});

describe('answer cues', () => {
  it('reads the kind of answer from the question, in several languages', () => {
    expect(answerKind('How many employees does it have?')).toBe('count');
    expect(answerKind('Wie viele Mitarbeiter gibt es?')).toBe('count');
    // "wie viel" is how much; "hoeveel" is how much when it asks about money.
    expect(answerKind('Wie viel Euro Zuschuss gibt es pro kWp?')).toBe('amount');
    expect(answerKind('Hoeveel heeft het project gekost?')).toBe('amount');
    expect(answerKind('Hoeveel medewerkers heeft het bedrijf?')).toBe('count');
    expect(answerKind('What percentage of sales is online?')).toBe('percentage');
    expect(answerKind('How much did it cost?')).toBe('amount');
    expect(answerKind('What did they spend on insurance in FY19?')).toBe('amount');
    expect(answerKind('Was kostet die Miete fürs Vereinsheim?')).toBe('amount');
    expect(answerKind('Combien coûte le studio ?')).toBe('amount');
    expect(answerKind('When was the company founded?')).toBe('date');
    // A condition is no question for a date.
    expect(answerKind("How big is the deposit when you rent the club's clubhouse?")).toBe('number');
    expect(answerKind('Wie betaalt de borg wanneer je de zaal huurt?')).toBeUndefined();
    expect(answerKind('Op welke datum vond het overleg plaats?')).toBe('date');
    expect(answerKind("À quelle date l'accord a-t-il été signé ?")).toBe('date');
    expect(answerKind('An welchem Tag wurde der Vertrag unterschrieben?')).toBe('date');
    expect(answerKind('Who is the chief executive?')).toBe('name');
    expect(answerKind('How long is the bridge?')).toBe('number');
    expect(answerKind('What does NRC stand for?')).toBe('expansion');
    expect(answerKind('Waar staat NRC voor in de tutorial?')).toBe('expansion');
    expect(answerKind('Wofür steht BSI?')).toBe('expansion');
    expect(answerKind('Describe the strategy.')).toBeUndefined();
  });

  it('tells whether a sentence carries that kind of answer', () => {
    expect(carriesAnswer('count', 'It had 83,700 employees.', new Set())).toBe(true);
    // A year alone is not a count.
    expect(carriesAnswer('count', 'Employees were thanked in 2023.', new Set())).toBe(false);
    expect(carriesAnswer('percentage', 'Sales rose 12 % online.', new Set())).toBe(true);
    expect(carriesAnswer('percentage', 'Sales rose 12 points.', new Set())).toBe(false);
    expect(carriesAnswer('date', 'Founded in 1998.', new Set())).toBe(true);
    // Dutch and French months with a day, without a year.
    expect(carriesAnswer('date', 'Overleg van 27 maart, 10:00 uur.', new Set())).toBe(true);
    expect(carriesAnswer('date', 'Réunion du 3 février.', new Set())).toBe(true);
    expect(carriesAnswer('name', 'The chief executive is Jane Doe.', new Set(['chief']))).toBe(true);
    expect(carriesAnswer('name', 'Chief executive named.', new Set(['chief']))).toBe(false);
    // A number glued to a name is no count; a percentage is no amount; a table cell without a currency is.
    expect(carriesAnswer('count', 'Since the COVID-19 pandemic, staff worked from home.', new Set())).toBe(false);
    expect(carriesAnswer('amount', 'Revenues increased 17% for fiscal 2021.', new Set())).toBe(false);
    expect(carriesAnswer('amount', 'Region: South; 2023: 4,125', new Set())).toBe(true);
    expect(carriesAnswer('amount', 'Revenues were $44.5 billion.', new Set())).toBe(true);
    // An acronym the question asks about, spelt out; another acronym, or the one asked about only used, is no answer.
    expect(carriesAnswer('expansion', 'Notificatie Routering Component (NRC)', new Set(['nrc']))).toBe(true);
    expect(carriesAnswer('expansion', 'The NRC (Notificatie Routering Component) routes messages.', new Set(['nrc']))).toBe(true);
    expect(carriesAnswer('expansion', 'Zaakregistratiecomponent (ZRC)', new Set(['nrc']))).toBe(false);
    expect(carriesAnswer('expansion', 'POST http://<nrc-ip>:8004/api/v1/notificaties', new Set(['nrc']))).toBe(false);
  });
});
