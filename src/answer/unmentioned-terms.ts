import { captionReferenceStarts, captionReferences, type CaptionKey } from '../text/caption-references.ts';
import { financialStatementTerms } from '../search/financial-metrics.ts';
import { pageReferences, referencedPages, type PageReference } from '../search/page-references.ts';
import { latinScriptLanguage } from '../text/detect-language.ts';
import { documentLanguagesNamed, languageNamedBy } from '../text/language-names.ts';
import { queryLanguages, searchTerms } from '../text/search-terms.ts';
import { isMonthName } from '../text/month-years.ts';
import { shortenedNumber } from '../text/shortened-numbers.ts';
import { foldWord, stopwords } from '../text/stopwords.ts';
import type { ContextPassage } from './context-passage.ts';
import { namedYears } from './unmentioned-years.ts';

/**
 * What a question names that a document must hold to answer it: a year ("in 2024", "FY23"), a name (a
 * capitalised word inside a sentence: "Lincoln", "Shopee", "HAQ"), a code (letters with digits: "AR03",
 * "M250"), a number ("error 288"), a figure or table by number ("Figure 7") and a page by number
 * ("pages 100-120"). A question about something else matches the documents' words everywhere but there; a
 * document that never states the thing asked about does not answer it, however well its sentences
 * match the rest. Everything the question's own phrasing adds (answer-format instructions, examples of
 * the answer) is left out, and a misspelt name still finds the word it means.
 */
export type KeyTermKind = 'year' | 'name' | 'code' | 'number' | 'caption' | 'page';

export interface KeyTerm {
  kind: KeyTermKind;
  /** As the answer names it: "2024", "Lincoln", "AR03", "288", "Figure 7", "page 50". */
  text: string;
  /** What a document must hold: search terms (a number's or a year's in the forms the index may keep, any one of them), a caption key or a page. */
  terms: string[];
  /** A code's or name's terms stemmed in the question's language as well, when it has a stemmer: what its documents' pages hold. */
  termsInLanguage?: string[];
  caption?: CaptionKey;
  page?: PageReference;
}

/** The read-only look-ups the check needs; the page index answers them all. */
export interface DocumentWords {
  documentHolds(documentId: string, term: string): boolean;
  documentHoldsLike(documentId: string, term: string, maxEdits: number): boolean;
  pagesCaptioned(documentId: string, key: CaptionKey): number[];
  pagesNamed(documentId: string, name: string): number[];
  lastPage(documentId: string): number;
}

export interface KeyTermOptions {
  /** ISO 639-1 code of the question: languages that capitalise every noun have no names to read. */
  language?: string;
}

/** Languages that capitalise their nouns, so a capital letter does not mark a name. */
const nounCapitalising = new Set(['de', 'lb']);
/** A name's word this long or longer also matches a word one edit away ("Neflix" → "Netflix"). */
const minimumLengthForTypos = 6;

