import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openPdf } from './open-pdf.ts';
import { parsePdf } from './parse-pdf.ts';
import { extractFormFieldRuns } from './form-field-runs.ts';
import { extractTextRuns } from './text-runs.ts';
import { PageWorkerPool } from './parallel/page-worker-pool.ts';

/**
 * An application form filled in: labels in the text layer, values in the form's fields; `copies` pages
 * of it.
 */
async function filledFormPdf(copies = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const form = pdf.getForm();
  for (let copy = 1; copy <= copies; copy++) {
    const page = pdf.addPage([612, 792]);
    page.drawText('Application for a parking permit', { x: 72, y: 720, size: 16, font });
    page.drawText('Applicant name:', { x: 72, y: 680, size: 11, font });
    const name = form.createTextField(`applicant${copy}`);
    name.setText('Alice Moreau');
    name.addToPage(page, { x: 170, y: 676, width: 200, height: 16 });
    page.drawText('Car registration:', { x: 72, y: 650, size: 11, font });
    form.createTextField(`registration${copy}`).addToPage(page, { x: 170, y: 646, width: 200, height: 16 });
    page.drawText('Notes:', { x: 72, y: 620, size: 11, font });
    const notes = form.createTextField(`notes${copy}`);
    notes.enableMultiline();
    notes.setText('Night shifts\nElectric car');
    notes.addToPage(page, { x: 170, y: 580, width: 200, height: 40 });
    page.drawText('I agree to the parking rules', { x: 95, y: 540, size: 11, font });
    const agree = form.createCheckBox(`agree${copy}`);
    agree.addToPage(page, { x: 72, y: 538, width: 14, height: 14 });
    agree.check();
    page.drawText('I need a disabled space', { x: 95, y: 515, size: 11, font });
    form.createCheckBox(`disabled${copy}`).addToPage(page, { x: 72, y: 513, width: 14, height: 14 });
  }
  return pdf.save();
}

describe('extractFormFieldRuns', () => {
  it("reads a filled form's values and boxes where its fields are, in the page's body size", async () => {
    const pdf = await openPdf(await filledFormPdf(), { name: 'permit.pdf' });
    try {
      const page = await pdf.getPage(1);
      const runs = await extractFormFieldRuns(page, await extractTextRuns(page));
      expect(runs.map(run => run.text)).toEqual(['Alice Moreau', 'Night shifts', 'Electric car', '☑', '☐']);
      // Beside its label on the label's line, a word space after it; the box just before its label.
      const [value, , , agreed] = runs;
      const label = (await extractTextRuns(page)).find(run => run.text === 'Applicant name:')!;
      expect(value.bbox.x).toBeCloseTo(label.bbox.x + label.bbox.width + 11 / 4, 1);
      expect(value.bbox.y).toBeCloseTo(label.bbox.y, 1);
      expect(value.bbox.height).toBeCloseTo(label.bbox.height, 1);
      expect(value.fontSize).toBe(11);
      expect(agreed.bbox.x + agreed.bbox.width).toBeLessThan(95);
    } finally {
      await pdf.destroy();
    }
  });

  it('puts each value on the line of its label in the parsed page', async () => {
    const parsed = await parsePdf(await filledFormPdf(), { name: 'permit.pdf', maxPages: 5, figureSink: { save: async () => ({ sha256: '0'.repeat(64) }) } });
    const text = parsed.blocks.map(block => block.text).join('\n');
    expect(text).toContain('Applicant name: Alice Moreau');
    expect(text).toMatch(/☑ I agree to the parking rules/);
    expect(text).toMatch(/☐ I need a disabled space/);
  });

  it('reads the fields in a parse worker too', async () => {
    // With a pool, every page is read by its workers.
    const pool = new PageWorkerPool({ size: 1 });
    try {
      const parsed = await parsePdf(await filledFormPdf(2), {
        name: 'permit.pdf',
        maxPages: 50,
        pool,
        figureSink: { save: async () => ({ sha256: '0'.repeat(64) }) },
      });
      for (const page of [1, 2]) {
        expect(
          parsed.blocks
            .filter(block => block.page === page)
            .map(block => block.text)
            .join('\n'),
        ).toContain('Applicant name: Alice Moreau');
      }
    } finally {
      await pool.close();
    }
  });
});
