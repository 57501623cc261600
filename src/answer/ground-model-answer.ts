import type { DocumentTree } from '../documents/document-tree.ts';
import { markerNumbers } from './citation-markers.ts';
import { ClaimChecker, listPrefix, type ClaimSupport } from './claim-support.ts';
import type { ContextPassage } from './context-passage.ts';
import { markerPattern, pageMarkersAsPassages } from './page-number-markers.ts';
import { withoutLabelEchoes } from './passage-label-echo.ts';
import { resolveCitations, type ResolvedCitations } from './resolve-citations.ts';

export interface GroundedModelAnswer extends ResolvedCitations {
  /** At least one claim is supported by the passage it cites (after re-citing); otherwise "not found". */
  grounded: boolean;
  /** Claims no passage supports, as the model wrote them; left out of `text`. */
  dropped: string[];
  /** Claims cited anew: their markers named passages that do not support them, or they had none. */
  recited: number;
  /** Page numbers the model wrote as markers, read as the passage with that page. */
  pageMarkers: number[];
}

/**
 * A model's answer as far as its passages bear it out, whatever its markers say. Copied passage labels
 * are removed; a page number written as a marker becomes its passage's; then claim by claim (sentences
 * and list items, as resolve-citations.ts reads them): a claim its cited passages support keeps its
 * markers; one they do not support, or one without markers, is cited with the passage that supports it
 * (claim-support.ts) when it speaks to the question; a claim no passage supports is left out. Lead-ins that state nothing ("Here is what
 * the documents say:"), headings and table rows without numbers stay. The citations are then resolved
 * as for every answer.
 */
export function groundModelAnswer(
  answer: string,
  passages: ContextPassage[],
  options: { language: string; trees?: ReadonlyMap<string, DocumentTree>; questions?: string[] },
): GroundedModelAnswer {
  const checker = new ClaimChecker(passages, { language: options.language });
  const asked = new Set((options.questions ?? []).flatMap(question => [...checker.read(question).stems]));
  // A claim that earns its citation from the passages rather than from its own marker must also speak
  // to the question (a word of it, or a number): repeating a passage that says something else (the text
  // of a prompt injection a model obeyed) is not an answer.
  const answersQuestion = (support: ClaimSupport) => asked.size === 0 || support.numbers.length > 0 || [...support.stems].some(stem => asked.has(stem));
  const known = new Set(passages.map(passage => passage.n));
  const { text: marked, remapped } = pageMarkersAsPassages(withoutLabelEchoes(answer, [...new Set(passages.map(passage => passage.documentName))]), passages);
  const invalid = new Set<number>();
  const dropped: string[] = [];
  let supported = 0;
  let recited = 0;

  const parts = marked.split(claimBoundary);
  let carriedPrefix = '';
  for (let index = 0; index < parts.length; index += 2) {
    const claim = carriedPrefix + parts[index];
    carriedPrefix = '';
    const markers = [...claim.matchAll(markerPattern)].flatMap(match => markerNumbers(match[1]));
    for (const n of markers) if (!known.has(n)) invalid.add(n);
    const cited = [...new Set(markers.filter(n => known.has(n)))];
    const bare = claim.replace(markerPattern, ' ');
    const support = checker.read(bare);
    const tableRow = /^\s*\|/u.test(claim);
    let verdict: 'keep' | 'supported' | 'recite' | 'drop';
    let citeAs: number | undefined;
    if (cited.length > 0 && checker.supports(support, cited)) verdict = 'supported';
    else if (tableRow) verdict = support.numbers.length === 0 || passages.some(passage => checker.supports(support, [passage.n])) ? 'keep' : 'drop';
    else if (cited.length === 0 && statesNothing(bare, support.numbers.length)) verdict = 'keep';
    else {
      citeAs = answersQuestion(support) ? checker.bestSupport(support)?.n : undefined;
      verdict = citeAs === undefined ? 'drop' : 'recite';
    }
    if (verdict === 'supported') supported += 1;
    if (verdict === 'recite') {
      supported += 1;
      recited += 1;
      parts[index] = withMarker(claim.replace(markerPattern, ''), citeAs!);
    } else if (verdict === 'drop') {
      dropped.push(claim.trim());
      // A list item's bullet stays with what is left of its line.
      const separator = parts[index + 1] ?? '\n';
      if (!separator.includes('\n')) carriedPrefix = listPrefix.exec(claim)?.[0] ?? '';
      parts[index] = '';
    } else parts[index] = claim;
  }

  // Lead-ins and headings stay only beside a claim that stands.
  const text = supported > 0 ? tidy(parts.join('')) : '';
  const resolved = resolveCitations(text, passages, { trees: options.trees, language: options.language });
  for (const n of resolved.invalid) invalid.add(n);
  return {
    ...resolved,
    invalid: [...invalid].sort((a, b) => a - b),
    grounded: supported > 0 && resolved.citations.length > 0,
    dropped,
    recited,
    pageMarkers: remapped,
  };
}

/**
 * Where one claim ends: after a sentence's end mark (not after "p.", "e.g." and the like) or at a line
 * break. The split keeps the separators (odd indices), so the answer's layout survives.
 */
const claimBoundary = /((?<=[.!?。！？])(?<!\b(?:p|pp|fig|figs|no|nr|vs|ca|approx|e\.g|i\.e|z\.B|bzw|S)\.)[ \t]+|[ \t]*\n\s*)/iu;

/** A lead-in, heading or separator: no number, and a colon at its end, a heading mark, or no words. */
function statesNothing(claim: string, numbers: number): boolean {
  if (numbers > 0) return false;
  const trimmed = claim.trim();
  return trimmed.endsWith(':') || /^#{1,6}\s/u.test(trimmed) || /^\*\*[^*]+\*\*:?$/u.test(trimmed) || !/[\p{L}\p{N}]/u.test(trimmed);
}

/** The claim with `[n]` before its closing punctuation ("… 28 days [1]."), where markers belong. */
function withMarker(claim: string, n: number): string {
  const [, body, tail] = /^([\s\S]*?)([\s.!?。！？:;,"”’*)]*)$/u.exec(claim)!;
  return `${body.replace(/[ \t]+$/u, '')} [${n}]${tail.trimEnd()}`;
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]+([.,;:!?])/gu, '$1')
    .replace(/(?<=\S)[ \t]{2,}/gu, ' ')
    .replace(/[ \t]+\n/gu, '\n')
    .split('\n')
    .filter(line => !/^\s*(?:[-*•+]|\d{1,2}[.)])\s*$/u.test(line))
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}
