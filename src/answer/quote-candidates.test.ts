import { describe, expect, it } from 'vitest';
import { contextPassage } from '../../test/support/answer/context-passage.ts';
import { quoteCandidates } from './quote-candidates.ts';

describe('quoteCandidates', () => {
  it("quotes a field's value read as a section of its own with the heading that labels it", () => {
    const field = { ...contextPassage(1, [{ page: 1, text: 'PO-3333' }]), titlePath: ['INVOICE', 'P.O. NUMBER'] };
    const prose = { ...contextPassage(2, [{ page: 1, text: 'Payment is due within thirty days of the invoice date.' }]), titlePath: ['TERMS'] };
    // A value holds a digit: a statement's title over its company's name is no field.
    const company = { ...contextPassage(3, [{ page: 2, text: 'NIKE, INC.' }]), titlePath: ['CONSOLIDATED BALANCE SHEETS'] };
    expect(quoteCandidates([field, prose, company]).map(quote => [quote.text, quote.source])).toEqual([
      ['P.O. NUMBER: PO-3333', 'PO-3333'],
      ['Payment is due within thirty days of the invoice date.', 'Payment is due within thirty days of the invoice date.'],
    ]);
  });

  it('quotes a label read as a heading, ending with a colon, with the first line under it', () => {
    const label = {
      ...contextPassage(1, [{ page: 1, text: 'Lbs.\n\nPrimary Care Provider Name: _______ Vaccine requested: _______' }]),
      titlePath: ['Informed Consent', 'Enter weight IF LESS than 66 pounds:'],
    };
    expect(quoteCandidates([label]).map(quote => [quote.text, quote.source])[0]).toEqual(['Enter weight IF LESS than 66 pounds: Lbs.', 'Lbs.']);
    // A heading that is no label is not quoted.
    const heading = { ...label, titlePath: ['Informed Consent', 'Screening'] };
    expect(quoteCandidates([heading]).map(quote => quote.text)).not.toContain('Screening Lbs.');
  });

  it('quotes a heading that spells out an acronym, as a sentence that defines it would', () => {
    const body = 'Een component moet een bericht kunnen sturen die andere componenten kunnen ontvangen.';
    const defining = { ...contextPassage(1, [{ page: 3, text: body }]), titlePath: ['Notificaties', 'Notificatie Routering Component (NRC)'] };
    expect(quoteCandidates([defining]).map(quote => [quote.text, quote.answersOnly])).toEqual([
      ['Notificatie Routering Component (NRC)', 'expansion'],
      [body, undefined],
    ]);
    // Brackets that are no acronym of the words before them ("(2023)", "(API)" after other words) are not quoted.
    for (const title of ['Annual Report (2023)', 'Notificatie Component (API)', 'Routering Component (NRC)']) {
      expect(quoteCandidates([{ ...defining, titlePath: [title] }]).map(quote => quote.text)).toEqual([body]);
    }
  });

  it('quotes a heading that is a dated statement, for a date, as the line it is', () => {
    const body = 'Timetable subject to change without notice.';
    const dated = { ...contextPassage(1, [{ page: 1, text: body }]), titlePath: ['Caltrain Schedule', 'EFFECTIVE September 12, 2022'] };
    expect(quoteCandidates([dated]).map(quote => [quote.text, quote.answersOnly])).toEqual([
      ['EFFECTIVE September 12, 2022', 'date'],
      [body, undefined],
    ]);
    expect(quoteCandidates([{ ...dated, titlePath: ['Stand: 1. März 2024'] }])[0]?.answersOnly).toBe('date');
    // A year alone, or a number beside no month, dates nothing: such a heading is a title.
    for (const title of ['Annual Report 2023', 'Chapter 12 Maintenance', 'Fiscal 2022 results']) {
      expect(quoteCandidates([{ ...dated, titlePath: [title] }]).map(quote => quote.text)).toEqual([body]);
    }
  });

  it("quotes a form's line, its label and the leaders that run to its amount, as one", () => {
    const leaders = ' .'.repeat(30);
    const text = `7 c EX PE N S E S 16 45,094.\n\n17 Total expenses. Add lines 10 through 16${leaders} G 17 69,660. 18 Excess or (deficit) for the year${leaders} 18 7,926.`;
    expect(quoteCandidates([contextPassage(1, [{ page: 1, text }])]).map(quote => quote.text)).toEqual([
      '7 c EX PE N S E S 16 45,094.',
      `17 Total expenses. Add lines 10 through 16${leaders} G 17 69,660.`,
      `18 Excess or (deficit) for the year${leaders} 18 7,926.`,
    ]);
  });

  it("reads a table's rows with the first sentence of a long caption above it", () => {
    const caption =
      'Table 2: Summary of reasons why surveys were not completed at refuges in 2021. COVID-related restrictions were described as the primary reason that surveys were not completed under the Administrative and Weather categories, preventing a total of 54 surveys.';
    const text = `${caption}\n\n| Reason | n |\n| --- | --- |\n| Administrative | 47 |\n| Lack of refuge staff | 28 |`;
    const [row] = quoteCandidates([contextPassage(1, [{ page: 3, text }])]).filter(quote => quote.kind === 'table-row');
    expect(row.text).toBe('Reason: Administrative; n: 47');
    expect(row.matchText).toContain('Table 2: Summary of reasons why surveys were not completed at refuges in 2021.');
    expect(row.matchText).not.toContain('COVID');
    // A long paragraph before a table is no caption: none of it is the rows' title.
    const paragraph = caption.replace('Table 2: Summary', 'In short, a summary');
    const [plain] = quoteCandidates([contextPassage(1, [{ page: 3, text: text.replace(caption, paragraph) }])]).filter(quote => quote.kind === 'table-row');
    expect(plain.matchText).not.toContain('summary');
  });

  it('reads a row of a budget with the groups it stands under', () => {
    const text = [
      '| Column # | Account | ACCT TYPE | ACCT FUNCTION | FY25 ACTUAL | FY26 PROPOSED |',
      '| --- | --- | --- | --- | --- | --- |',
      '| 20 |  |  | TOTAL | $76,473 | $83,194 |',
      '| 21 | Town Admin - 129 |  |  |  |  |',
      '| 22 |  | Personnel |  |  |  |',
      '| 23 |  |  | Salary | $112,200 | $115,566 |',
    ].join('\n');
    const rows = quoteCandidates([contextPassage(1, [{ page: 1, text }])]).filter(quote => quote.kind === 'table-row');
    const salary = rows.find(row => row.text.includes('Salary'))!;
    expect(salary.text).toBe('Town Admin - 129 › Personnel — Column #: 23; ACCT FUNCTION: Salary; FY25 ACTUAL: $112,200; FY26 PROPOSED: $115,566');
    expect(salary.matchText).toContain('Town Admin - 129 › Personnel');
    expect(rows.find(row => row.text.includes('TOTAL'))!.text).toBe('Column #: 20; ACCT FUNCTION: TOTAL; FY25 ACTUAL: $76,473; FY26 PROPOSED: $83,194');
  });

  it('quotes no row that is only a label over the rows of values under it', () => {
    const text = [
      '| 2022 |  |  |',
      '| --- | --- | --- |',
      '| Gemiddelde leeftijd | 41,6 jaar |  |',
      '| In-/uitstroom medewerkers | Instroom: 45 | Uitstroom: 30 |',
      '| Ziekteverzuim: |  |  |',
      '| Verzuimpercentage | 6,4% |  |',
      '| Kort (1-7 dagen) | 0,9% |  |',
    ].join('\n');
    const rows = quoteCandidates([contextPassage(1, [{ page: 1, text }])]).filter(quote => quote.kind === 'table-row');
    expect(rows.map(row => row.text)).toEqual([
      '2022: Gemiddelde leeftijd; 41,6 jaar',
      '2022: In-/uitstroom medewerkers; Instroom: 45; Uitstroom: 30',
      'Ziekteverzuim: — 2022: Verzuimpercentage; 6,4%',
      'Ziekteverzuim: — 2022: Kort (1-7 dagen); 0,9%',
    ]);
  });

  it('quotes an item of a nested list with the short item it stands under', () => {
    const text = [
      '• Pre-COVID baseline was flat',
      '– Quarterly rate sat around 4 per 100,000 from',
      '2016 through early 2020',
      '• Level shift at 2020 Q2',
      '– About +5.5 per 100,000 per quarter (95% CI +3.6 to +7.4)',
      '• The rate roughly doubled after the cutoff, as the figure below shows.',
      '– Equivalent to a rate ratio of 2.4',
    ].join('\n');
    const quotes = quoteCandidates([contextPassage(1, [{ page: 7, text }])]);
    const shift = quotes.find(quote => quote.source.startsWith('– About'))!;
    expect(shift.text).toBe('Level shift at 2020 Q2 › About +5.5 per 100,000 per quarter (95% CI +3.6 to +7.4)');
    expect(shift.matchText).toBe(shift.text);
    expect(quotes.find(quote => quote.source.startsWith('– Quarterly'))!.text).toMatch(/^Pre-COVID baseline was flat › Quarterly/u);
    // A sentence is no label: the items under it stand alone.
    expect(quotes.find(quote => quote.source.startsWith('– Equivalent'))!.text).toBe('– Equivalent to a rate ratio of 2.4');
  });
});
