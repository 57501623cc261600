/**
 * A model's copy of a passage's label (formatPassage, context-passage.ts: "[2] report.pdf · p. 1 ·
 * Introduction"). Small models copy labels as if they were part of the answer, and some go on listing
 * them until their output runs out. A label's sign is a page mark after a middle dot ("· p. 1",
 * "· pp. 3, 4", "· p. iv", "· slide 4"); it begins at the document's name when the line names one (with the `[n]` and bullet
 * before it when nothing else precedes them on the line), else at the dot, and runs to the end of its line,
 * or, inside a sentence, to the colon, bracket or dash after which the sentence goes on.
 */
export interface LabelEcho {
  /** Offsets into the text: the echo is text.slice(start, end); `end` is its line's end. */
  start: number;
  end: number;
  /** Nothing but the label is on its line (the model is listing passages, not writing an answer). */
  wholeLine: boolean;
}

const pageMark = /·\s*(?:(?:PDF\s+)?pp?\.|slides?)\s*[\divxlcdm]/iu;
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
      // A label inside a sentence ("According to report.pdf · p. 3 · Results: sales rose …") ends where
      // the sentence takes over: at a colon, a closing bracket or a dash after the page mark.
      const after = mark.index + mark[0].length;
      const close = wholeLine ? undefined : /[:)\]]\s*|\s[—–-]\s+/u.exec(line.slice(after));
      const end = close ? after + close.index + close[0].length : line.length;
      echoes.push({ start: lineStart + (wholeLine ? 0 : start), end: lineStart + end, wholeLine });
    }
    lineStart += line.length + 1;
  }
  return echoes;
}

/** The text without label echoes: whole-line labels removed with their line, others cut out of their sentence. */
export function withoutLabelEchoes(text: string, documentNames: readonly string[]): string {
  let result = text;
  for (const echo of labelEchoes(text, documentNames).reverse()) {
    const end = echo.wholeLine && result[echo.end] === '\n' ? echo.end + 1 : echo.end;
    const kept = result.slice(0, echo.start).replace(echo.wholeLine ? /$/u : /[ \t(—–-]+$/u, '');
    result = `${kept}${!echo.wholeLine && end < result.length && /\S$/u.test(kept) && /^\S/u.test(result.slice(end)) ? ' ' : ''}${result.slice(end)}`;
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
