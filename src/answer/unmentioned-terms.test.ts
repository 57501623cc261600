import { describe, expect, it } from 'vitest';
import { pageRecords, termPairs } from '../store/page-records.ts';
import type { IndexUnit } from '../store/types.ts';
import { withinEdits } from '../text/edit-distance.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import { keyTerms, missingFrom, passagesOf, withoutInstructions, type DocumentWords } from './unmentioned-terms.ts';

const space = 'web:a' as SpaceId;

/** One document, one string per page (the last page is the page count), read as its page records say. */
function documentOf(pages: string[], titles: string[] = []): DocumentWords {
  const records = pageRecords(reportUnits(pages, titles), {});
  const held = new Set(records.flatMap(record => [...record.terms, ...termPairs(record.terms)]));
  return {
    documentHolds: (_, term) => held.has(term),
    documentHoldsLike: (_, term, maxEdits) =>
      [...held].some(word => !word.includes(' ') && Math.abs(word.length - term.length) <= maxEdits && withinEdits(term, word, maxEdits)),
    pagesCaptioned: (_, key) => records.filter(record => record.captions.includes(key)).map(record => record.page),
    pagesNamed: () => [],
    lastPage: () => records.at(-1)?.page ?? 0,
  };
}

function reportUnits(pages: string[], titles: string[] = []): IndexUnit[] {
  return pages.map((text, offset) => ({
    id: `d1:0001:${offset + 1}:0`,
    space,
    documentId: 'd1',
    documentName: 'd1.pdf',
    nodeId: '0001',
    titlePath: titles[offset] ? [titles[offset]] : [],
    kind: 'section',
    page: offset + 1,
    part: 0,
    text,
  }));
}

const report = documentOf([
  'Netflix annual report 2015. Ibrahim Khan is the chief financial officer.',
  'Current liabilities grew. The EPS code CA03 covers the San Francisco Bay Area; 1,500 respondents.',
  'Figure 2: Revenue by region. Error 512 means low water.',
  'Table 1-1 Comparison between storage classes',
]);

/** The key terms of `question` that report.pdf does not hold, as "kind:text". */
const missing = (question: string, language = 'en') => missingFrom(keyTerms(question, { language }), 'd1', report).map(term => `${term.kind}:${term.text}`);

