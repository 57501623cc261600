import type { TextRun } from '../page-content.ts';

/**
 * A stretch of one text line whose runs sit close together: a table cell candidate. Word-level runs
 * of one phrase merge into one segment; a gap wider than about half an em starts a new one.
 */
export interface TextSegment {
  runIndices: number[];
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  fontSize: number;
}

/** Runs sharing a baseline band, left to right, cut into segments at wide gaps. */
export interface TextLine {
  segments: TextSegment[];
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** Largest font size on the line, in points. */
  fontSize: number;
}

/** Gap (in ems of the larger neighbouring font) above which two runs on a line belong to different cells. */
const segmentGapEms = 0.55;
/** Gap (in ems) above which joined run texts get a space between them. */
const wordGapEms = 0.15;

export function runFontSize(run: TextRun): number {
  return run.fontSize > 0 ? run.fontSize : Math.max(run.bbox.height, 1);
}

/**
 * Groups runs into lines (top to bottom) and each line into segments (left to right). Whitespace-only
 * and empty runs are skipped: they carry no position a reader relies on. In a grid of ruled cells
 * (`cellLinesApart`), a run under another of the line is never joined to it (underRunOf).
 */
export function buildTextLines(runs: readonly TextRun[], runIndices: Iterable<number>, options: { cellLinesApart?: boolean } = {}): TextLine[] {
  const visible: number[] = [];
  for (const index of runIndices) if (runs[index].text.trim() !== '') visible.push(index);
  visible.sort((a, b) => runCenterY(runs[a]) - runCenterY(runs[b]) || runs[a].bbox.x - runs[b].bbox.x);

  const groups: Array<{ indices: number[]; top: number; bottom: number }> = [];
  let current: { indices: number[]; top: number; bottom: number } | undefined;
  for (const index of visible) {
    const box = runs[index].bbox;
    const bottom = box.y + box.height;
    if (current && !(options.cellLinesApart && underRunOf(runs, current.indices, box))) {
      const overlap = Math.min(bottom, current.bottom) - Math.max(box.y, current.top);
      const smallerHeight = Math.min(box.height, current.bottom - current.top);
      if (overlap >= 0.5 * smallerHeight) {
        current.indices.push(index);
        current.top = Math.min(current.top, box.y);
        current.bottom = Math.max(current.bottom, bottom);
        continue;
      }
    }
    current = { indices: [index], top: box.y, bottom };
    groups.push(current);
  }
  return groups.map(group => lineFromRuns(runs, group.indices));
}

/**
 * Whether a box stands under (or over) a run of the line, off its baseline: the next line of that run's
 * cell. Cells centred in a ruled row set their lines half a line apart from their neighbours' ("Nombre" /
 * "d'heures" / "total" beside "Date" / "(en semaine)"), and each of them overlaps the line grown so far;
 * only the runs' own places tell the lines of one cell apart: a run that shares less than half its
 * height with a run it stands under or over is on the next line. A run drawn twice to look bold
 * overlaps itself and joins.
 */
function underRunOf(runs: readonly TextRun[], indices: readonly number[], box: TextRun['bbox']): boolean {
  return indices.some(index => {
    const other = runs[index].bbox;
    const across = Math.min(box.x + box.width, other.x + other.width) - Math.max(box.x, other.x);
    const down = Math.min(box.y + box.height, other.y + other.height) - Math.max(box.y, other.y);
    return across > 0.5 * Math.min(box.width, other.width) && down < 0.5 * Math.min(box.height, other.height);
  });
}

function lineFromRuns(runs: readonly TextRun[], indices: number[]): TextLine {
  indices.sort((a, b) => runs[a].bbox.x - runs[b].bbox.x);
  const segments: TextSegment[] = [];
  let segment: TextSegment | undefined;
  for (const index of indices) {
    const run = runs[index];
    const box = run.bbox;
    const fontSize = runFontSize(run);
    if (segment) {
      const gap = box.x - segment.right;
      if (gap <= segmentGapEms * Math.max(fontSize, segment.fontSize)) {
        // Side by side, two runs set sideways are two lines of a turned cell ("Underlying Trading" beside
        // "operating profit"), never pieces of one word.
        const sideways = run.turn !== undefined && runs[segment.runIndices[segment.runIndices.length - 1]].turn !== undefined;
        const needsSpace = (sideways || gap > wordGapEms * fontSize) && !/\s$/.test(segment.text) && !/^\s/.test(run.text);
        segment.text += (needsSpace ? ' ' : '') + run.text;
        segment.runIndices.push(index);
        segment.right = Math.max(segment.right, box.x + box.width);
        segment.top = Math.min(segment.top, box.y);
        segment.bottom = Math.max(segment.bottom, box.y + box.height);
        segment.fontSize = Math.max(segment.fontSize, fontSize);
        continue;
      }
    }
    segment = {
      runIndices: [index],
      text: run.text,
      left: box.x,
      right: box.x + box.width,
      top: box.y,
      bottom: box.y + box.height,
      fontSize,
    };
    segments.push(segment);
  }
  for (const item of segments) item.text = item.text.replace(/\s+/g, ' ').trim();
  return {
    segments,
    top: Math.min(...segments.map(item => item.top)),
    bottom: Math.max(...segments.map(item => item.bottom)),
    left: segments[0].left,
    right: Math.max(...segments.map(item => item.right)),
    fontSize: Math.max(...segments.map(item => item.fontSize)),
  };
}

function runCenterY(run: TextRun): number {
  return run.bbox.y + run.bbox.height / 2;
}
