import { answerKind, asksAboutMoney, currencyNames, writesNumber } from './answer-cues.ts';
import { foldedWords, foldWord, stopwords } from '../text/stopwords.ts';

/** A currency, by its sign or its name. */
const currency = new RegExp(String.raw`[$€£¥]|\b(?:${currencyNames}|centimes?)\b`, 'iu');
/** A number as money is written without its currency: digits, grouped, with an order of magnitude; or its change in percent. */
const bareAmount =
  /^(?:about|approximately|around|ca\.?|circa|ongeveer|environ|etwa|rund)?\s*[-–]?\d[\d,.' ]*(?:\s?(?:million|billion|thousand|mn|bn|m|k|mio|mrd|milliarden?|millionen|miljoen|miljard|millions?|milliards?)|\s?%)?$/iu;

/**
 * Whether a model's short answer is of the kind its question asks for, as far as its words tell: a
 * count holds a number (in digits or words: "vier", not "the sample was small"), and money is money:
 * a currency, or a number alone (tables rarely repeat their currency) or in percent (how much it
 * grew). "10 kWp" for "Wie viel Euro Zuschuss …?", "38,4 mB CityGML" for "Hoeveel heeft het project
 * gekost?" and "Eurostoxx 50" for "Wie viel kostet der Bausatz?" are quantities of something else.
 * A measure ("how big", "hoe hoog") holds a number too, and an answer to "who" names someone. Other
 * questions are not judged.
 */
export function givesAskedKind(answer: string, question: string): boolean {
  const kind = answerKind(question);
  const text = answer.replace(/\[\d+\]/gu, '').trim();
  // A count is of things, not of money ("575.000 euro" for "Hoeveel datalekmeldingen …?"), unless
  // the question counts money ("How many dollars …?").
  if (kind === 'count') return writesNumber(text) && (!currency.test(text) || asksAboutMoney(question));
  if (kind === 'amount' && asksAboutMoney(question)) return currency.test(text) || bareAmount.test(text.replace(/[.;]$/u, ''));
  // "How big …?", "Hoe hoog …?" want a measure; how long and how often may be said in words ("until the
  // end of March", "once a quarter").
  if (kind === 'number' && !asksHowLongOrOften.test(question)) return writesNumber(text);
  if (kind === 'name') return namesSomeone(text, question);
  return true;
}

const asksHowLongOrOften = /\b(?:how (?:long|often)|wie (?:lange?|oft)|hoe (?:lang|vaak|dikwijls)|combien de (?:fois|temps))\b/iu;

/**
 * Whether a short answer to "who …?" names someone: a capitalised word that is neither the question's
 * nor a common word ("The officers are president, vice president …" names nobody; "Vice Chair Tran",
 * "Cate" do). Nouns capitalised by their language pass: nothing tells a name from them.
 */
function namesSomeone(text: string, question: string): boolean {
  const asked = new Set(foldedWords(question));
  return [...text.matchAll(/\p{Lu}[\p{L}'’.-]*/gu)].some(match => {
    const word = foldWord(match[0].replace(/['’.-]+$/u, ''));
    return !asked.has(word) && !stopwords.has(word);
  });
}
