import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { DetectedFigure, PageContent } from '../page-content.ts';
import { attachTextRuns } from './attach-text-runs.ts';
import { intersectionArea, unionBoxes } from '../../../documents/bounding-box.ts';
import type { FigureCandidate } from './figure-candidate.ts';
import { findRasterRegions } from './raster-regions.ts';
import { findVectorRegions } from './vector-regions.ts';

/** Tick and axis labels of a chart sit this far outside its drawing at most. */
const vectorLabelMarginPt = 12;
/** Text over a picture's edge belongs to it; text beyond is the page's. */
const rasterLabelMarginPt = 2;

/**
 * Finds the figures of one page: painted raster images and clusters of vector drawing (charts,
 * diagrams), minus the `exclude` regions (tables found by the table detector). Each region is grown
 * over its labels and legends, whose run indices it returns. Overlapping regions merge.
 * A page that is one big image (a scan) has no figure: it is a page to OCR.
 */
export function detectFigures(content: PageContent, options: { exclude: BoundingBox[] }): DetectedFigure[] {
  const candidates = mergeOverlapping([...findRasterRegions(content, options.exclude), ...findVectorRegions(content, options.exclude)]);
  const grown = candidates.map(candidate => {
    const marginPt = candidate.source === 'vector' ? vectorLabelMarginPt : rasterLabelMarginPt;
    return { ...candidate, ...attachTextRuns(candidate.bbox, content.runs, { marginPt }) };
  });
  return mergeOverlapping(grown)
    .sort((first, second) => first.bbox.y - second.bbox.y || first.bbox.x - second.bbox.x)
    .map(candidate => ({ bbox: candidate.bbox, source: candidate.source, runIndices: candidate.runIndices }));
}

function mergeOverlapping(candidates: FigureCandidate[]): FigureCandidate[] {
  const merged = [...candidates];
  for (let changed = true; changed; ) {
    changed = false;
    for (let first = 0; first < merged.length && !changed; first++) {
      for (let second = first + 1; second < merged.length; second++) {
        if (intersectionArea(merged[first].bbox, merged[second].bbox) === 0) continue;
        merged[first] = mergeTwo(merged[first], merged[second]);
        merged.splice(second, 1);
        changed = true;
        break;
      }
    }
  }
  return merged;
}

function mergeTwo(first: FigureCandidate, second: FigureCandidate): FigureCandidate {
  return {
    bbox: unionBoxes(first.bbox, second.bbox),
    source: first.graphicsArea >= second.graphicsArea ? first.source : second.source,
    graphicsArea: first.graphicsArea + second.graphicsArea,
    runIndices: [...new Set([...first.runIndices, ...second.runIndices])].sort((first, second) => first - second),
  };
}
