import type { BoundingBox } from '../../../documents/document-tree.ts';
import type { PageContent, RulingLine } from '../page-content.ts';
import { boxArea, boxCentre, boxGap, containsPoint, intersectionArea, shareInside, unionBoxes } from '../../../documents/bounding-box.ts';
import { clusterBoxes } from './cluster-boxes.ts';
import { countBodyTextLines, type FigureCandidate, isInPageMarginBand, maxBodyTextLines } from './figure-candidate.ts';

/** Marks of one chart (bars, points, slices) sit closer than this to one another. */
const shapeGapPt = 10;
/** A ruling (axis, gridline, tick) joins the shapes it touches within this distance. */
const rulingTouchPt = 2;
/** A ruling much longer than the drawing it touches is a page rule, not the drawing's axis. */
const maxRulingToDrawingLength = 2;
/**
 * An axis runs along its chart's marks; a rule that merely touches two separate drawings leaves a long
 * stretch untouched. Largest untouched stretch allowed, as a share of the ruling's length.
 */
const maxUncoveredRulingShare = 0.4;
const maxJoinPairs = 2_000_000;
const minLongSidePt = 60;
const minShortSidePt = 40;
const minPrimitives = 3;
/** Text covering this share of a drawing made of rectangles only means a shaded box or band around text. */
const maxTextShareOfBoxes = 0.2;
/** A drawing with prose inside that spreads over this share of the page is page decoration. */
const maxPageShareWithProse = 0.4;
/** A diagram has several arrows or boxes per callout line; a panel has one shape for many lines. */
const minPrimitivesPerProseLine = 2;
/** One rectangle filling this share of a drawing makes it a panel when text covers it too. */
const minPanelShare = 0.7;
/** A rectangle this share as wide (or as high) as its drawing is a band across it. */
const minBandShare = 0.9;
/** Text covering this share of any drawing means a decorated text block, not a picture. */
const maxTextShare = 0.45;

interface Cluster {
  bbox: BoundingBox;
  shapeCount: number;
  pathCount: number;
  rulingCount: number;
  graphicsArea: number;
  /** Area of the cluster's biggest filled rectangle (a panel, a plot background). */
  largestRectangleArea: number;
  /** Width of its narrowest shape and height of its lowest: near its box's when every shape is a band across it. */
  narrowestShapeWidth: number;
  lowestShapeHeight: number;
}

/** Figure candidates from clusters of vector drawing (charts, diagrams) that are not tables or text boxes. */
export function findVectorRegions(content: PageContent, exclude: BoundingBox[]): FigureCandidate[] {
  const outsideTables = (box: BoundingBox) => {
    const centre = boxCentre(box);
    return !exclude.some(table => containsPoint(table, centre.x, centre.y));
  };
  const paths = content.graphics.paths.filter(outsideTables);
  const shapes = [...paths, ...content.graphics.rectangles.filter(outsideTables)];
  if (shapes.length === 0) return [];
  const clusters: Cluster[] = clusterBoxes(shapes, shapeGapPt).map(members => ({
    bbox: members.map(index => shapes[index]).reduce(unionBoxes),
    shapeCount: members.length,
    pathCount: members.filter(index => index < paths.length).length,
    rulingCount: 0,
    graphicsArea: members.reduce((sum, index) => sum + boxArea(shapes[index]), 0),
    largestRectangleArea: Math.max(0, ...members.filter(index => index >= paths.length).map(index => boxArea(shapes[index]))),
    narrowestShapeWidth: Math.min(...members.map(index => shapes[index].width)),
    lowestShapeHeight: Math.min(...members.map(index => shapes[index].height)),
  }));
  const rulings = content.graphics.rulings.map(rulingBox).filter(outsideTables);
  const joined = joinByRulings(clusters, rulings);
  return joined
    .filter(cluster => isFigure(cluster, content, exclude))
    .map(cluster => ({
      bbox: cluster.bbox,
      source: 'vector' as const,
      graphicsArea: cluster.graphicsArea,
      runIndices: [],
    }));
}

