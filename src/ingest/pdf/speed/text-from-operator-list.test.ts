import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openPdf, pdfjs, type PDFPageProxy } from '../open-pdf.ts';
import { readTextFromOperatorList } from './text-from-operator-list.ts';
import type { TextFont } from './text-state.ts';
import { extractTextRuns } from '../text-runs.ts';

/**
 * Pages written operator by operator, each exercising a rule of pdf.js's text layer: TJ kerning and
 * gaps, char/word spacing, horizontal scaling, rise, leading with T* and ', columns, rotation, cm
 * scaling, a form XObject with its own matrix, marked content, glyphs off the page, and an ExtGState font.
 */
const pages: Record<string, string> = {
  lines: `BT /F1 12 Tf 72 700 Td (Heading words) Tj ET
BT /F1 10 Tf 72 680 Td 12 TL (First line of text) Tj T* (Second line) Tj (, continued) ' ET
BT /F2 10 Tf 72 640 Td [(Ke) 120 (rned) -250 (T) 80 (J words) 0 ( joined)] TJ ET
BT /F2 10 Tf 72 625 Td [(a) -700 (wide) -3000 (gap)] TJ ET`,
  spacing: `BT /F1 10 Tf 1 Tc 72 620 Td (spaced letters) Tj 0 Tc 3 Tw 0 -14 Td (word spacing here) Tj 0 Tw ET
BT /F1 10 Tf 80 Tz 72 590 Td (squeezed) Tj 100 Tz 4 Ts (sup) Tj 0 Ts (back) Tj ET
BT /F1 10 Tf 72 560 Td (left) Tj 200 0 Td (far right column) Tj ET
BT /F1 10 Tf 72 400 Td (abc) Tj 0.3 0 Td (def) Tj 3 0 Td (ghi) Tj ET
BT /F1 9.12 Tf 1 0 0 1 99.648 628.03 Tm (Group) Tj 1 0 0 1 230.74 637.15 Tm (Unweighted) Tj ET`,
  transforms: `BT /F1 10 Tf 0 1 -1 0 300 300 Tm (rotated text) Tj ( goes on) Tj ET
q 0.5 0 0 0.5 100 100 cm BT /F1 20 Tf 0 0 Td (scaled by cm) Tj ET Q
/X1 Do
BT /F1 10 Tf 72 380 Td [(x) -100000 (off page)] TJ ET
/P <</MCID 0>> BDC BT /F1 10 Tf 72 360 Td (marked) Tj ET EMC BT /F1 10 Tf 110 360 Td (after) Tj ET
/GS1 gs BT 72 340 Td (font from a graphics state) Tj ET`,
};

async function makePdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const helvetica = await document.embedFont(StandardFonts.Helvetica);
  const times = await document.embedFont(StandardFonts.TimesRoman);
  const form = document.context.stream('BT /F1 9 Tf 10 10 Td (inside a form) Tj T* (second form line) Tj ET', {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, 300, 100],
    Matrix: [1.5, 0, 0, 1.5, 50, 150],
    Resources: { Font: { F1: helvetica.ref } },
  });
  const formRef = document.context.register(form);
  const gstate = document.context.register(document.context.obj({ Type: 'ExtGState', Font: [times.ref, 11] }));
  for (const content of Object.values(pages)) {
    const page = document.addPage([612, 792]);
    page.node.setFontDictionary(PDFName.of('F1'), helvetica.ref);
    page.node.setFontDictionary(PDFName.of('F2'), times.ref);
    page.node.setXObject(PDFName.of('X1'), formRef);
    page.node.setExtGState(PDFName.of('GS1'), gstate);
    page.node.set(PDFName.of('Contents'), document.context.register(document.context.stream(content)));
  }
  return document.save();
}

function fontLookup(page: PDFPageProxy) {
  return (fontId: string): TextFont | null => {
    if (!page.commonObjs.has(fontId)) return null;
    const font = page.commonObjs.get(fontId) as TextFont;
    return { name: font.name, vertical: font.vertical, fontMatrix: font.fontMatrix, isType3Font: font.isType3Font, bbox: font.bbox };
  };
}