describe('keyTerms and missingFrom', () => {
  it('finds a name the document never mentions, and not one it does', () => {
    expect(missing('What is the position of Amy?')).toEqual(['name:Amy']);
    expect(missing('What is the position of Ibrahim?')).toEqual([]);
    expect(missing("What is the proportion confident in Lincoln's ability?")).toEqual(['name:Lincoln']);
  });

  it('reads a name without the lower-case words hyphenated to it, which say what it is', () => {
    expect(missing('Wat zegt het Netflix-jaarverslag over de schulden?', 'nl')).toEqual([]);
    expect(missing('Wat zegt het Disney-jaarverslag over de schulden?', 'nl')).toEqual(['name:Disney']);
    expect(missing('How did Netflix-related costs grow?')).toEqual([]);
  });

  it('reads no name from the first word of a sentence, an upper-case question or a language that capitalises nouns', () => {
    expect(keyTerms('Tell me what grew. Which liabilities grew?')).toEqual([]);
    expect(missing('WHAT IS THE LOGO COLOR?')).toEqual([]);
    expect(missing('Wie viele Urlaubstage gibt es?', 'de')).toEqual([]);
    expect(missing('Wie viele Urlaubstage gibt es?', 'en')).toEqual(['name:Urlaubstage']);
  });

  it('leaves out instructions, examples of the answer, fiscal periods, date formats and financial measures', () => {
    expect(withoutInstructions('How many? Please write the answer in list format, e.g., ["A","B"].')).not.toMatch(/write|A/u);
    expect(keyTerms('What is the date? Format the date as YYYY-MM-DD. Answer in USD.')).toEqual([]);
    expect(missing('What is EBITDA for Netflix in FY2015?')).toEqual([]);
    expect(missing('What is EBITDA for Netflix in FY2016?')).toEqual(['year:2016']);
  });

  it('still finds a misspelt name or one glued to a small word', () => {
    expect(missing('What is the revenue of Neflix?')).toEqual([]);
    expect(missing('What is the revenue of Netfilx?')).toEqual([]);
    expect(missing('What are the Current Liabilitiesfor Netflix?')).toEqual([]);
    // Short words must match exactly: one edit would make too many words alike.
    expect(missing('Who is Ibrahin Kahn?')).toEqual(['name:Kahn']);
  });

  it('looks for no name in Latin letters in a document written in another script, but for its numbers', () => {
    const korean = (question: string) => missingFrom(keyTerms(question), 'd1', report, 'ko').map(term => `${term.kind}:${term.text}`);
    expect(korean('How many confirmed cases does the Korean report cite for Korea?')).toEqual([]);
    expect(korean('What does error 288 mean in the Korean report?')).toEqual(['number:288']);
    expect(missingFrom(keyTerms('How do Arabic numerals differ in Lisbon?'), 'd1', report, 'en').map(term => term.text)).toEqual(['Arabic', 'Lisbon']);
  });

  it('does not ask a document for the name of the language it is written in', () => {
    const question = 'How big was the fine in the Dutch data protection authority’s 2022 annual report?';
    // A Dutch report says "Nederlandse"; an English one that never says "Dutch" does not answer about it.
    expect(missingFrom(keyTerms(question), 'd1', report, 'nl', 'en').map(term => term.text)).toEqual(['2022']);
    expect(missingFrom(keyTerms(question), 'd1', report, 'en', 'en').map(term => term.text)).toEqual(['2022', 'Dutch']);
  });

  it('does not ask for two capitals a document may write out, when it holds the question’s other names', () => {
    // "Highland County, Virginia" of a sheet of turnouts.
    expect(missing('How many votes did San Francisco CA cast?')).toEqual([]);
    expect(missing('How many votes did Highland County VA cast?')).toEqual(['name:Highland', 'name:County', 'name:VA']);
    expect(missing('What does the NJ rule say?')).toEqual(['name:NJ']);
  });

  it('does not ask a document in another language for the initials a question writes, but for its other names', () => {
    const french = (question: string) => missingFrom(keyTerms(question), 'd1', report, 'fr', 'en').map(term => `${term.kind}:${term.text}`);
    // The French invoice writes "TVA" for VAT.
    expect(french('What VAT rate applies on the French invoice?')).toEqual([]);
    expect(french('What did Lincoln pay on the French invoice?')).toEqual(['name:Lincoln']);
    expect(missingFrom(keyTerms('What VAT rate applies?'), 'd1', report, 'en', 'en').map(term => term.text)).toEqual(['VAT']);
  });

  it('finds a name in a document of another language as that language stems its pages', () => {
    const study = documentOf([
      'Le SRADDET de la Région PACA a été adopté le 26 juin 2019. Mitsubishi et Séranon sont cités.',
      'Le parc photovoltaïque au sol de la commune.',
    ]);
    const absent = (question: string, language: string) => missingFrom(keyTerms(question, { language }), 'd1', study, 'fr').map(term => term.text);
    expect(absent('When was the PACA SRADDET adopted, and did Mitsubishi take part?', 'en')).toEqual([]);
    expect(absent('Wanneer werd het PACA SRADDET aangenomen?', 'nl')).toEqual([]);
    expect(absent('When did Bretagne adopt its SRADDET?', 'en')).toEqual(['Bretagne']);
    // Without the document's language, its pages' "pac" is not the question's "paca".
    expect(missingFrom(keyTerms('When was the PACA SRADDET adopted?'), 'd1', study).map(term => term.text)).toEqual(['PACA']);
  });

  it('checks codes and numbers, in the forms the document writes them', () => {
    expect(missing('Which market is EPS code AR03?')).toEqual(['code:AR03']);
    expect(missing('Which market is EPS code CA03?')).toEqual([]);
    expect(missing('What does error 288 mean?')).toEqual(['number:288']);
    expect(missing('What does error 512 mean?')).toEqual([]);
    expect(missing('Which group of the 1500 respondents is largest?')).toEqual([]);
    // A number with the word for what it counts, in the question's language, needs the number only.
    expect(missing('Wie viele der 1500-köpfigen Stichprobe antworteten?', 'de')).toEqual([]);
    expect(missing('What do the 288-page rules say?')).toEqual(['number:288']);
    // An ordinal in another language's form is the one the document writes in its own.
    const meetings = documentOf(['RIL invites its shareholders to its 45th Annual General Meeting (AGM).']);
    const missingOrdinals = (question: string, language: string) => missingFrom(keyTerms(question, { language }), 'd1', meetings).map(term => term.text);
    expect(missingOrdinals('Wanneer wordt de 45e AGM gehouden?', 'nl')).toEqual([]);
    expect(missingOrdinals('Quand se tient la 45ème AGM ?', 'fr')).toEqual([]);
    expect(missingOrdinals('When is the 46th AGM?', 'en')).toEqual(['46th']);
    expect(missingOrdinals('Wanneer wordt de 46ste AGM gehouden?', 'nl')).toEqual(['46ste']);
    // A day of the month may be written as an ordinal ("15th March"); other numbers may not.
    const agenda = documentOf(['Committee meeting, 14.00, Tuesday 15th March, 2016. Braden was elected Chair. Room 15th floor.']);
    const missingDays = (question: string, language = 'en') => missingFrom(keyTerms(question, { language }), 'd1', agenda).map(term => term.text);
    expect(missingDays('Who chaired the meeting on 15 March 2016?')).toEqual([]);
    expect(missingDays('Who chaired the meeting on March 15?')).toEqual([]);
    expect(missingDays('Wer leitete die Sitzung am 15. März 2016?', 'de')).toEqual([]);
    expect(missingDays('Who chaired the meeting on 16 March 2016?')).toEqual(['16']);
    expect(missingDays('Who chaired meeting 15?')).toEqual(['15']);
    expect(keyTerms('What does the 10-K say?').map(term => term.kind)).toEqual(['code']);
    // A round amount with its order of magnitude is the number the document writes out.
    const rates = documentOf(['Average tax rate on annual earnings of 40,000 and 60 000: 19.7 and 24.1. Income of 1,500,000 (thousands: 120).']);
    const missingAmounts = (question: string) => missingFrom(keyTerms(question), 'd1', rates).map(term => term.text);
    expect(missingAmounts('What is the tax rate on 40k?')).toEqual([]);
    expect(missingAmounts('And on €60K or 1.5m, or 120k in thousands?')).toEqual([]);
    expect(missingAmounts('What is the tax rate on 80k?')).toEqual(['80k']);
    // A number grouped by thousands is named whole, as the question writes it.
    expect(missingAmounts('And on €80,000, or €60,000?')).toEqual(['80,000']);
    expect(missingAmounts('Who earns 1500000?')).toEqual([]);
    // Numbers of pages, sections and figures are checked as such, not as numbers the text states.
    expect(keyTerms('What does section 3.3 say on page 4?').map(term => term.kind)).toEqual(['page']);
  });

  it('needs a figure or table by its caption or mention, and a page the document has', () => {
    expect(missing('What is the title of Figure 2?')).toEqual([]);
    expect(missing('What is the title of Figure 7?')).toEqual(['caption:Figure 7']);
    expect(missing('What are the rows of Table1-1?')).toEqual([]);
    expect(missing('How many figures are in pages 100-120?')).toEqual(['page:page 100', 'page:page 120']);
    expect(missing('How many figures are on page 3?')).toEqual([]);
    // In a question's own language: the document calls it "Figure 2".
    expect(missing('Wat is de titel van Figuur 2?', 'nl')).toEqual([]);
    expect(missing('Wat is de titel van Figuur 7?', 'nl')).toEqual(['caption:Figure 7']);
  });

  it('reads a fiscal year of two digits as its year, held as "2015", "FY15" or "FY2015"', () => {
    expect(missing('What did Netflix spend in FY15?')).toEqual([]);
    expect(missing("What did Netflix spend in FY'16?")).toEqual(["year:FY'16"]);
    const budget = documentOf(['Police Chief Salary: FY24 ACTUAL $96,500; FY25 ACTUAL $98,430']);
    const absent = (question: string) => missingFrom(keyTerms(question), 'd1', budget).map(term => term.text);
    expect(absent('What was the FY24 actual Police Chief salary?')).toEqual([]);
    expect(absent('What was the FY23 actual Police Chief salary?')).toEqual(['FY23']);
  });

  it('takes a year from anywhere but a bracketed example of the answer', () => {
    expect(keyTerms("Which years does the chart show? List them like ['2006', '2007'].")).toEqual([]);
    expect(missing('Please give the shares, e.g., ["9%"], in the 2022 survey?')).toEqual(['year:2022']);
  });

  it('keeps the passages of the documents that hold the key terms, their pages ranked among themselves', () => {
    const passage = (n: number, documentId: string, ranks: number[]) => ({ n, documentId, pageTexts: ranks.map(rank => ({ page: rank + 1, text: '', rank })) });
    const kept = passagesOf([passage(1, 'a', [0]), passage(2, 'b', [1, 3]), passage(3, 'a', [2])], new Set(['b']));
    expect(kept).toEqual([
      {
        n: 2,
        documentId: 'b',
        pageTexts: [
          { page: 2, text: '', rank: 0 },
          { page: 4, text: '', rank: 1 },
        ],
      },
    ]);
  });
});
