import { readSlideList, type SlideEntry } from './slide-list.ts';

const slideDeckExtensions = new Set(['pptx', 'pptm', 'ppsx', 'ppt', 'odp']);

/** True for the office formats whose PDF pages are slides (extension as detectFileType reports it). */
export function isSlideDeck(extension: string): boolean {
  return slideDeckExtensions.has(extension);
}

export interface SlidePageMap {
  /** `slideNumbers[pageIndex]`: the 1-based slide number shown on that PDF page. */
  slideNumbers: number[];
  /** The same numbers as strings, for ParsedDocument.pageLabels. */
  pageLabels: string[];
  /** Slides in the deck, hidden ones included; undefined when the deck's slide list was not read. */
  slideCount?: number;
  /** Slide numbers LibreOffice left out of the PDF. */
  hiddenSlideNumbers: number[];
  /**
   * 'visible-slides': pages are the visible slides in order (hidden ones skipped);
   * 'all-slides': one page per slide; 'identity': the slide list was unknown or did not match the
   * page count, so page n is taken to be slide n.
   */
  method: 'visible-slides' | 'all-slides' | 'identity';
}

/**
 * Maps the pages of a converted deck back to slide numbers (the idea of DAYA's build_slide_page_map,
 * made exact for hidden slides): LibreOffice exports one page per visible slide, so when the visible
 * count equals the page count, page n is the n-th visible slide.
 */
export async function buildSlidePageMap(deckPath: string, options: { extension: string; pdfPageCount: number }): Promise<SlidePageMap> {
  // A deck whose package we cannot read still converts; the map then falls back to identity.
  const slides = await readSlideList(deckPath, options.extension).catch(() => undefined);
  return mapPagesToSlides(slides, options.pdfPageCount);
}

export function mapPagesToSlides(slides: SlideEntry[] | undefined, pdfPageCount: number): SlidePageMap {
  const hiddenSlideNumbers = (slides ?? []).filter(slide => slide.hidden).map(slide => slide.slideNumber);
  const visible = (slides ?? []).filter(slide => !slide.hidden).map(slide => slide.slideNumber);
  let method: SlidePageMap['method'] = 'identity';
  let slideNumbers = Array.from({ length: pdfPageCount }, (_, pageIndex) => pageIndex + 1);
  if (slides && visible.length === pdfPageCount) {
    method = 'visible-slides';
    slideNumbers = visible;
  } else if (slides && slides.length === pdfPageCount) {
    method = 'all-slides';
  }
  return {
    slideNumbers,
    pageLabels: slideNumbers.map(String),
    slideCount: slides?.length,
    hiddenSlideNumbers,
    method,
  };
}
