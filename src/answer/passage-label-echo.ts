/**
 * A model's copy of a passage's label (formatPassage, context-passage.ts: "[2] report.pdf · p. 1 ·
 * Introduction"). Small models copy labels as if they were part of the answer, and some go on listing
 * them until their output runs out. A label's sign is a page mark after a middle dot ("· p. 1",
 * "· pp. 3, 4"); it begins at the document's name when the line names one (with the `[n]` and bullet
 * before it when nothing else precedes them on the line), else at the dot, and runs to the end of its line.
 */
export interface LabelEcho {
  /** Offsets into the text: the echo is text.slice(start, end); `end` is its line's end. */
  start: number;
  end: number;
  /** Nothing but the label is on its line (the model is listing passages, not writing an answer). */
  wholeLine: boolean;
}

const pageMark = /·\s*pp?\.\s*\d/u;
const labelPrefix = /^[\s>*•-]*(?:\[\d+\]\s*)*[*(]*$/u;

export function labelEchoes(text: string, documentNames: readonly string[]): LabelEcho[] {
  const echoes: LabelEcho[] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const mark = pageMark.exec(line);
    if (mark) {
      const before = line.slice(0, mark.index);
      const named = Math.max(-1, ...documentNames.filter(name => name.length > 0).map(name => before.lastIndexOf(name)));
      const start = named >= 0 ? named : mark.index;
      const wholeLine = labelPrefix.test(line.slice(0, start));
      echoes.push({ start: lineStart + (wholeLine ? 0 : start), end: lineStart + line.length, wholeLine });
    }
    lineStart += line.length + 1;
  }
  return echoes;
}

/** The text without label echoes: whole-line labels removed with their line, others cut from the line. */
export function withoutLabelEchoes(text: string, documentNames: readonly string[]): string {
  let result = text;
  for (const echo of labelEchoes(text, documentNames).reverse()) {
    const end = echo.wholeLine && result[echo.end] === '\n' ? echo.end + 1 : echo.end;
    result = `${result.slice(0, echo.start).replace(echo.wholeLine ? /$/u : /[ \t(—–-]+$/u, '')}${result.slice(end)}`;
  }
  return result.replace(/\n{3,}/gu, '\n\n').trim();
}

/**
 * Where a streamed answer stops being an answer: at the first whole-line label after some answer text,
 * or at the second whole-line label when nothing came between (a reply that only lists passages).
 * Labels inside a line (a model naming its source after a claim) are removed later, not cut at.
 */
export function labelListingStart(text: string, documentNames: readonly string[]): number | undefined {
  const echoes = labelEchoes(text, documentNames).filter(echo => echo.wholeLine);
  for (const [index, echo] of echoes.entries()) {
    if (index > 0 || /[\p{L}\p{N}]/u.test(withoutLabelEchoes(text.slice(0, echo.start), documentNames))) return echo.start;
  }
  return undefined;
}