/** Non-blank items with the line ends of the blank ones moved back, as text-runs.ts reads them. */
function visible(items: Array<{ str: string; transform: number[]; width: number; fontName: string; hasEOL: boolean }>) {
  const out: Array<{ str: string; transform: number[]; width: number; fontName: string; hasEOL: boolean }> = [];
  for (const { str, transform, width, fontName, hasEOL } of items) {
    if (str.trim() === '') {
      if (hasEOL && out.length > 0) out[out.length - 1].hasEOL = true;
      continue;
    }
    out.push({ str, transform: Array.from(transform), width, fontName, hasEOL });
  }
  return out;
}

describe('readTextFromOperatorList', () => {
  it("builds the items pdf.js's getTextContent builds, from the operator list", async () => {
    const pdf = await openPdf(await makePdf());
    try {
      const names = Object.keys(pages);
      for (let pageNumber = 1; pageNumber <= names.length; pageNumber++) {
        const page = await pdf.getPage(pageNumber);
        const operatorList = await page.getOperatorList();
        const reference = visible((await page.getTextContent()).items as never);
        const read = readTextFromOperatorList(operatorList, fontLookup(page), page.view);
        if (!('items' in read)) throw new Error(`page ${names[pageNumber - 1]}: ${read.unsupported}`);
        const mine = visible(read.items);
        expect(reference.length, names[pageNumber - 1]).toBeGreaterThan(3);
        expect(mine.map(item => [item.str, item.hasEOL, item.fontName])).toEqual(reference.map(item => [item.str, item.hasEOL, item.fontName]));
        mine.forEach((item, index) => {
          expect(item.width).toBeCloseTo(reference[index].width, 4);
          item.transform.forEach((value, k) => expect(value).toBeCloseTo(reference[index].transform[k], 4));
        });
      }
    } finally {
      await pdf.destroy();
    }
  });

  it('splits, joins and drops text as a reader expects', async () => {
    const pdf = await openPdf(await makePdf());
    try {
      const runs = async (pageNumber: number) => extractTextRuns(await pdf.getPage(pageNumber));
      const texts = async (pageNumber: number) => (await runs(pageNumber)).map(run => run.text);
      // Kerning (positive TJ numbers) and a 0 do not split; a 0.25 em gap is a space; 0.7 and 3 em end the item.
      expect(await texts(1)).toEqual(['Heading words', 'First line of text', 'Second line', ', continued', 'Kerned TJ words joined', 'a', 'wide', 'gap']);
      const spacing = await runs(2);
      expect(spacing.map(run => run.text)).toEqual(expect.arrayContaining(['spaced letters', 'word spacing here', 'left', 'far right column']));
      // One font size apart exactly, as in a table: a line end (the matrices' 32-bit floats read back as decimals).
      expect(spacing.find(run => run.text === 'Group')?.endsLine).toBe(true);
      expect(await texts(3)).toEqual([
        'rotated text goes on',
        'scaled by cm',
        'inside a form',
        'second form line',
        'x',
        'marked',
        'after',
        'font from a graphics state',
      ]);
    } finally {
      await pdf.destroy();
    }
  });

  it('leaves vertical, char-box Type3 and unknown-font text to pdf.js', () => {
    const font: TextFont = { name: 'F', vertical: false, fontMatrix: [0.001, 0, 0, 0.001, 0, 0], isType3Font: false, bbox: undefined };
    const glyph = (unicode: string) => ({
      unicode,
      width: 500,
      originalCharCode: unicode.charCodeAt(0),
      category: { isWhitespace: false, isZeroWidthDiacritic: false, isInvisibleFormatMark: false },
    });
    const show = (fonts: Record<string, TextFont>, fontSize: number, text: string) =>
      readTextFromOperatorList(
        {
          fnArray: [pdfjs.OPS.beginText, pdfjs.OPS.setFont, pdfjs.OPS.showText, pdfjs.OPS.endText],
          argsArray: [null, ['f', fontSize], [[...text].map(glyph)], null],
        },
        fontId => fonts[fontId] ?? null,
        [0, 0, 612, 792],
      );
    expect(show({ f: font }, 10, 'plain')).toEqual({ items: [expect.objectContaining({ str: 'plain', hasEOL: false })] });
    // Painted left to right, read right to left.
    expect(show({ f: font }, 10, 'םולש')).toEqual({ items: [expect.objectContaining({ str: 'שלום' })] });
    expect(show({ f: { ...font, vertical: true } }, 10, '縦書き')).toEqual({ unsupported: 'vertical' });
    const type3 = { ...font, isType3Font: true, fontMatrix: [0.01, 0, 0, 0.01, 0, 0], bbox: [0, 0, 100, 100] };
    expect(show({ f: type3 }, 10, 'big')).toEqual({ unsupported: 'type3-size' });
    expect(show({ f: type3 }, 1, 'unit')).toEqual({ items: [expect.objectContaining({ str: 'unit' })] });
    // A font id pdf.js gave no font object for: its glyphs cannot be placed.
    expect(show({}, 10, 'lost')).toEqual({ unsupported: 'unknown-font' });
  });
});

