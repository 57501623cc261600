import { makeTestPdf, type TestPage } from '../layout/make-test-pdf.ts';

/**
 * A four-page staff handbook with one distinct, checkable fact per page, for tests that ask questions:
 * p.1 vacation (28 days), p.2 travel (hotel up to 150 euros per night), p.3 security (BitLocker),
 * p.4 parental leave (16 weeks). `variant` changes the facts so two spaces can hold near-identical
 * documents with different answers.
 */
export async function makeHandbookPdf(variant: 'a' | 'b' = 'a'): Promise<Uint8Array> {
  const facts = variant === 'a' ? { days: '28', hotel: '150', tool: 'BitLocker', weeks: '16' } : { days: '31', hotel: '210', tool: 'VeraCrypt', weeks: '20' };
  const page = (heading: string, lines: string[]): TestPage => ({
    texts: [{ text: heading, x: 72, top: 72, size: 18, font: 'bold' }, ...lines.map((line, index) => ({ text: line, x: 72, top: 110 + index * 16, size: 11 }))],
  });
  return makeTestPdf(
    [
      page('1 Vacation policy', [
        `Every employee receives ${facts.days} days of paid vacation per calendar year.`,
        'Vacation requests are approved by the team lead in the HR portal.',
        'Unused vacation days can be carried over until the end of March.',
      ]),
      page('2 Travel expenses', [
        `Hotel costs are reimbursed up to ${facts.hotel} euros per night.`,
        'Train travel in second class is the default for trips under six hours.',
        'Receipts must be uploaded within thirty days after the trip.',
      ]),
      page('3 Laptop security', [
        `All company laptops must be encrypted with ${facts.tool} before first use.`,
        'Passwords need at least fourteen characters and are never shared.',
        'Lost devices are reported to the security desk on the same day.',
      ]),
      page('4 Parental leave', [
        `Parents receive ${facts.weeks} weeks of fully paid parental leave.`,
        'The leave can be split into up to three blocks within two years.',
        'Managers plan coverage for the team before the leave starts.',
      ]),
    ],
    {
      outline: [
        { title: '1 Vacation policy', page: 1 },
        { title: '2 Travel expenses', page: 2 },
        { title: '3 Laptop security', page: 3 },
        { title: '4 Parental leave', page: 4 },
      ],
    },
  );
}
