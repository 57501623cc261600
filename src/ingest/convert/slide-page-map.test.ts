import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckContent, writeDeckPptx } from '../../../test/support/office/make-office-documents.ts';
import { parseOdpSlides, pptxSlidePaths, readSlideList } from './slide-list.ts';
import { buildSlidePageMap, isSlideDeck, mapPagesToSlides } from './slide-page-map.ts';

describe('readSlideList', () => {
  let workDir: string;
  let deckPath: string;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'folio-slides-'));
    deckPath = join(workDir, 'deck.pptx');
    await writeDeckPptx(deckPath);
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('reads slide order and hidden flags from a pptxgenjs deck', async () => {
    const slides = await readSlideList(deckPath, 'pptx');
    expect(slides).toEqual(
      deckContent.titles.map((_, index) => ({
        slideNumber: index + 1,
        hidden: deckContent.hiddenSlideNumbers.includes(index + 1),
      })),
    );
  });

  it('returns undefined for binary .ppt and documents that are not decks', async () => {
    expect(await readSlideList(deckPath, 'ppt')).toBeUndefined();
    expect(await readSlideList(deckPath, 'docx')).toBeUndefined();
  });

  it('falls back to one page per slide when the package cannot be read', async () => {
    const brokenPath = join(workDir, 'broken.pptx');
    await writeFile(brokenPath, 'not a zip at all');
    await expect(readSlideList(brokenPath, 'pptx')).rejects.toThrow(/ZIP/);
    const map = await buildSlidePageMap(brokenPath, { extension: 'pptx', pdfPageCount: 3 });
    expect(map).toMatchObject({ method: 'identity', slideNumbers: [1, 2, 3], slideCount: undefined });
  });
});

describe('pptxSlidePaths', () => {
  it('follows sldIdLst order, not part names, and resolves relative and absolute targets', () => {
    const presentationXml =
      '<p:presentation xmlns:p="p" xmlns:r="r"><p:sldIdLst>' +
      '<p:sldId id="300" r:id="rId9"/><p:sldId id="256" r:id="rId2"/><p:sldId id="257" r:id="rId404"/>' +
      '</p:sldIdLst></p:presentation>';
    const relationshipsXml =
      '<Relationships><Relationship Id="rId2" Type="slide" Target="slides/slide1.xml"/>' +
      '<Relationship Id="rId9" Type="slide" Target="/ppt/slides/slide7.xml"/></Relationships>';
    expect(pptxSlidePaths(presentationXml, relationshipsXml)).toEqual(['ppt/slides/slide7.xml', 'ppt/slides/slide1.xml', undefined]);
  });
});

describe('parseOdpSlides', () => {
  it('marks pages whose drawing-page style is hidden', () => {
    const contentXml =
      '<office:document-content><office:automatic-styles>' +
      '<style:style style:name="dp1" style:family="drawing-page"><style:drawing-page-properties presentation:display-header="false"/></style:style>' +
      '<style:style style:name="dp2" style:family="drawing-page"><style:drawing-page-properties presentation:visibility="hidden"/></style:style>' +
      '</office:automatic-styles><office:body><office:presentation>' +
      '<draw:page draw:name="a" draw:style-name="dp1"></draw:page>' +
      // Speaker notes hold a thumbnail of their slide: a `draw:page-thumbnail`, not a slide.
      '<draw:page draw:name="b" draw:style-name="dp2"><presentation:notes><draw:page-thumbnail draw:page-number="2"/></presentation:notes></draw:page>' +
      '<draw:page draw:name="c" draw:style-name="dp1"></draw:page>' +
      '</office:presentation></office:body></office:document-content>';
    expect(parseOdpSlides(contentXml)).toEqual([
      { slideNumber: 1, hidden: false },
      { slideNumber: 2, hidden: true },
      { slideNumber: 3, hidden: false },
    ]);
  });
});

describe('mapPagesToSlides', () => {
  const slides = [1, 2, 3, 4].map(slideNumber => ({ slideNumber, hidden: slideNumber === 2 || slideNumber === 3 }));

  it('maps pages to visible slides when LibreOffice skipped the hidden ones', () => {
    expect(mapPagesToSlides(slides, 2)).toMatchObject({
      method: 'visible-slides',
      slideNumbers: [1, 4],
      pageLabels: ['1', '4'],
      hiddenSlideNumbers: [2, 3],
      slideCount: 4,
    });
  });

  it('maps one page per slide when hidden slides were exported too', () => {
    expect(mapPagesToSlides(slides, 4)).toMatchObject({ method: 'all-slides', slideNumbers: [1, 2, 3, 4] });
  });

  it('falls back to identity when counts disagree or the slide list is unknown', () => {
    expect(mapPagesToSlides(slides, 3)).toMatchObject({ method: 'identity', slideNumbers: [1, 2, 3] });
    expect(mapPagesToSlides(undefined, 2)).toMatchObject({ method: 'identity', pageLabels: ['1', '2'] });
  });

  it('knows which extensions are slide decks', () => {
    expect(['pptx', 'ppt', 'odp', 'ppsx'].every(isSlideDeck)).toBe(true);
    expect(['docx', 'pdf', 'xlsx'].some(isSlideDeck)).toBe(false);
  });
});
