import { makeTestPdf, type TestPage } from '../../test/support/layout/make-test-pdf.ts';

const topics = ['refunds', 'shipping', 'security', 'vacation', 'travel', 'onboarding', 'invoices', 'support'];

/** Questions the pre-ingested documents answer (their headings and facts), asked at random. */
export const loadQuestions = topics.flatMap(topic => [
  `What does the handbook say about ${topic}?`,
  `How long does ${topic} take?`,
  `Who is responsible for ${topic}?`,
]);

/**
 * A distinct four-page handbook (`index` changes its facts and bytes, so each upload is a new
 * document): headings and one fact per page about the shared topics.
 */
export function makeLoadPdf(index: number): Promise<Uint8Array> {
  const pages: TestPage[] = [0, 1, 2, 3].map(page => {
    const topic = topics[(index + page) % topics.length];
    const days = 3 + ((index * 7 + page * 5) % 40);
    return {
      texts: [
        { text: `${page + 1} ${topic[0].toUpperCase()}${topic.slice(1)}`, x: 72, top: 72, size: 18, font: 'bold' },
        { text: `Handbook edition ${index}: ${topic} takes ${days} working days from the request.`, x: 72, top: 110, size: 11 },
        { text: `The ${topic} team of region ${index % 9} is responsible for ${topic} and answers within one day.`, x: 72, top: 128, size: 11 },
        { text: `Exceptions for ${topic} need the approval of the department head and a written reason.`, x: 72, top: 146, size: 11 },
      ],
    };
  });
  return makeTestPdf(pages);
}
