import { Document, Packer, Paragraph } from 'docx';
import pptxgenModule from 'pptxgenjs';
import { rewriteZip, type ZipRepeatedEntry } from './zip-writer.ts';

// pptxgenjs ships CommonJS-style typings for an ES module (see test/support/office/make-office-documents.ts).
type PptxGenJSClass = typeof pptxgenModule.default;
const PptxGenJS = ((pptxgenModule as unknown as { default?: PptxGenJSClass }).default ?? pptxgenModule) as PptxGenJSClass;

const wordNamespace = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A real one-paragraph DOCX made by the `docx` package. */
export async function makeSimpleDocx(text = 'A short and perfectly ordinary Word document.'): Promise<Uint8Array> {
  const document = new Document({ sections: [{ children: [new Paragraph(text)] }] });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** A real one-slide PPTX made by pptxgenjs. */
export async function makeSimplePptx(title = 'An ordinary slide'): Promise<Uint8Array> {
  const deck = new PptxGenJS();
  deck.addSlide().addText(title, { x: 0.5, y: 0.5, w: 9, h: 1, fontSize: 32 });
  return (await deck.write({ outputType: 'nodebuffer' })) as Uint8Array;
}

/**
 * A DOCX whose main part inflates to `expandedBytes` of text (about 1000:1, the most deflate gives):
 * a zip bomb that file-type, by its [Content_Types].xml, reports as a Word document.
 */
export async function makeZipBombDocx(expandedBytes: number): Promise<Uint8Array> {
  const bomb: ZipRepeatedEntry = {
    name: 'word/document.xml',
    prefix: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${wordNamespace}"><w:body><w:p><w:r><w:t>`,
    unit: 'AAAAAAAAAAAAAAAA',
    repeat: Math.floor(expandedBytes / 16),
    suffix: '</w:t></w:r></w:p></w:body></w:document>',
  };
  return rewriteZip(await makeSimpleDocx(), { drop: ['word/document.xml'], add: [bomb] });
}

/** A PPTX whose first slide inflates to `expandedBytes` of shapes. */
export async function makeZipBombPptx(expandedBytes: number): Promise<Uint8Array> {
  const shape = '<p:sp><p:nvSpPr><p:cNvPr id="9" name="x"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/></p:sp>';
  const bomb: ZipRepeatedEntry = {
    name: 'ppt/slides/slide1.xml',
    prefix:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
      'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/>' +
      '<p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>',
    unit: shape,
    repeat: Math.floor(expandedBytes / shape.length),
    suffix: '</p:spTree></p:cSld></p:sld>',
  };
  return rewriteZip(await makeSimplePptx(), { drop: ['ppt/slides/slide1.xml'], add: [bomb] });
}

/**
 * A DOCX whose document.xml is the "billion laughs" entity expansion: 10 levels of 10 references,
 * 10^10 copies of "lol" (30 GB) if a parser expanded them. The package itself is a few kilobytes.
 */
export async function makeXmlBombDocx(): Promise<Uint8Array> {
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let level = 1; level <= 10; level += 1) entities.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`);
  const xml =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!DOCTYPE w:document [\n${entities.join('\n')}\n]>\n` +
    `<w:document xmlns:w="${wordNamespace}"><w:body><w:p><w:r><w:t>&lol10;</w:t></w:r></w:p></w:body></w:document>`;
  return rewriteZip(await makeSimpleDocx(), { drop: ['word/document.xml'], add: [{ name: 'word/document.xml', data: xml }] });
}
