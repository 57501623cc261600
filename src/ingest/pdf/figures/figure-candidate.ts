import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { TextRun } from '../page-content.ts';
import { boxCentre, containsPoint } from '../../../documents/bounding-box.ts';

/** A figure region while the detector is still growing and merging it. */
export interface FigureCandidate {
  bbox: BoundingBox;
  source: 'raster' | 'vector';
  /** Area in square points of the graphics that make up the candidate (decides `source` on merges). */
  graphicsArea: number;
  runIndices: number[];
}

/** A band this tall (share of page height) at the top and bottom holds running headers and footers. */
export const pageMarginBandShare = 0.07;

/** Logos and rules in the running header or footer are page furniture, not figures. */
export function isInPageMarginBand(bbox: BoundingBox, pageHeight: number): boolean {
  const band = pageMarginBandShare * pageHeight;
  return bbox.y + bbox.height <= band || bbox.y >= pageHeight - band;
}

/** Lines this long are prose; labels, ticks and legend entries are shorter. */
const bodyTextLineLength = 35;
/** This many prose lines inside a region make it a panel or background that text is set on. */
export const maxBodyTextLines = 3;

/** How many prose-length runs have their centre inside the region (charts and diagrams carry short labels). */
export function countBodyTextLines(bbox: BoundingBox, runs: TextRun[]): number {
  let lines = 0;
  for (const run of runs) {
    if (run.text.trim().length < bodyTextLineLength) continue;
    const centre = boxCentre(run.bbox);
    if (containsPoint(bbox, centre.x, centre.y)) lines++;
  }
  return lines;
}