export function keyTerms(question: string, options: KeyTermOptions = {}): KeyTerm[] {
  const text = withoutInstructions(question);
  const found: KeyTerm[] = [];
  const add = (term: KeyTerm) => {
    if (!found.some(known => known.kind === term.kind && known.text === term.text)) found.push(term);
  };
  // Years count wherever they stand ("… in list format, in the 2022 survey" asks about 2022), except in
  // a bracketed example of the answer ("a list like ['2006', '2007']").
  for (const year of namedYears([question.replace(bracketed, ' ')])) add({ kind: 'year', text: year, terms: [year] });
  // A fiscal year of two digits ("FY23") is its year, held as the document writes it: "2023", "FY23" or "FY2023".
  for (const match of text.matchAll(fiscalYearPattern)) {
    const year = `${Number(match[1]) >= 50 ? '19' : '20'}${match[1]}`;
    add({ kind: 'year', text: match[0], terms: [year, `fy${match[1]}`, `fy${year}`] });
  }
  for (const caption of captionReferences(text))
    add({ kind: 'caption', text: caption.replace(/^\p{Ll}/u, letter => letter.toUpperCase()), terms: [], caption });
  for (const page of pageReferences(text)) {
    if (page.kind === 'number' && /^\d+$/u.test(page.value)) add({ kind: 'page', text: `page ${page.value}`, terms: [], page });
  }
  const namesRead = !nounCapitalising.has(options.language ?? 'en') && !mostlyUpperCase(text);
  const ownLanguage = queryLanguages(options.language ?? 'en')[1];
  const inLanguage = (token: string, terms: string[]): Pick<KeyTerm, 'termsInLanguage'> => {
    const stemmed = ownLanguage ? searchTerms(token, ownLanguage) : terms;
    return stemmed.join(' ') === terms.join(' ') ? {} : { termsInLanguage: stemmed };
  };
  // "Tabel" of "volgens Tabel 2" names a table, checked by its caption: the document may call it "Table 2".
  const captionWords = captionReferenceStarts(text);
  // "German" of "the German document" says what language it is in, which it need not name.
  const languageWords = new Set(documentLanguagesNamed(text).map(entry => entry.word));
  for (const match of text.matchAll(tokenPattern)) {
    if (captionWords.has(match.index)) continue;
    // A number joined to a word that says what it counts ("134-page", "134-seitige") names the number:
    // the word is the question's own, in its language.
    const token = match[0].match(numberWithWord)?.[1] ?? match[0];
    if (periodPattern.test(token) || placeholderPattern.test(token) || captionOrPagePattern.test(token) || financialStatementTerms(token) !== '') continue;
    const terms = searchTerms(token);
    if (terms.length === 0) continue;
    const ordinal = ordinalPattern.test(token);
    const shortened = shortenedNumber(token);
    if (shortened) {
      // "40k" as a document may write it: 40000 ("40 000", "40,000"), or 40 in a table of thousands; the
      // question's own form stays one of them ("4K" of a screen).
      const forms = [terms.join(' '), ...numberForms(String(shortened.value)), ...numberForms(shortened.amount)];
      add({ kind: 'number', text: token, terms: [...new Set(forms)] });
    } else if (/^\d+(?:[.,]\d+)*$/u.test(token) || ordinal) {
      // A number of two digits or more ("error 288", "Windows 9.0", "45th Ave."), unless it numbers a page,
      // section, figure or table (checked as such above) or is a year.
      const reference = referenceWordBefore.test(text.slice(Math.max(0, match.index - 16), match.index));
      if (!reference && token.replace(/\D/gu, '').length >= 2 && namedYears([token]).length === 0) {
        const forms = ordinal ? ordinalForms(token) : numberForms(token);
        add({ kind: 'number', text: token, terms: dayOfMonth(text, match.index, token) ? [...forms, ...ordinalForms(token)] : forms });
      }
    } else if (/\p{L}/u.test(token) && /\d/u.test(token)) {
      add({ kind: 'code', text: token, terms, ...inLanguage(token, terms) });
    } else if (namesRead && /^\p{Lu}/u.test(token) && !startsSentence(text, match.index) && !languageWords.has(foldWord(token))) {
      // Lower-case words hyphenated to a name say what it is, in the question's language ("ML-colleges",
      // "COVID-related"): the name is what comes before them.
      const name = token.replace(/['’]s$/u, '').replace(describingTail, '');
      const nameTerms = name === token ? terms : searchTerms(name);
      if (nameTerms.length > 0) add({ kind: 'name', text: name, terms: nameTerms, ...inLanguage(name, nameTerms) });
    }
  }
  return found;
}

/**
 * The passages of the given documents only, their pages ranked among themselves again (0 = the best
 * page left): when some documents of the context hold everything a question names and others do not,
 * the answer comes from those that do. Passage numbers stay as they are.
 */
export function passagesOf<T extends Pick<ContextPassage, 'documentId' | 'pageTexts'>>(passages: T[], documentIds: ReadonlySet<string>): T[] {
  const kept = passages.filter(passage => documentIds.has(passage.documentId));
  const ranks = [...new Set(kept.flatMap(passage => passage.pageTexts.map(page => page.rank)))].sort((a, b) => a - b);
  return kept.map(passage => ({ ...passage, pageTexts: passage.pageTexts.map(page => ({ ...page, rank: ranks.indexOf(page.rank) })) }));
}

/**
 * The key terms the document does not hold, in the order given (in English terms, in the question's
 * language, nor for a name in the document's own: its pages are stemmed in their language, and French
 * makes "PACA" "pac"). A name written in Latin letters is not looked for in a document written in another
 * script (`documentLanguage`): there it is spelt in that script ("Korea" is 한국), and "the Korean
 * slides" are described by a language they do not name. Nor the name of the language the document is
 * written in ("the Dutch data protection authority" of a Dutch report, which says "Nederlandse"), nor
 * initials ("VAT") in a document written in another language than the question (`questionLanguage`).
 */
export function missingFrom(terms: KeyTerm[], documentId: string, words: DocumentWords, documentLanguage?: string, questionLanguage?: string): KeyTerm[] {
  const otherScript = documentLanguage !== undefined && !latinScriptLanguage(documentLanguage);
  const otherLanguage = documentLanguage !== undefined && questionLanguage !== undefined && documentLanguage !== questionLanguage;
  const missing = terms.filter(
    term =>
      !(otherScript && term.kind === 'name' && /^[\p{Script=Latin}\p{N}\p{P}]+$/u.test(term.text)) &&
      !(otherLanguage && term.kind === 'name' && initialism.test(term.text)) &&
      !(term.kind === 'name' && documentLanguage !== undefined && languageNamedBy(term.text) === documentLanguage) &&
      !holds(term, documentId, words) &&
      !(term.termsInLanguage && holds({ ...term, terms: term.termsInLanguage }, documentId, words)) &&
      !(term.kind === 'name' && documentLanguage && holdsInLanguage(term, documentLanguage, documentId, words)),
  );
  // Two capitals ("VA", "UK") are often written out in the document ("Highland County, Virginia", "United
  // Kingdom"): they are not asked of a document that holds the question's other names.
  const writtenOut = (term: KeyTerm) => term.kind === 'name' && /^\p{Lu}{2}$/u.test(term.text);
  if (missing.every(writtenOut) && terms.some(term => term.kind === 'name' && !missing.includes(term))) return [];
  return missing;
}

/**
 * A name written as capital initials ("VAT", "EU", "WHO"): each language has its own for the same thing
 * (the French invoice's "TVA", the Dutch "BTW", "UE", "OMS"), so a document in another language than the
 * question need not hold it. A person's or a place's name is written alike in most of them.
 */
const initialism = /^\p{Lu}{2,5}$/u;

/** Whether the document holds a name as its own language stems it, when that differs from the terms already looked for. */
function holdsInLanguage(term: KeyTerm, language: string, documentId: string, words: DocumentWords): boolean {
  if (queryLanguages(language).length === 1) return false;
  const stemmed = searchTerms(term.text, language);
  const known = [term.terms, term.termsInLanguage ?? []].map(terms => terms.join(' '));
  return stemmed.length > 0 && !known.includes(stemmed.join(' ')) && holds({ ...term, terms: stemmed }, documentId, words);
}

function holds(term: KeyTerm, documentId: string, words: DocumentWords): boolean {
  switch (term.kind) {
    case 'year':
    case 'number':
      return term.terms.some(form => words.documentHolds(documentId, form));
    case 'code':
      return term.terms.every(part => words.documentHolds(documentId, part) || codeParts(part).every(piece => words.documentHolds(documentId, piece)));
    case 'name':
      return term.terms.every(part => holdsWord(part, documentId, words));
    case 'caption': {
      if (words.pagesCaptioned(documentId, term.caption!).length > 0) return true;
      // Captions the reader missed still show in running text ("see Figure 7", "Fig. 7").
      const [kind, label] = term.caption!.split(' ');
      const number = label.match(/^\d+/u)?.[0] ?? label;
      return (kind === 'figure' ? ['figure', 'fig'] : ['table']).some(word => words.documentHolds(documentId, searchTerms(`${word} ${number}`).join(' ')));
    }
    case 'page': {
      const lastPage = words.lastPage(documentId);
      const pages = referencedPages(term.page!, { pagesNamed: name => words.pagesNamed(documentId, name), lastPage });
      return [...pages.likely, ...pages.fallback].some(page => page >= 1 && page <= lastPage);
    }
  }
}

/** A word of a name: as it is, one edit away when long enough, or glued to a small word ("Liabilitiesfor"). */
function holdsWord(word: string, documentId: string, words: DocumentWords): boolean {
  if (words.documentHolds(documentId, word)) return true;
  if (word.length >= minimumLengthForTypos && words.documentHoldsLike(documentId, word, 1)) return true;
  for (let split = 2; split <= word.length - 2; split++) {
    const [head, tail] = [word.slice(0, split), word.slice(split)];
    if (stopwords.has(tail) && head.length >= 3 && words.documentHolds(documentId, searchTerms(head)[0] ?? head)) return true;
    if (stopwords.has(head) && tail.length >= 3 && words.documentHolds(documentId, searchTerms(tail)[0] ?? tail)) return true;
  }
  return false;
}

/**
 * A number as the index may hold it: "1500" also as "1,500" ("1 500"), "100,000" as "100 000". The
 * index keeps single terms and adjacent pairs, so "1500000" is looked for as "1 500" of "1,500,000".
 */
function numberForms(token: string): string[] {
  const digits = token.replace(/[.,]/gu, '');
  const parts = searchTerms(token);
  const forms = [parts.join(' ')];
  if (parts.length === 1 && digits.length >= 4)
    forms.push(
      digits
        .replace(/\B(?=(\d{3})+$)/gu, ' ')
        .split(' ')
        .slice(0, 2)
        .join(' '),
    );
  if (parts.length > 1 && /^\d{1,3}(?:,\d{3})+$/u.test(token)) forms.push(digits);
  return forms;
}

/**
 * True for a day of the month next to its month's name ("15 March", "March 15", "15. März"): a
 * document may write it as an ordinal ("Tuesday 15th March").
 */
function dayOfMonth(text: string, at: number, token: string): boolean {
  if (!/^(?:[12]\d|3[01])$/u.test(token)) return false;
  const after = text.slice(at + token.length).match(/^\.?\s+(\p{L}+)/u)?.[1];
  const before = text.slice(0, at).match(/(\p{L}+)\.?\s+$/u)?.[1];
  return [after, before].some(word => word !== undefined && isMonthName(word));
}

/** An ordinal in any of the languages' forms: a Dutch question's "45e AGM" is the "45th AGM" of an English report. */
function ordinalForms(token: string): string[] {
  const number = token.match(/^\d+/u)![0];
  return [...new Set(ordinalSuffixes.flatMap(suffix => searchTerms(`${number}${suffix}`)))];
}

/** "table1" → ["table", "1"]: a code whose letters are words of their own ("Table1-1", "top2"); others stay whole. */
function codeParts(term: string): string[] {
  const pieces = term.match(/\p{L}+|\d+/gu) ?? [term];
  return pieces.every(piece => /\d/u.test(piece) || piece.length >= 3) ? pieces.map(piece => searchTerms(piece)[0] ?? piece) : [term];
}

/**
 * The question without what only says how to answer: sentences that instruct ("Please write the answer
 * in list format.", "Round your answer to two decimals.", "Format the date as YYYY-MM-DD."), examples
 * of the answer ("e.g., ["A","B"]") and bracketed answer templates. Their words name nothing to find.
 */
export function withoutInstructions(question: string): string {
  return question
    .split(/(?<=[?!])\s*(?=\p{Lu})|(?<=\.)\s+(?=\p{Lu})/u)
    .filter(sentence => !instructionStart.test(sentence))
    .join(' ')
    .replace(/\bplease\b[^.?!]*[.?!]?/giu, ' ')
    .replace(/\b(?:e\.\s?g\.?|for example|for instance|such as)\s*[,:]?\s*(?:\[[^\]]*\]?|[^.?!;]*)/giu, ' ')
    .replace(bracketed, ' ');
}

const bracketed = /\[[^\]]*\]/gu;

