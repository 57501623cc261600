import { foldWord, stopwordsByLanguage } from './stopwords.ts';

/**
 * The language of a question, as an ISO 639-1 code, without a model: the script for non-Latin text,
 * else the language whose common words the question uses most (English when nothing tells).
 */
export function detectLanguage(text: string): string {
  return readLanguage(text).code;
}

/**
 * The language and whether anything in the text told it (a script, common words): a planner model's
 * reading is taken only when nothing did, since a small model's plan names another language now and then.
 * A script tells when its letters weigh at least as much as the Latin ones, a character of Chinese,
 * Japanese or Korean as much as a word's worth of Latin letters: a German question quoting a Korean title
 * ("Welche ISSN hat die Publikation 이슈와 논점?") or naming a Greek letter is read by its own words, a
 * Japanese one naming "Nike" by its script.
 */
export function readLanguage(text: string): { code: string; evident: boolean } {
  const script = scriptLanguage(text);
  return script ? { code: script, evident: true } : questionLanguage(text);
}

/** The language of the script that outweighs the text's Latin letters, if one does. */
function scriptLanguage(text: string): string | undefined {
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  const present = scripts.map(script => ({ ...script, letters: text.match(script.pattern)?.length ?? 0 })).filter(script => script.letters > 0);
  const weight = present.reduce((sum, script) => sum + script.letters * script.weight, 0);
  if (present.length === 0 || weight < latin) return undefined;
  // Japanese writes Chinese characters between its kana: the first script present names the language.
  const [first] = present;
  const variant = first.variants?.find(variant => (text.match(variant.letters)?.length ?? 0) >= variant.minShare * first.letters);
  return variant?.code ?? first.code;
}

/** Whether a language is written in Latin letters (those no script of its own tells). */
export function latinScriptLanguage(code: string): boolean {
  return !scripts.some(script => script.code === code || script.variants?.some(variant => variant.code === code));
}

/**
 * Scripts that tell a language, and what one of their characters weighs against a Latin letter; a
 * script's other languages by letters of their own, when these are at least `minShare` of its letters.
 */
const scripts: Array<{ pattern: RegExp; code: string; weight: number; variants?: Array<{ code: string; letters: RegExp; minShare: number }> }> = [
  { pattern: /[\u3040-\u30ff]/gu, code: 'ja', weight: 3 },
  { pattern: /[\uac00-\ud7af]/gu, code: 'ko', weight: 3 },
  { pattern: /[\u4e00-\u9fff]/gu, code: 'zh', weight: 3 },
  { pattern: /[\u0400-\u04ff]/gu, code: 'ru', weight: 1 },
  // Persian writes پ چ ژ گ, and its own kaf and yeh (ک ی), some 7 % of its letters; Arabic none of them but in
  // a borrowed name. Persian typed with Arabic yeh (ي) still has the others.
  { pattern: /[\u0600-\u06ff]/gu, code: 'ar', weight: 1, variants: [{ code: 'fa', letters: /[\u067e\u0686\u0698\u06af\u06a9\u06cc]/gu, minShare: 0.02 }] },
  { pattern: /[\u0590-\u05ff]/gu, code: 'he', weight: 1 },
  { pattern: /[\u0370-\u03ff]/gu, code: 'el', weight: 1 },
  { pattern: /[\u0e00-\u0e7f]/gu, code: 'th', weight: 1 },
  { pattern: /[\u0900-\u097f]/gu, code: 'hi', weight: 1 },
];

/**
 * The Latin-script language of a question: the one whose common words it uses most, and whether any
 * told. What is quoted ("Was sagt der Bericht „Americans and Germans Differ…“?") is left out when the
 * rest tells, and the first word counts three times: a question opens in its own language ("Welche …",
 * "Hoe …").
 */
function questionLanguage(text: string): { code: string; evident: boolean } {
  const unquoted = commonWordLanguage(text.replace(quoted, ' '));
  const { code, evident } = unquoted.evident ? unquoted : commonWordLanguage(text);
  return { code, evident };
}

/** Quoted spans: „…“, “…”, "…", «…», and '…' between word boundaries (not an apostrophe). */
const quoted = /„[^“”"]*[“”"]|“[^”]*”|"[^"]*"|«[^»]*»|(?<![\p{L}\p{N}])'[^']+'(?![\p{L}\p{N}])/gu;
/** What a question's first word counts for beside its one count as a common word. */
const openingWeight = 2;

/** How a text's common words are counted: a question's and a document's differ (see documentLanguage). */
interface CommonWordCount {
  /** What the text's first word counts beside its one count as a common word. */
  opening: number;
  /** Words shorter than this are not counted. */
  minLength: number;
  markers: ReadonlyMap<string, ReadonlySet<string>>;
  /** Whether a language's letters ("ä", "é") add half a word. */
  diacritics: boolean;
}

/**
 * The Latin-script language whose common words the text uses most, how many it uses (`score`, half a
 * word for its letters), and whether any told.
 */
