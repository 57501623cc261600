import { boxCentre, horizontalOverlap } from '../../../documents/bounding-box.ts';
import type { TextRun } from '../page-content.ts';
import type { RuledFrame } from './ruled-frame.ts';
import { median } from './table-geometry.ts';

/** Header lines followed upward from the top rule, at most (as a header row may wrap). */
const maxHeaderLines = 3;
/** A header run this short need not stand over the body: a superscript, a unit sign, a closing bracket. */
const maxPieceCharacters = 2;

/**
 * A table ruled under its header but not above it (Word's tables with a thick rule under the header
 * row, rules between the rows, none on top): its header stands just above the top rule, outside the
 * frame the rules make. The frame grown upward over it, its top rule then parting header from body;
 * undefined when the lines above are not such a header.
 *
 * A header: lines just above the top rule (the first within 1.5 body line heights, each next one
 * touching the one below), of two runs or more that stand over at least two different columns of the
 * body (each run over some body run, but for pieces of a character or two). A caption or a sentence
 * above a table is one run across it.
 */
export function frameWithHeaderAbove(frame: RuledFrame, runs: readonly TextRun[]): RuledFrame | undefined {
  const withinColumns = (run: TextRun) => boxCentre(run.bbox).x >= frame.left && boxCentre(run.bbox).x <= frame.right;
  const body = runs.filter(run => {
    const { y } = boxCentre(run.bbox);
    return withinColumns(run) && y > frame.top && y < frame.bottom && run.text.trim() !== '';
  });
  if (body.length < 2) return undefined;
  const lineHeight = median(body.map(run => run.bbox.height));
  const above = runs.filter(run => withinColumns(run) && run.text.trim() !== '' && run.bbox.y + run.bbox.height <= frame.top + 1);
  const header: TextRun[] = [];
  let reach = frame.top - 1.5 * lineHeight;
  for (let added = true; added; ) {
    added = false;
    for (const run of above) {
      if (header.includes(run) || run.bbox.y + run.bbox.height < reach) continue;
      header.push(run);
      added = true;
    }
    const top = Math.min(...header.map(run => run.bbox.y));
    if (header.length === 0 || frame.top - top > maxHeaderLines * 1.6 * lineHeight) return undefined;
    reach = top - 0.5 * lineHeight;
  }
  if (header.length < 2) return undefined;
  const under = header.map(run => ({ run, over: body.filter(other => horizontalOverlap(other.bbox, run.bbox) > 0) }));
  // A piece of a few characters beside a word ("²" of "A/cm²", "Ω)" of "resistance (Ω)") may stand
  // past its column's numbers; the words themselves stand over them.
  if (!under.every(({ run, over }) => over.length > 0 || run.text.trim().length <= maxPieceCharacters)) return undefined;
  // Two header runs over the same body column are one column's heading wrapped, not two columns.
  const columns = new Set(under.filter(({ over }) => over.length > 0).map(({ over }) => Math.round(Math.min(...over.map(other => other.bbox.x)))));
  if (columns.size < 2) return undefined;
  const top = Math.min(...header.map(run => run.bbox.y));
  return { ...frame, top: top - 1, rowEdges: [frame.top, ...frame.rowEdges] };
}