const instructionStart = /^\s*(?:please|write|answer|round|give|return|format|represent|express|respond|reply|output|directly|note)\b/iu;
/** Words and numbers; a number grouped by thousands ("80,000") is one. */
const tokenPattern = /[\p{L}\p{N}]+(?:[.'’&-][\p{L}\p{N}]+|(?<=\d),\d{3}(?!\d))*/gu;
/** Fiscal years and quarters ("FY2021", "Q3", "H1"): their year is checked as a year. */
const periodPattern = /^(?:FY|CY|Q[1-4]|H[12])['’]?(?:\d{2}|\d{4})?$/iu;
/** "FY23", "FY'23", "fy 23": a fiscal year written with two digits (keyTerms). */
const fiscalYearPattern = /\bFY\s?['’]?(\d{2})\b/giu;
/** Date formats asked for ("YYYY-MM-DD"). */
const placeholderPattern = /^[YMD]+(?:[-/.][YMD]+)*$/u;
/** "Table1-1", "Fig3", "p5": figure, table and page references glued to their number, checked as such. */
const captionOrPagePattern = /^(?:fig(?:ure)?s?|tables?|tab|pages?|p|pp|slides?)\d/iu;
/** A number that numbers a page, section, figure or table ("page 6985", "Section 3.3"): checked as such or not at all. */
const referenceWordBefore = /\b(?:pages?|pp?\.|sections?|§|chapters?|fig(?:ure)?s?\.?|tables?|appendix|annex|slides?)\s*$/iu;
/** How English, Dutch, French, Spanish and Italian end an ordinal: "45th", "45e", "45ste", "2de", "1er", "45ème", "45º". */
const ordinalSuffixes = ['st', 'nd', 'rd', 'th', 'e', 'de', 'ste', 'er', 're', 'ère', 'ème', 'eme', 'º', 'ª'];
const ordinalPattern = new RegExp(`^\\d+(?:${ordinalSuffixes.join('|')})$`, 'iu');
/** "-colleges", "-related-issues": lower-case words hyphenated after a name. */
const describingTail = /(?:-\p{Ll}[\p{L}\p{N}]*)+$/u;
/** "134-page", "134-seitige", "12-month": a number and a lower-case word of three letters or more ("10-K" stays a code). */
const numberWithWord = /^(\d+(?:[.,]\d+)*)-\p{Ll}{3,}$/u;

function startsSentence(text: string, index: number): boolean {
  const before = text.slice(0, index).replace(/[\s"“”„«»'‘’`([{]+$/u, '');
  return before === '' || /[.?!:;]$/u.test(before);
}

function mostlyUpperCase(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.length > 0 && letters.filter(letter => /\p{Lu}/u.test(letter)).length > 0.6 * letters.length;
}
