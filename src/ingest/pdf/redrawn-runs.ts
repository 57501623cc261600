import type { TextRun } from './page-content.ts';

/**
 * How far apart, as a share of the font size, two runs of the same text may be drawn and still be one
 * run drawn twice: producers fake bold or a shadow by painting text again a fraction of an em away
 * (0.9 pt at 20 pt, 2.9 pt at 60 pt), and no text is meant to be read twice from the same place.
 */
const maxRedrawOffsetEm = 0.15;
/** Small type is redrawn up to this far too (a hairline offset is often fixed in points). */
const minRedrawOffset = 1.5;

/**
 * The page's runs with each run painted again over itself left out: same text, same font size, offset by
 * less than a sixth of an em in both directions, wherever the copy comes in the content stream (right
 * after each run, or the whole page again). A dropped copy's end of line moves to the run it repeats.
 * Without this, "Public Complaints" drawn twice reads "PublicPublic ComplaintsComplaints", in lines and
 * in table cells alike.
 */
export function withoutRedrawnRuns(runs: TextRun[]): TextRun[] {
  const byText = new Map<string, TextRun[]>();
  const kept: TextRun[] = [];
  for (const run of runs) {
    const same = byText.get(run.text);
    const original = same?.find(earlier => isRedrawOf(earlier, run));
    if (original) {
      original.endsLine ||= run.endsLine;
      continue;
    }
    kept.push(run);
    if (same) same.push(run);
    else byText.set(run.text, [run]);
  }
  return kept;
}

function isRedrawOf(earlier: TextRun, run: TextRun): boolean {
  if (Math.abs(earlier.fontSize - run.fontSize) > 0.05 * earlier.fontSize) return false;
  const limit = Math.max(minRedrawOffset, maxRedrawOffsetEm * earlier.fontSize);
  return Math.abs(earlier.bbox.x - run.bbox.x) < limit && Math.abs(earlier.bbox.y - run.bbox.y) < limit;
}
