import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { TextRun } from '../page-content.ts';
import { boxGap, shareInside, unionBoxes } from '../../../documents/bounding-box.ts';

/** Captions are found and kept by the layout step, so a figure never swallows them. */
const captionPattern = /^\s*(fig(ure)?|chart|graph|table|exhibit|plate|source|note)s?\b\.?\s*[\dIVXivx]/i;
/** Labels next to a drawing (ticks, axis titles, legend entries) are short; body text lines are not. */
const maxLabelLength = 40;
/** Two passes pick up a legend whose lines stack away from the drawing. */
const passes = 2;

/**
 * Grows `region` over the text that belongs to the figure: runs mostly inside it, plus short labels
 * within `marginPt` of its edge. Returns the grown box and the adopted run indices (ascending).
 */
export function attachTextRuns(region: BoundingBox, runs: TextRun[], options: { marginPt: number }): { bbox: BoundingBox; runIndices: number[] } {
  const adopted = new Set<number>();
  let bbox = region;
  for (let pass = 0; pass < passes; pass++) {
    let grownBox = bbox;
    for (let index = 0; index < runs.length; index++) {
      if (adopted.has(index)) continue;
      const run = runs[index];
      const text = run.text.trim();
      if (text === '' || captionPattern.test(text)) continue;
      const inside = shareInside(run.bbox, bbox) >= 0.5;
      const label = text.length <= maxLabelLength && boxGap(run.bbox, bbox) <= options.marginPt;
      if (!inside && !label) continue;
      adopted.add(index);
      grownBox = unionBoxes(grownBox, run.bbox);
    }
    if (grownBox === bbox) break;
    bbox = grownBox;
  }
  return { bbox, runIndices: [...adopted].sort((first, second) => first - second) };
}