describe('extractTextRuns on right-to-left text', () => {
  /** A page of one line in Helvetica whose codes E, D, B, C stand for Arabic letters by its ToUnicode map, B for the lam-alef ligature. */
  async function arabicPdf(line: string): Promise<Uint8Array> {
    const document = await PDFDocument.create();
    const toUnicode = document.context.stream(
      [
        '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
        '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
        '1 begincodespacerange <00> <FF> endcodespacerange',
        '4 beginbfchar <42> <06440627> <43> <0639> <44> <0648> <45> <0629> endbfchar',
        'endcmap CMapName currentdict /CIDInit /ProcSet findresource pop end end',
      ].join('\n'),
    );
    const arabic = document.context.register(
      document.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', ToUnicode: document.context.register(toUnicode) }),
    );
    const page = document.addPage([612, 792]);
    page.node.setFontDictionary(PDFName.of('F1'), arabic);
    page.node.set(PDFName.of('Contents'), document.context.register(document.context.stream(`BT /F1 12 Tf 72 700 Td (${line}) Tj ET`)));
    return document.save();
  }

  it('reads it glyph by glyph in reading order, a ligature keeping its letters in theirs', async () => {
    // Drawn left to right as teh marbuta, waw, lam-alef, ain: "علاوة" (not "عالوة", as reversing characters gives).
    const pdf = await openPdf(await arabicPdf('EDBC'));
    try {
      const pdfPage = await pdf.getPage(1);
      const operatorList = await pdfPage.getOperatorList();
      expect(readTextFromOperatorList(operatorList, fontLookup(pdfPage), pdfPage.view)).toEqual({ items: [expect.objectContaining({ str: 'علاوة' })] });
      expect((await extractTextRuns(pdfPage)).map(run => run.text)).toEqual(['علاوة']);
    } finally {
      await pdf.destroy();
    }
  });
});

describe('extractTextRuns with an operator list the reader does not expect', () => {
  it("falls back to pdf.js's text layer for that page", async () => {
    const pdf = await openPdf(await makePdf());
    try {
      const page = await pdf.getPage(1);
      const expected = (await extractTextRuns(page)).map(run => run.text);
      const real = await page.getOperatorList();
      const fontId = (real.argsArray[real.fnArray.indexOf(pdfjs.OPS.setFont)] as [string, number])[0];
      // Glyphs without the fields the reader uses, as a future pdf.js might hand over.
      const broken = { fnArray: [pdfjs.OPS.beginText, pdfjs.OPS.setFont, pdfjs.OPS.showText], argsArray: [null, [fontId, 10], [[{ text: 'a' }]]] };
      expect(() => readTextFromOperatorList(broken, fontLookup(page), page.view)).toThrow(TypeError);
      page.getOperatorList = (async () => broken) as never;
      expect((await extractTextRuns(page)).map(run => run.text)).toEqual(expected);
    } finally {
      await pdf.destroy();
    }
  });
});
