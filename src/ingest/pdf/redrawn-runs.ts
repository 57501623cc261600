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
 * after each run, or the whole page again), and pieces of a copy cut otherwise (withoutRedrawnParts).
 * A dropped copy's end of line moves to the run it repeats.
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
  return withoutRedrawnParts(kept);
}

function redrawLimit(run: TextRun): number {
  return Math.max(minRedrawOffset, maxRedrawOffsetEm * run.fontSize);
}

function sameSize(a: TextRun, b: TextRun): boolean {
  return Math.abs(a.fontSize - b.fontSize) <= 0.05 * a.fontSize;
}

function isRedrawOf(earlier: TextRun, run: TextRun): boolean {
  const limit = redrawLimit(earlier);
  return sameSize(earlier, run) && Math.abs(earlier.bbox.x - run.bbox.x) < limit && Math.abs(earlier.bbox.y - run.bbox.y) < limit;
}

/**
 * Where a part of a run may stand from where its characters' share of the run's width puts it, in ems:
 * glyphs are not all as wide.
 */
const partPlacementEm = 0.5;

/**
 * The runs without those that repeat a part of another run where that part is drawn: a shadow cut into
 * other pieces than its text ("Ordinance 657" and "Household" over "Ordinance 657- Household", "Acts of
 * God”" over "“Acts of God”"). A piece is such a part when it has the same font size, stands on the same
 * line within the redraw offset, and starts within half an em of where its text starts in the longer
 * run, reckoned by characters.
 */
function withoutRedrawnParts(runs: TextRun[]): TextRun[] {
  const byTop = runs.map((_, index) => index).sort((a, b) => runs[a].bbox.y - runs[b].bbox.y);
  const dropped = new Set<number>();
  for (let at = 0; at < byTop.length; at++) {
    const first = runs[byTop[at]];
    for (let next = at + 1; next < byTop.length && runs[byTop[next]].bbox.y - first.bbox.y < redrawLimit(first); next++) {
      const second = runs[byTop[next]];
      const [whole, part, partIndex] = first.text.length >= second.text.length ? [first, second, byTop[next]] : [second, first, byTop[at]];
      if (isRedrawnPart(whole, part)) {
        dropped.add(partIndex);
        whole.endsLine ||= part.endsLine;
      }
    }
  }
  return dropped.size === 0 ? runs : runs.filter((_, index) => !dropped.has(index));
}

/**
 * Two letters or digits at least: single glyphs of letter-spaced headings and code overlap their
 * neighbours' boxes without being drawn twice ("T" beside "TY").
 */
const wordLike = /[\p{L}\p{N}].*[\p{L}\p{N}]/u;

function isRedrawnPart(whole: TextRun, part: TextRun): boolean {
  if (!wordLike.test(part.text) || part.text.length >= whole.text.length || !sameSize(whole, part)) return false;
  const tolerance = Math.max(redrawLimit(whole), partPlacementEm * whole.fontSize);
  for (let start = whole.text.indexOf(part.text); start >= 0; start = whole.text.indexOf(part.text, start + 1)) {
    const expected = whole.bbox.x + (whole.bbox.width * start) / whole.text.length;
    if (Math.abs(expected - part.bbox.x) < tolerance) return true;
  }
  return false;
}
