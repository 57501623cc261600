import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { PageContent } from '../page-content.ts';
import { boxArea, shareInside, unionBoxes } from '../../../documents/bounding-box.ts';
import { clusterBoxes } from './cluster-boxes.ts';
import { countBodyTextLines, type FigureCandidate, isInPageMarginBand, maxBodyTextLines } from './figure-candidate.ts';

/** Smaller images are icons, bullets and logos. */
const minRasterSidePt = 40;
/** An image covering this much of the page is a scan or a background, never a figure. */
const pageSizedAreaShare = 0.85;
/** On a page without a text layer, a smaller image already is the page scan (with scanner margins). */
const scanAreaShareWithoutText = 0.5;
/** Tiles of one picture (some producers slice images into strips) are this close or touching. */
const tileGapPt = 2;

/** Figure candidates from painted raster images: tiles merged, scans/backgrounds/icons/table cells left out. */
export function findRasterRegions(content: PageContent, exclude: BoundingBox[]): FigureCandidate[] {
  const images = content.graphics.images;
  const pageArea = content.width * content.height;
  const hasText = content.runs.some(run => run.text.trim() !== '');
  const maxAreaShare = hasText ? pageSizedAreaShare : scanAreaShareWithoutText;
  const regions: FigureCandidate[] = [];
  for (const cluster of clusterBoxes(images, tileGapPt)) {
    const bbox = cluster.map(index => images[index]).reduce(unionBoxes);
    if (bbox.width < minRasterSidePt || bbox.height < minRasterSidePt) continue;
    // A full-page image is the page itself (a scan to OCR, or a slide background), not a figure in it.
    if (boxArea(bbox) >= maxAreaShare * pageArea) continue;
    if (isInPageMarginBand(bbox, content.height)) continue;
    if (exclude.some(table => shareInside(bbox, table) >= 0.5)) continue;
    // Prose over a picture means the picture is a background or a frame drawn as an image.
    if (countBodyTextLines(bbox, content.runs) >= maxBodyTextLines) continue;
    const graphicsArea = cluster.reduce((sum, index) => sum + boxArea(images[index]), 0);
    regions.push({ bbox, source: 'raster', graphicsArea, runIndices: [] });
  }
  return regions;
}
