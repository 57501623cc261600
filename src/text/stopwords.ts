/**
 * Words that carry no topic in a question, in the languages teams write in most (English, French,
 * German, Spanish, Dutch). Lower case, without diacritics (callers fold them first). Question words are
 * here too: "which" never helps BM25. One list serves every language, so a word that is a noun elsewhere
 * stays out ("hat", "bin", "als"; Dutch "door", "men", "want").
 */
const english = `a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing done down during each either else ever every few for from
further had has have having he her here hers him his how i if in into is it its itself just let like many may me
might more most much must my no nor not now of off on once only or other our ours out over own per please same
shall she should so some such than that the their theirs them then there these they this those through to too
under until up upon us very was we were what whatever when where whether which while who whom whose why will with
within without would yes yet you your yours tell give show find list name describe explain according mentioned
mention say says said stated state based regarding among using used use into onto via`;

const french = `au aux avec ce ces cette dans de des du elle en est et eux il ils je la le les leur lui ma mais me
meme mes moi mon ne nos notre nous ou par pas pour qu que qui quel quelle quels quelles quoi sa se ses son sur ta
te tes toi ton tu un une vos votre vous comment combien pourquoi quand sont ete etre avoir`;

const german = `der die das den dem des ein eine einer eines einem einen und oder aber im in ist sind war waren
wie was wer wo wann warum welche welcher welches mit von zu zum zur auf fur nicht auch es sie er wir ihr ich
bei aus nach uber unter haben habe hast hatte hatten wird werden wurde wurden kann konnen muss mussen
soll sollen gibt bist wenn dass nur noch schon sehr viel viele vielen vieler vielem vieles mehr diese dieser dieses`;

const spanish = `el la los las un una unos unas y o pero en es son fue del al con por para que cual cuales como
cuando donde quien quienes cuanto cuantos se su sus lo le les mas muy sin sobre entre`;

const dutch = `de het een en van in op te dat die dit deze er ze zij hij wij we ik je jij hun hem haar mijn ons onze uw
zich wat wie waar wanneer waarom hoe hoeveel welk welke niet geen niets iets met voor bij naar uit om aan dan
maar of tot tegen tussen onder sinds volgens na zo zoals omdat toen nog al wel ook veel meer meest alle elke zijn
is was waren wordt worden werd werden heeft hebben kan kunnen kon zal zullen zou zouden moet moeten mag mogen wil
willen staat staan daar hier noemt noemen genoemd vermeld vermeldt geef noem beschrijf`;

/** Each list's words, by ISO 639-1 code. */
export const stopwordsByLanguage: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({ en: english, fr: french, de: german, es: spanish, nl: dutch }).map(([code, list]) => [
    code,
    new Set(list.split(/\s+/).filter(word => word.length > 0)),
  ]),
);

export const stopwords: ReadonlySet<string> = new Set([...stopwordsByLanguage.values()].flatMap(words => [...words]));

/** Lower case without diacritics, for comparing words across spellings ("Über" = "uber"). */
export function foldWord(word: string): string {
  return withoutMarks(word).toLowerCase();
}

/** Diacritics removed, capitals kept: foldWord but for the case. */
export function withoutMarks(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** A text's words (runs of letters and digits), folded, in order. */
export function foldedWords(text: string): string[] {
  return foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A word of capitals alone ("IT", "NOS", "A"). */
const capitals = /^\p{Lu}+$/u;

/**
 * True for the word at `index` of `words` (as written, capitals kept) when it is written as an acronym
 * of two to five capitals among words that are not capitals: "NOS" of "Operating System (NOS)", "IT"
 * of "the IT budget", "WHO" of "the WHO guideline" are names, even though "nos", "it" and "who" are
 * stopwords. A run of capitals ("ABOUT US", a heading in capitals) is no acronym.
 */
export function writtenAsAcronym(words: readonly string[], index: number): boolean {
  const word = words[index];
  if (word === undefined || !/^\p{Lu}{2,5}$/u.test(word)) return false;
  const before = words[index - 1];
  const after = words[index + 1];
  return !(before !== undefined && capitals.test(before)) && !(after !== undefined && capitals.test(after));
}
