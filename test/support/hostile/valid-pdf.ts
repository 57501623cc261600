import { makeTestPdf } from '../layout/make-test-pdf.ts';

/**
 * The valid PDF the broken variants start from: a 3-page warehouse manual with an outline and one
 * fact per page. Its facts differ from the handbook's, so a variant that is read never answers in its place.
 */
export function validPdf(): Promise<Uint8Array> {
  const page = (heading: string, line: string) => ({
    texts: [
      { text: heading, x: 72, top: 72, size: 18, font: 'bold' as const },
      { text: line, x: 72, top: 110, size: 11 },
    ],
  });
  return makeTestPdf([page('1 Receiving', validPdfFacts[0]), page('2 Storage', validPdfFacts[1]), page('3 Dispatch', validPdfFacts[2])], {
    outline: [
      { title: '1 Receiving', page: 1 },
      { title: '2 Storage', page: 2 },
      { title: '3 Dispatch', page: 3 },
    ],
  });
}

export const validPdfFacts = [
  'Incoming pallets are checked against the delivery note within two hours.',
  'Frozen goods are stored at minus twenty degrees in hall C.',
  'Trucks for the southern route leave the yard at half past five.',
];
