import { acronymDefinitions } from '../text/acronyms.ts';
import { foldWord } from '../text/stopwords.ts';

/**
 * What kind of answer a question asks for, read from its wording, and whether a sentence carries one:
 * "how many" wants a count, "what percentage" a percentage, "when" a date, "who" a name. The offline
 * answer prefers sentences that carry what was asked over sentences that merely repeat its words.
 */
export type AnswerKind = 'expansion' | 'count' | 'amount' | 'percentage' | 'date' | 'name' | 'number';

// One pattern per kind, in the languages the fixed messages speak (en, de, fr, es) plus nl; first match wins.
const kindPatterns: Array<[AnswerKind, RegExp]> = [
  // "What does NRC stand for?", "Waar staat NRC voor?", "Wofür steht BSI?", "Que signifie RGPD ?"
  [
    'expansion',
    /\b(?:stands? for|abbreviation|acronym|staat\s+\S+\s+voor|afkorting|wof[üu]r steht|steht\s+\S+\s+f[üu]r|abk[üu]rzung|signifie|veut dire|sigle)\b/iu,
  ],
  ['percentage', /\b(?:percent(?:age)?s?|per cent|proportion|share of|what share|rate of|prozent(?:satz)?|anteil|pourcentage|porcentaje|procent)\b|%/iu],
  // "wie viel" is "how much", "wie viele" "how many"; "hoeveel" is either (answerKind).
  ['count', /\b(?:how many|number of|count of|wie viele|wieviele|combien de|cu[aá]nt[oa]s|hoeveel)\b/iu],
  [
    'amount',
    /\b(?:how much|what (?:was|is|were|are) the (?:total )?(?:revenue|income|profit|cost|price|amount|sales|value|budget)|spen[dt]|spending|ausgegeben|uitgegeven|d[ée]pens[ée]e?s?|kostet|kosten|kost|co[uû]te?|wie viel|combien|cu[aá]nto|revenue|income|expenses?|cost|price|salary|budget|dollars?|euros?|usd|eur)\b/iu,
  ],
  // "when", "wanneer" and "quand" before a subject open a condition ("how big is the deposit when you
  // rent …"), not a question for a date.
  [
    'date',
    /\b(?:when(?!\s+(?:you|we|they|i|he|she|one|someone|people)\b)|what year|which year|what date|which date|what day|in welchem jahr|welche[ms]? datum|an welchem tag|wann|seit wann|quand(?!\s+(?:on|vous|nous|tu|je|il|elle|ils|elles)\b)|en quelle ann[ée]e|quelle date|cu[aá]ndo|qu[eé] fecha|wanneer(?!\s+(?:je|jij|u|we|wij|ze|zij|men|ik|hij)\b)|welke datum|welk jaar|op welke dag)\b/iu,
  ],
  ['name', /\b(?:who|whom|whose|which (?:company|person|organi[sz]ation|country|city|author)|wer|wem|wen|qui|qui[eé]n(?:es)?|wie is)\b/iu],
  [
    'number',
    /\b(?:how (?:long|old|far|large|big|high|tall|fast|often|heavy)|what (?:is|was) the (?:number|size|length|height|weight|age|score|ratio|value)|wie (?:lange?|alt|hoch|gro(?:ss|ß))|hoe (?:lang|oud|ver|groot|hoog|snel|zwaar|vaak)|which (?:year|number))\b/iu,
  ],
];

/** Currencies by name, as a pattern's alternatives (asked-kind-answer.ts adds the small French coin). */
export const currencyNames = 'euros?|eur|dollars?|usd|gbp|chf|dkk|pounds?|francs?|cents?';

/**
 * Words of a question about money, in the languages Folio answers in: a currency, or what is paid,
 * charged, earned or spent.
 */
const moneyWords = new RegExp(
  String.raw`[$€£¥]|\b(?:${currencyNames}|cost|costs|price[sd]?|pay|paid|spen[dt]|spending|fees?|dues|budget|revenue|income|expenses?|salary|donation|kostet|kosten|kost|gekost|preis|miete|geb[üu]hr|beitrag|zuschuss|umsatz|prijs|betaal[dt]?|betalen|bedrag|omzet|huur|co[uû]te?|co[uû]ts?|prix|payer|pay[ée]e?|frais|cotisation)\b`,
  'iu',
);

/** Whether a question asks about money ("what does the latte cost?", "hoeveel heeft het gekost?"). */
export function asksAboutMoney(question: string): boolean {
  return moneyWords.test(question);
}

