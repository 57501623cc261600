import { makeTestPdf, type TestPage } from './make-test-pdf.ts';

function page(heading: string, sentences: string[], footer?: string): TestPage {
  return {
    texts: [
      { text: heading, x: 72, top: 72, size: 18, font: 'bold' },
      ...sentences.map((text, index) => ({ text, x: 72, top: 110 + index * 18, size: 11 })),
      ...(footer ? [{ text: footer, x: 300, top: 750, size: 9 }] : []),
    ],
  };
}

/** Facts of the generated PDFs: the sentence, a question it answers, its physical page and the page's name. */
export const labelledFacts = {
  roman: {
    sentence: 'The review board approved the survey design on 12 March.',
    question: 'When did the review board approve the survey design?',
    page: 4,
    label: 'p. iv',
  },
  romanBody: {
    sentence: 'The pilot plant processed 4,200 tonnes of ore in its first year.',
    question: 'How many tonnes of ore did the pilot plant process in its first year?',
    page: 6,
    label: 'p. 2',
  },
  printed: {
    sentence: 'Warehouse staff rose to 310 people after the second site opened.',
    question: 'How many warehouse staff were there after the second site opened?',
    page: 5,
    label: 'p. 3',
  },
};

/** Six pages labelled i–iv, 1–2 in the PDF's /PageLabels (roman front matter), no printed numbers. */
export function makeRomanLabelledPdf(): Promise<Uint8Array> {
  return makeTestPdf(
    [
      page('Mining survey', ['A study of the northern deposits.']),
      page('Contents', ['Foreword, review, results and outlook.']),
      page('Foreword', ['This survey was commissioned by the regional council.']),
      page('Review', [labelledFacts.roman.sentence]),
      page('1 Results', ['Core samples were taken at eleven sites.']),
      page('2 Production', [labelledFacts.romanBody.sentence]),
    ],
    {
      pageLabels: [
        { startIndex: 0, style: 'r' },
        { startIndex: 4, style: 'D' },
      ],
    },
  );
}

/** Seven pages: a cover and a contents page printing no number, then pages whose footers print 1–5. */
export function makeOffsetNumberedPdf(): Promise<Uint8Array> {
  const sections = ['Introduction', 'Sites', 'Staff', 'Costs', 'Outlook'];
  const bodies: Record<string, string> = { Staff: labelledFacts.printed.sentence };
  return makeTestPdf([
    page('Logistics report', ['Annual report of the logistics office.']),
    page(
      'Contents',
      sections.map((title, index) => `${title} ${index + 1}`),
    ),
    ...sections.map((title, index) => page(`${index + 1} ${title}`, [bodies[title] ?? `The ${title.toLowerCase()} of the year in brief.`], String(index + 1))),
  ]);
}
