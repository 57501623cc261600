import { writeRewrittenPackage } from './rewrite-package.ts';
import { openZipArchive } from './zip-archive.ts';

/** The parts of a Word package that hold the text of its body, headers, footers and notes. */
const textPart = /^word\/(?:document|header\d*|footer\d*|footnotes|endnotes)\.xml$/u;

/**
 * A hyperlink written inside a run, the run holding nothing else but its properties:
 * `<w:r><w:rPr>…</w:rPr><w:hyperlink …>…</w:hyperlink></w:r>`. WordprocessingML puts hyperlinks beside
 * runs, never inside one; some generators nest them, and LibreOffice then drops the link's text.
 */
const hyperlinkInRun =
  /<w:r(?:\s[^>]*)?>\s*(?:<w:rPr>(?:(?!<\/w:rPr>)[\s\S])*<\/w:rPr>\s*)?(<w:hyperlink\b[^>]*>(?:(?!<\/w:hyperlink>)[\s\S])*<\/w:hyperlink>)\s*<\/w:r>/gu;

/** A text part's XML with every hyperlink nested in a run (hyperlinkInRun) set beside the runs, where it belongs. */
export function unnestHyperlinks(xml: string): string {
  return xml.includes('<w:hyperlink') ? xml.replace(hyperlinkInRun, '$1') : xml;
}

/**
 * Writes a copy of the Word package at `source` to `target` with its hyperlinks nested in runs set
 * beside them (unnestHyperlinks): read as written, the words of every such link were missing from the
 * PDF ("het in aanbouw zijnde Rijksmuseum" read "het in aanbouw zijnde"). Resolves with whether it
 * wrote one: a package without such links is only read (its text parts), not copied.
 */
export async function writeWordHyperlinksUnnested(source: string, target: string): Promise<boolean> {
  if (!(await nestsHyperlinks(source))) return false;
  await writeRewrittenPackage(source, target, partName => (textPart.test(partName) ? unnestHyperlinks : undefined));
  return true;
}

async function nestsHyperlinks(path: string): Promise<boolean> {
  const archive = await openZipArchive(path);
  try {
    for (const name of archive.entryNames.filter(entry => textPart.test(entry))) {
      const xml = (await archive.readText(name)) ?? '';
      if (unnestHyperlinks(xml) !== xml) return true;
    }
    return false;
  } finally {
    await archive.close();
  }
}
