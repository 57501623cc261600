import { posix } from 'node:path';
import { attribute } from './package-xml.ts';
import { openZipArchive } from './zip-archive.ts';

/** One slide of a deck, in presentation order. */
export interface SlideEntry {
  /** 1-based, as PowerPoint/Impress number it (hidden slides keep their number). */
  slideNumber: number;
  /** Hidden slides are left out of LibreOffice's PDF export. */
  hidden: boolean;
}

/**
 * Lists a deck's slides with their hidden flags, read from the package XML. Returns undefined for
 * formats whose slide list we do not read (binary .ppt) or packages that do not look like a deck.
 */
export async function readSlideList(deckPath: string, extension: string): Promise<SlideEntry[] | undefined> {
  if (!['pptx', 'pptm', 'ppsx', 'odp'].includes(extension)) return undefined;
  const archive = await openZipArchive(deckPath);
  try {
    if (extension === 'odp') {
      const contentXml = await archive.readText('content.xml');
      return contentXml === undefined ? undefined : parseOdpSlides(contentXml);
    }
    const presentationXml = await archive.readText('ppt/presentation.xml');
    const relationshipsXml = await archive.readText('ppt/_rels/presentation.xml.rels');
    if (presentationXml === undefined || relationshipsXml === undefined) return undefined;
    const slidePaths = pptxSlidePaths(presentationXml, relationshipsXml);
    const slides: SlideEntry[] = [];
    for (const [index, slidePath] of slidePaths.entries()) {
      const slideXml = slidePath ? await archive.readText(slidePath) : undefined;
      slides.push({ slideNumber: index + 1, hidden: slideXml !== undefined && isHiddenPptxSlide(slideXml) });
    }
    return slides;
  } finally {
    await archive.close();
  }
}

/**
 * Slide part paths in show order: `p:sldIdLst` gives the order and relationship ids, the package
 * relationships give each id's part. An id without a part yields undefined (counted, not hidden).
 */
export function pptxSlidePaths(presentationXml: string, relationshipsXml: string): Array<string | undefined> {
  const targets = new Map<string, string>();
  for (const match of relationshipsXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attribute(match[0], 'Id');
    const target = attribute(match[0], 'Target');
    if (id && target) targets.set(id, target);
  }
  const list = /<(?:\w+:)?sldIdLst\b[^>]*>([\s\S]*?)<\/(?:\w+:)?sldIdLst>/.exec(presentationXml)?.[1] ?? '';
  return [...list.matchAll(/<(?:\w+:)?sldId\b[^>]*>/g)].map(match => {
    // The relationship id is the namespaced `r:id`; the plain `id` is the slide's numeric id.
    const relationshipId = /\s\w+:id="([^"]+)"/.exec(match[0])?.[1];
    const target = relationshipId ? targets.get(relationshipId) : undefined;
    if (!target) return undefined;
    return target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join('ppt', target));
  });
}

/** `<p:sld show="0">` marks a hidden slide. */
export function isHiddenPptxSlide(slideXml: string): boolean {
  const root = /<(?:\w+:)?sld\b[^>]*>/.exec(slideXml)?.[0];
  const show = root ? attribute(root, 'show') : undefined;
  return show === '0' || show === 'false';
}

/**
 * ODP: each `draw:page` of `office:presentation` is a slide (not the `draw:page-thumbnail` of its
 * speaker notes); hidden ones use a drawing-page style
 * with `presentation:visibility="hidden"`.
 */
export function parseOdpSlides(contentXml: string): SlideEntry[] {
  const hiddenStyles = new Set<string>();
  for (const match of contentXml.matchAll(/<style:style\b([^>]*)>([\s\S]*?)<\/style:style>/g)) {
    const styleName = attribute(match[1], 'style:name');
    if (styleName && /presentation:visibility="hidden"/.test(match[2])) hiddenStyles.add(styleName);
  }
  const presentation = /<office:presentation\b[^>]*>([\s\S]*?)<\/office:presentation>/.exec(contentXml)?.[1] ?? '';
  return [...presentation.matchAll(/<draw:page(?=[\s/>])[^>]*>/g)].map((match, index) => {
    const styleName = attribute(match[0], 'draw:style-name');
    return { slideNumber: index + 1, hidden: styleName !== undefined && hiddenStyles.has(styleName) };
  });
}
