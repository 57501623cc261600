import { searchTerms } from '../text/search-terms.ts';
import type { ContextPassage } from './context-passage.ts';
import type { QuoteCandidate } from './quote-candidates.ts';
import { keyTerms } from './unmentioned-terms.ts';

/**
 * The numbers a question names ("with 12 g of inhibitor", "the 45th AGM", "since '67"), each as the
 * search-term forms a text may write it in (unmentioned-terms.ts): years, pages, sections, figures and
 * tables are not among them.
 */
export function questionNumbers(question: string, language: string): string[][] {
  return keyTerms(question, { language })
    .filter(term => term.kind === 'number')
    .map(term => term.terms);
}

/**
 * Whether a table row states every number the question names: in its cells, its header and caption, or
 * the section it stands in ("Stanley Cups Since 67" over its table). The row that holds the figure for
 * 2 g does not answer the question asked about 12 g. A sentence may answer without restating the
 * number the question sets its scene with ("what happens to the 28 days left?"), so it always does.
 */
export function holdsQuestionNumbers(excerpt: QuoteCandidate, passages: readonly ContextPassage[], numbers: string[][]): boolean {
  if (numbers.length === 0 || excerpt.kind !== 'table-row') return true;
  const section = passages.find(passage => passage.n === excerpt.n)?.titlePath.join(' ') ?? '';
  const terms = new Set(searchTerms(`${excerpt.matchText} ${excerpt.text} ${section}`));
  return numbers.every(forms => forms.some(form => form.split(' ').every(part => terms.has(part))));
}
