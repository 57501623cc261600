import { nameWithoutExtension } from '../documents/document-name.ts';
import { contentWords } from '../search/offline-plan.ts';
import { markdownRowCells } from '../text/markdown-table-row.ts';
import { foldWord } from '../text/stopwords.ts';
import { wordMatcher } from '../text/word-stems.ts';
import { type AnswerKind, answerKind } from './answer-cues.ts';
import type { QuoteCandidate } from './quote-candidates.ts';

/** Answers a quote gives as a value of something it names. */
const valueKinds: ReadonlySet<AnswerKind> = new Set(['count', 'amount', 'percentage', 'number']);
/** A label's word this long or longer also stands for a question's word it begins ("Rep" of "Republicans"). */
const minimumShortening = 3;

/**
 * Whether a quote a model chose can hold the value a question asks for: it names something the question
 * does besides the name of the file it is in, in a word of the question or of its rewordings (`questions`: stems
 * and compound parts in `language`, a shortening such as "Rep" of "Republicans"), or a number the
 * question names. A table row does so in its label (its first filled cell): its value is of what the
 * label names. "28,318" of Apple's "Operating income" row is no count of its employees; "$22,563" of
 * NVIDIA's "Data Center" row is not its net income; "13,50€" of a line that names only the Kölner Hof
 * is not what a glass of wine costs there. A row keyed by a number, a range or a code is not judged by
 * words, nor is a quote chosen for a question that asks for something else than a value ("which country
 * …", whose answer may be the label itself). `fileName` is the file name of the quote's document: its
 * title is left in, as it often names what the document is about ("… Low-Cost Particle Sensors").
 */
export function namesWhatIsAsked(excerpt: QuoteCandidate, questions: string[], language: string, fileName = ''): boolean {
  const kind = answerKind(questions[0] ?? '');
  if (kind === undefined || !valueKinds.has(kind)) return true;
  const naming = excerpt.kind === 'table-row' ? (markdownRowCells(excerpt.source).find(cell => cell !== '') ?? '') : excerpt.text;
  const words = naming.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (excerpt.kind === 'table-row' && !words.some(word => /\p{L}{2}/u.test(word))) return true;
  const matcher = wordMatcher(language);
  const ownName = new Set((nameWithoutExtension(fileName).match(/[\p{L}\p{N}]+/gu) ?? []).map(nameKey));
  const asked = questions
    .flatMap(contentWords)
    .flatMap(word => word.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter(word => !ownName.has(nameKey(word)));
  const askedStems = asked.map(matcher.stem);
  const askedFolded = asked.map(foldWord);
  return words.some(word => {
    const stem = matcher.stem(word);
    const folded = foldWord(word);
    return (
      askedStems.some(query => matcher.matches(query, stem)) ||
      (excerpt.kind === 'table-row' && /^\p{L}+$/u.test(folded) && folded.length >= minimumShortening && askedFolded.some(query => query.startsWith(folded)))
    );
  });
}

/** A word as file names write it: folded, umlauts written out or not alike ("Kölner" and "koelner" are "kolner"). */
function nameKey(word: string): string {
  return foldWord(word.replace(/ß/gu, 'ss')).replace(/([aou])e/gu, '$1');
}
