import { runInNewContext } from 'node:vm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../open-pdf.ts';

// core-js masks its functions' Function.prototype.toString; another realm's toString shows the truth.
const foreignToString = runInNewContext('Function.prototype.toString') as (this: unknown) => string;
const isEngineBuiltin = (fn: unknown) => /\{\s*\[native code\]\s*\}$/.test(Reflect.apply(foreignToString, fn, []));

describe('restoreEngineBuiltins', () => {
  it('puts the engine push and JSON functions back once pdf.js has loaded, whether a document is parsed or only rendered', async () => {
    const pdfLibDocument = await PDFDocument.create();
    pdfLibDocument.addPage();
    const pdfDocument = await openPdf(await pdfLibDocument.save());
    try {
      expect(pdfDocument.numPages).toBe(1);
      expect(isEngineBuiltin(Array.prototype.push)).toBe(true);
      expect(isEngineBuiltin(JSON.parse)).toBe(true);
      expect(isEngineBuiltin(JSON.stringify)).toBe(true);
      // The detector itself can tell a JavaScript function apart.
      expect(isEngineBuiltin(function push() {})).toBe(false);
    } finally {
      await pdfDocument.destroy();
    }
  });
});
