import { makeTestPdf, type TestPage } from '../../support/layout/make-test-pdf.ts';

function page(heading: string, sentences: string[]): TestPage {
  return {
    texts: [{ text: heading, x: 72, top: 72, size: 18, font: 'bold' }, ...sentences.map((text, index) => ({ text, x: 72, top: 110 + index * 18, size: 11 }))],
  };
}

/** A two-page policy: refunds on page 1, shipping on page 2. */
export function makeRefundPolicyPdf(): Promise<Uint8Array> {
  return makeTestPdf([
    page('1 Refund policy', ['Refunds are paid within fourteen days of the request.', 'A refund needs the original receipt and the order number.']),
    page('2 Shipping', ['Parcels leave the Rotterdam warehouse within two working days.', 'Express shipping costs twelve euros per parcel.']),
  ]);
}

/** A one-page handbook about vacation, shared in another channel. */
export function makeVacationHandbookPdf(): Promise<Uint8Array> {
  return makeTestPdf([
    page('Vacation handbook', ['Every employee receives thirty vacation days per calendar year.', 'Unused vacation days expire at the end of March.']),
  ]);
}