export function answerKind(question: string): AnswerKind | undefined {
  const kind = kindPatterns.find(([, pattern]) => pattern.test(question))?.[0];
  // "Hoeveel heeft het gekost?" asks how much, "hoeveel medewerkers?" how many.
  return kind === 'count' && /\bhoeveel\b/iu.test(question) && asksAboutMoney(question) ? 'amount' : kind;
}

const numberPattern = /\d[\d,.'’ ]*\d|\d/u;
const percentagePattern = /\d(?:[\d,.]*\d)?\s?(?:%|percent\b|per cent\b|prozent\b|pour ?cent\b|por ciento\b|procent\b)/iu;
const amountPattern =
  /(?:[$€£¥]\s?\d|\d\s?[$€£¥]|\d(?:[\d,.]*\d)?\s?(?:million|billion|thousand|mn|bn|m|k|mio|mrd|milliarden?|millionen|euros?|dollars?|usd|eur)\b)/iu;
const yearPattern = /\b(?:1[89]\d\d|20\d\d)\b/u;
// English, German, Dutch and French month names and their usual shortenings.
const monthPattern =
  /\b(?:jan(?:uary|uar|uari)?|janvier|feb(?:ruary|ruar|ruari)?|f[ée]vrier|m[aä]r(?:ch|z)?|maart|mars|apr(?:il)?|avril|may|mai|mei|june?|juni|juin|july?|juli|juillet|aug(?:ust|ustus)?|ao[uû]t|sep(?:t|tember|tembre)?|o[ck]t(?:ober|obre)?|nov(?:ember|embre)?|de[cz](?:ember)?|d[ée]cembre)\b/iu;
const datePattern = /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/u;

/**
 * Whether `text` writes a day or a month of a year, not only a year: "September 12, 2022", "12. März
 * 2024", "Sept. 2022", "01.03.2024".
 */
export function writesDate(text: string): boolean {
  return datePattern.test(text) || new RegExp(`(?:${monthPattern.source}\\.?,?\\s+\\d{1,4}|\\b\\d{1,2}\\.?\\s+${monthPattern.source})`, 'iu').test(text);
}

/**
 * Whether `text` carries an answer of `kind`. For names: a capitalised word that is not at the start
 * of the text and not among the question's own words (`questionWords`, folded with foldWord).
 */
export function carriesAnswer(kind: AnswerKind, text: string, questionWords: ReadonlySet<string>): boolean {
  switch (kind) {
    case 'expansion':
      return acronymDefinitions(text).some(definition => questionWords.has(foldWord(definition.acronym)));
    case 'percentage':
      return percentagePattern.test(text);
    case 'amount':
      // Amounts in tables rarely repeat their currency; a percentage is a change, not an amount.
      return amountPattern.test(text) || hasPlainNumber(text.replace(new RegExp(percentagePattern.source, 'giu'), ' '));
    case 'count':
    case 'number':
      return hasPlainNumber(text) || numberWords.test(text);
    case 'date':
      return yearPattern.test(text) || datePattern.test(text) || (monthPattern.test(text) && numberPattern.test(text));
    case 'name':
      return [...text.matchAll(/(?<=\S\s+)\p{Lu}[\p{L}'’-]+/gu)].some(match => !questionWords.has(foldWord(match[0])));
  }
}

/** Small numbers written as words, in English, German, Dutch and French ("sept" and "neuf" are also "Sept." and "new"). */
const numberWords =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|dozen|zwei|drei|vier|f[üu]nf|sechs|sieben|acht|neun|zehn|twee|vijf|zes|zeven|negen|tien|twaalf|veertien|twintig|deux|trois|quatre|cinq|huit|dix|douze|vingt)\b/iu;

/** Whether a text writes a number at all: in digits, or a small one in words ("vier", "twelve"). */
export function writesNumber(text: string): boolean {
  return /\d/u.test(text) || numberWords.test(text);
}

/**
 * A number that is not only a year (counts and amounts are rarely 1990–2030 on their own) and not
 * glued to letters as part of a name ("COVID-19", "A320", "F1").
 */
function hasPlainNumber(text: string): boolean {
  for (const match of text.matchAll(/\d[\d,.]*/gu)) {
    const before = text.slice(Math.max(0, match.index - 2), match.index);
    const after = text.charAt(match.index + match[0].length);
    if (/\p{L}[-–]?$/u.test(before) || /\p{L}/u.test(after)) continue;
    const value = match[0].replace(/[,.]$/u, '');
    if (!/^(?:19|20)\d\d$/u.test(value)) return true;
  }
  return false;
}
