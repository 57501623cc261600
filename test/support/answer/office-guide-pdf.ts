import { makeTestPdf } from '../layout/make-test-pdf.ts';

/**
 * A one-page office guide: "<office> office guide." and "The canteen opens at <hour> in the morning.",
 * then `more` lines. Two of them in one space ask the same question of different documents (thread focus tests).
 */
export function officeGuidePdf(office: string, hour: string, ...more: string[]): Promise<Uint8Array> {
  return makeTestPdf([
    {
      texts: [`${office} office guide.`, `The canteen opens at ${hour} in the morning.`, ...more].map((text, index) => ({
        text,
        x: 72,
        top: 100 + index * 20,
        size: 12,
      })),
    },
  ]);
}
