import { foldedWords, stopwords } from '../text/stopwords.ts';
import { wordMatcher } from '../text/word-stems.ts';

/** Words by which a question offers its answers to choose from ("Clinton, Bush or Obama", "zwischen A und B"). */
const offeringWords: Record<string, ReadonlySet<string>> = {
  en: new Set(['or', 'among', 'between', 'versus', 'vs', 'either', 'whether']),
  de: new Set(['oder', 'zwischen', 'unter', 'entweder', 'ob']),
  nl: new Set(['of', 'tussen', 'onder', 'ofwel']),
  fr: new Set(['ou', 'entre', 'parmi', 'soit']),
};

/**
 * Whether a short answer only repeats words of its question: "green" for "the word written in the
 * green box", "2004" for "Series 1 in 2004", "Commission: Commission". It states nothing the reader did
 * not write, whatever the quotes under it say. An answer to a question that offers its answers
 * ("among Clinton, Bush and Obama", "yes or no") is one of the question's words by design and is not a
 * restatement; neither is an answer made of function words alone.
 */
export function restatesQuestion(answer: string, question: string, language: string): boolean {
  const { stem } = wordMatcher(language);
  const content = foldedWords(answer).filter(word => !stopwords.has(word));
  if (content.length === 0) return false;
  const questionWords = foldedWords(question);
  const offering = offeringWords[language] ?? offeringWords.en;
  if (questionWords.some(word => offering.has(word))) return false;
  const asked = new Set(questionWords.map(stem));
  return content.every(word => asked.has(stem(word)));
}