function commonWordLanguage(text: string, count: CommonWordCount = questionCount): { code: string; evident: boolean; score: number } {
  const words = [...text.matchAll(/\p{L}+/gu)].map(match => foldWord(match[0])).filter(word => word.length >= count.minLength);
  let best = 'en';
  let bestScore = 0;
  for (const [code, markers] of count.markers) {
    const first = words.length > 0 && markers.has(words[0]) ? count.opening : 0;
    const hint = count.diacritics && code !== 'en' && diacriticHints[code]?.test(text) ? 0.5 : 0;
    const score = first + words.filter(word => markers.has(word)).length + hint;
    if (score > bestScore) [best, bestScore] = [code, score];
  }
  return { code: best, evident: bestScore > 0, score: bestScore };
}

// Words frequent in questions and distinctive for their language (folded: lower case, no diacritics).
const markerWords = new Map<string, Set<string>>(
  Object.entries({
    en: 'the what which who how why when where is are does do did was were of and for with about this that please can',
    de: 'der die das und ist sind was wie wer wo warum wann welche welcher welches welchem welchen nicht mit von fur uber auf ein eine einen dem den des bitte gibt es gab im zum zur vom beim laut nach auch oder mehr viele wird werden wurde wurden haben sich noch dieses dieser diese',
    fr: 'le la les et en est sont que qui quoi comment pourquoi quand quel quelle quels quelles combien des un une pour avec dans sur du au aux ce cette ont elle ete avait etait doit peut faut selon dont leur leurs avoir etre pas sa ses nous vous je qu l il',
    es: 'el los las y en es son que cual cuales como por para con una del al donde cuando quien esta este estos',
    it: 'il lo gli e sono che chi come perche quando dove quale quali della delle degli una per con nel nella',
    pt: 'o os as e sao que qual quais como porque quando onde uma para com do da dos das no na em',
    nl: 'de het een en is zijn wat wie hoe hoeveel waarom wanneer waar welke welk niet met van voor over op ook bij naar uit wordt worden werd heeft hebben deze dit er te om je mag staat staan',
  }).map(([code, list]) => [code, new Set(list.split(' '))]),
);

/** A question's common words: all of them, its first word weighing more, its letters too. */
const questionCount: CommonWordCount = { opening: openingWeight, minLength: 1, markers: markerWords, diacritics: true };

/**
 * The words that tell a document's language: its marker words and its stopwords. A question is short and
 * opens in its own language, so "de" of "Wat is de …" tells Dutch; a document is long, and French and
 * Spanish write "de" in every line as Dutch does, English "over" as often as Dutch: such a word counts for
 * every language that writes it.
 */
const documentMarkerWords: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  [...markerWords].map(([code, markers]) => [code, new Set([...markers, ...(stopwordsByLanguage.get(code) ?? [])])]),
);

const diacriticHints: Record<string, RegExp> = {
  de: /[äöüß]/iu,
  fr: /[éèêàçù]/iu,
  es: /[ñ¿¡á]/iu,
  pt: /[ãõ]/iu,
};

/**
 * Web and mail addresses ("github.com/jbogard", "info@example.de"): their parts are no words of the
 * text's language, and a deck's "….com" on every slide read as Portuguese "com".
 */
const webAddress = /[\p{L}\p{N}_@-]+(?:\.[\p{L}\p{N}_-]+)*\.(?:com|org|net|edu|gov|io|[a-z]{2})\b[^\s]*/giu;

/**
 * A document's common words: of two letters or more (documentMarkerWords), its letters not counted: a
 * sheet of county names and column codes has none, and one "é" in a name is no French.
 */
const documentCount: CommonWordCount = { opening: 0, minLength: 2, markers: documentMarkerWords, diacritics: false };
/** Common words a document needs to be told in a language: fewer say nothing, and it is read as English. */
const minDocumentMarkers = 3;
/** Characters of a document read to tell its language: enough common words, at a bounded cost. */
const documentSampleCharacters = 50_000;

/**
 * The language a document is written in, told by the script of its first texts when it outweighs their
 * Latin letters (a Korean report quoting "COVID-19" is Korean; a formula's "α" does not make a paper
 * Greek), else by their common words of two letters or more; English when nothing tells. Single
 * letters ("o", "e", "y") are left out: a document has enough longer common words to tell, and
 * formulas, list labels and OCR noise are full of single letters.
 */
export function documentLanguage(texts: Iterable<string>): string {
  let sample = '';
  for (const text of texts) {
    sample += `${text}\n`;
    if (sample.length >= documentSampleCharacters) break;
  }
  sample = sample.slice(0, documentSampleCharacters);
  const script = scriptLanguage(sample);
  if (script) return script;
  const common = commonWordLanguage(sample.replace(webAddress, ' '), documentCount);
  return common.score >= minDocumentMarkers ? common.code : 'en';
}
