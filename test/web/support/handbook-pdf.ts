import { makeTestPdf } from '../../support/layout/make-test-pdf.ts';

/** Facts the tests ask about, and the page each one is on. */
export const handbookFacts = {
  refundPage: 2,
  refundSentence: 'Customers on annual plans can claim a refund within 45 days of purchase.',
  question: 'Within how many days can annual plan customers claim a refund?',
};

/**
 * A three-page handbook with headings and one fact per page, small enough to ingest in well under a
 * second (no figures, no OCR).
 */
export function makeHandbookPdf(): Promise<Uint8Array> {
  const body = (lines: string[], top: number) => lines.map((text, index) => ({ text, x: 72, top: top + index * 16, size: 11 }));
  return makeTestPdf([
    {
      texts: [
        { text: 'Customer Handbook', x: 72, top: 72, size: 24, font: 'bold' },
        { text: '1 Getting started', x: 72, top: 130, size: 16, font: 'bold' },
        ...body(['Every new account starts with a guided tour of the dashboard.', 'Support answers questions by email on working days.'], 160),
      ],
    },
    {
      texts: [
        { text: '2 Refunds', x: 72, top: 72, size: 16, font: 'bold' },
        ...body([handbookFacts.refundSentence, 'Monthly plans are not refunded but can be cancelled at any time.'], 100),
      ],
    },
    {
      texts: [
        { text: '3 Security', x: 72, top: 72, size: 16, font: 'bold' },
        ...body(['Passwords are stored with a slow salted hash.', 'Two-factor authentication is available for every account.'], 100),
      ],
    },
  ]);
}
