import { answerKind, asksAboutMoney, currencyNames, writesNumber } from './answer-cues.ts';

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
 * Other questions are not judged.
 */
export function givesAskedKind(answer: string, question: string): boolean {
  const kind = answerKind(question);
  const text = answer.replace(/\[\d+\]/gu, '').trim();
  if (kind === 'count') return writesNumber(text);
  if (kind === 'amount' && asksAboutMoney(question)) return currency.test(text) || bareAmount.test(text.replace(/[.;]$/u, ''));
  return true;
}