/** Axes and gridlines tie a chart's separate bars or series together (and belong to the chart). */
function joinByRulings(clusters: Cluster[], rulings: BoundingBox[]): Cluster[] {
  // Engineering drawings and maps can paint tens of thousands of each; joining them is not worth seconds.
  if (clusters.length * rulings.length > maxJoinPairs) return clusters;
  let current = clusters;
  for (const ruling of rulings) {
    const touched = current.filter(cluster => boxGap(cluster.bbox, ruling) <= rulingTouchPt);
    if (touched.length === 0) continue;
    const drawing = touched.map(cluster => cluster.bbox).reduce(unionBoxes);
    const horizontal = ruling.width >= ruling.height;
    const rulingLength = horizontal ? ruling.width : ruling.height;
    const drawingLength = horizontal ? drawing.width : drawing.height;
    if (rulingLength > maxRulingToDrawingLength * drawingLength) continue;
    if (largestUncoveredStretch(ruling, touched, horizontal) > maxUncoveredRulingShare * rulingLength) continue;
    const merged: Cluster = {
      bbox: unionBoxes(drawing, ruling),
      shapeCount: sum(touched, cluster => cluster.shapeCount),
      pathCount: sum(touched, cluster => cluster.pathCount),
      rulingCount: sum(touched, cluster => cluster.rulingCount) + 1,
      graphicsArea: sum(touched, cluster => cluster.graphicsArea),
      largestRectangleArea: Math.max(...touched.map(cluster => cluster.largestRectangleArea)),
      narrowestShapeWidth: Math.min(...touched.map(cluster => cluster.narrowestShapeWidth)),
      lowestShapeHeight: Math.min(...touched.map(cluster => cluster.lowestShapeHeight)),
    };
    current = [...current.filter(cluster => !touched.includes(cluster)), merged];
  }
  return current;
}

/** Longest part of the ruling (along its own axis) that none of the touched drawings spans. */
function largestUncoveredStretch(ruling: BoundingBox, touched: Cluster[], horizontal: boolean): number {
  const start = horizontal ? ruling.x : ruling.y;
  const end = horizontal ? ruling.x + ruling.width : ruling.y + ruling.height;
  const spans = touched
    .map(cluster => (horizontal ? [cluster.bbox.x, cluster.bbox.x + cluster.bbox.width] : [cluster.bbox.y, cluster.bbox.y + cluster.bbox.height]))
    .sort((first, second) => first[0] - second[0]);
  let largest = 0;
  let reached = start;
  for (const [spanStart, spanEnd] of spans) {
    largest = Math.max(largest, Math.min(spanStart, end) - reached);
    reached = Math.max(reached, spanEnd);
  }
  return Math.max(largest, end - reached);
}

function isFigure(cluster: Cluster, content: PageContent, exclude: BoundingBox[]): boolean {
  const { bbox } = cluster;
  if (Math.max(bbox.width, bbox.height) < minLongSidePt || Math.min(bbox.width, bbox.height) < minShortSidePt) return false;
  if (cluster.shapeCount + cluster.rulingCount < minPrimitives) return false;
  if (isInPageMarginBand(bbox, content.height)) return false;
  if (exclude.some(table => shareInside(bbox, table) >= 0.5)) return false;
  if (isTextPanel(cluster, content)) return false;
  const textShare = textAreaInside(bbox, content) / boxArea(bbox);
  if (cluster.pathCount === 0 && textShare >= maxTextShareOfBoxes) return false;
  const panel = cluster.largestRectangleArea >= minPanelShare * boxArea(bbox);
  if (panel && textShare >= maxTextShareOfBoxes) return false;
  // Rectangles that each run across the whole drawing (a box, the shaded bands of its lines) with words on
  // them: a banner behind a heading ("Appendix E"), however little of it the words cover.
  const bands =
    cluster.pathCount === 0 && (cluster.narrowestShapeWidth >= minBandShare * bbox.width || cluster.lowestShapeHeight >= minBandShare * bbox.height);
  if (bands && textShare > 0) return false;
  return textShare < maxTextShare;
}

/**
 * Prose inside a drawing is fine for a diagram (callouts along many arrows and boxes) but not for a
 * panel or page decoration: few shapes per prose line, or a drawing spread over much of the page.
 */
function isTextPanel(cluster: Cluster, content: PageContent): boolean {
  const bodyLines = countBodyTextLines(cluster.bbox, content.runs);
  if (bodyLines < maxBodyTextLines) return false;
  const primitives = cluster.shapeCount + cluster.rulingCount;
  return boxArea(cluster.bbox) >= maxPageShareWithProse * content.width * content.height || primitives < minPrimitivesPerProseLine * bodyLines;
}

function textAreaInside(bbox: BoundingBox, content: PageContent): number {
  let area = 0;
  for (const run of content.runs) {
    if (run.text.trim() !== '') area += intersectionArea(run.bbox, bbox);
  }
  return area;
}

function rulingBox(ruling: RulingLine): BoundingBox {
  return { x: ruling.x1, y: ruling.y1, width: ruling.x2 - ruling.x1, height: ruling.y2 - ruling.y1 };
}

function sum(clusters: Cluster[], value: (cluster: Cluster) => number): number {
  return clusters.reduce((total, cluster) => total + value(cluster), 0);
}
