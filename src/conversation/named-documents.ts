import { nameWithoutExtension } from '../documents/document-name.ts';
import type { DocumentRecord } from '../documents/types.ts';
import { recordLanguage } from '../documents/record-language.ts';
import { readLanguage } from '../text/detect-language.ts';
import { withinEdits } from '../text/edit-distance.ts';
import { fileNameMonthYears, monthYearsWritten } from '../text/month-years.ts';
import { stem } from '../text/search-terms.ts';
import { foldedWords, foldWord, stopwords } from '../text/stopwords.ts';

/**
 * Words of file names that name no document in particular: format and version words, and what many
 * documents are called ("report", "final"). A name made only of these (and numbers) is matched whole.
 */
const genericNameWords = new Set(
  `pdf docx doc pptx ppt xlsx xls odt odp ods txt final draft report release version copy new old update updated
  v1 v2 v3 en de nl fr es it pt the and for of`.split(/\s+/),
);
/** More documents than this named at once is no focus: the words are too common among the names. */
const maxNamed = 3;

/** Folded words; "10-K" and "U.S." also as one word ("10k", "us"). */
function wordsOf(text: string): Set<string> {
  const words = new Set(foldedWords(text));
  for (const joined of foldWord(text).match(/[\p{L}\p{N}]+(?:[-.][\p{L}\p{N}]+)+/gu) ?? []) words.add(joined.replace(/[-.]/g, ''));
  return words;
}

/** Folded words, and hyphenated names of letters written as one ("Logic-LM" also "logiclm"; "2-Level" not). */
function writtenNameWords(text: string): Set<string> {
  const words = new Set(foldedWords(text));
  for (const joined of foldWord(text).match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu) ?? []) {
    if (joined.split('-').every(part => /\p{L}/u.test(part))) words.add(joined.replace(/-/g, ''));
  }
  return words;
}

/** A question's words, and each two neighbours written together: "Activision Blizzard" names "ACTIVISIONBLIZZARD_2019_10K.pdf". */
function withJoinedPairs(text: string): Set<string> {
  const words = wordsOf(text);
  const sequence = foldedWords(text);
  for (let index = 1; index < sequence.length; index++) words.add(sequence[index - 1] + sequence[index]);
  return words;
}

/**
 * The words of a name written in camel case, folded: "AvoidingMicroserviceMegadisasters" is "avoiding",
 * "microservice" and "megadisasters". Only words of two such parts or more of three letters or more:
 * "PwC" and "McKinsey" stay whole.
 */
function camelCaseParts(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(word => {
    if (!/\p{Ll}\p{Lu}/u.test(word)) return [];
    const parts = word.match(/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+/gu) ?? [];
    return parts.filter(part => part.length >= 3).length >= 2 ? parts.map(foldWord) : [];
  });
}

/** The words of a file name (without its extension) that may name it in a question, camel-case parts too. */
function nameWords(name: string): string[] {
  const stem = nameWithoutExtension(name);
  return [...new Set([...wordsOf(stem), ...camelCaseParts(stem)])].filter(
    word =>
      word.length >= 2 &&
      // "FINAL2", "v5e": a generic word with a number is still generic.
      !genericNameWords.has(word.replace(/\d+[a-z]?$/, '')) &&
      !stopwords.has(word) &&
      !/^\d+$/.test(word) &&
      !/^[0-9a-f]{16,}$/.test(word),
  );
}

/** The words of a name as written (nameWords without the joined forms of hyphenated parts). */
function spelledWords(name: string): string[] {
  const stem = nameWithoutExtension(name);
  const spelled = new Set(foldedWords(stem));
  return nameWords(name).filter(word => spelled.has(word));
}

/**
 * How a question may write a file's name whole: as it is ("handbook.pdf"), a distinctive stem without
 * its extension or version ("2303.08559" of "2303.08559v2.pdf", "3M_2018_10K"): one of eight
 * characters or more with a digit and no space, as names of papers, forms and reports are, other than a
 * digest; and the stem's words written apart, when it has two or more and one of them says more than a
 * format, version or number ("the watch d" of "watch_d.pdf", "Macbook Air" of "Macbook_air.pdf").
 */
function fileNameForms(name: string): string[] {
  const folded = foldWord(name);
  const stem = nameWithoutExtension(folded);
  const forms = [folded, stem, stem.replace(/v\d+$/, '')];
  // A digest names nothing a person would write (nameWords).
  const whole = [...new Set(forms)].filter(
    form => form === folded || (form.length >= 8 && /\d/.test(form) && !/\s/.test(form) && !/^[0-9a-f]{16,}$/.test(form)),
  );
  const words = foldedWords(stem);
  return words.length >= 2 && nameWords(name).some(word => word.length >= 3) ? [...whole, words.join(' ')] : whole;
}

/** True when `text` has `form` with no letter or digit joined to it on either side. */
function writesWhole(text: string, form: string): boolean {
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + form.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

/** A document is named by a word of its name only when at most this many documents' pages hold the word. */
const maxDocumentsHolding = 2;
/**
 * A name the question writes that few documents hold names the one of them it is on this many pages
 * of at least, and this share of them: what that document is about ("ISRO", "Furman Center", "NTU" of
 * NTU's prospectus, not of papers by its staff), where the others mention it in passing.
 */
const minPagesNaming = 3;
const minShareOfPagesNaming = 0.1;
/** …when at most this many documents hold the name, each of the others on no more pages than this. */
const maxDocumentsHoldingNaming = 3 * maxDocumentsHolding;
const maxPagesInPassing = 1;

/**
 * A company's legal form ("Continental AG", "Netflix, Inc."): every page of a company's report may
 * write it, and it names no document ("une résolution d'AG ordinaire" is about a general assembly).
 */
const legalForms = new Set('ag gmbh kg ohg se inc ltd llc plc corp co sa sas sarl bv nv'.split(' '));

/** A German noun by its ending ("Leistung", "Sicherheit", "Gesellschaft"): a thing, never a name. */
const abstractNoun = /\p{L}{3}(?:ung|heit|keit|schaft|t[aä]t|ion|ismus|nis|tum)(?:en|e|s|se)?$/u;

/** What naming reads of the space's pages (question-focus.ts spaceWordsIn). */
export interface SpaceWords {
  /** How many documents of the space hold each word in their pages. */
  documentsHolding(words: string[]): Promise<Map<string, number>>;
  /** Of the documents whose pages hold the word (asked only for words few documents hold): on how many of their pages, by id. */
  pagesHolding(word: string): Promise<Map<string, number>>;
}

/**
 * The ready documents a question names: by its file name ("according to handbook.pdf"), by two words of
 * its name at least one of which no other name has ("the Honor Watch", "nova Y70"), or by one such word
 * that few documents' pages hold ("in the Nike 10-K", "im Mietvertrag", "volgens de huurovereenkomst").
 * A typo of one letter is forgiven in words of six letters or more, two in words of fourteen or more
 * (two written together: "activison blizard"); three-letter words count when they
 * are in the name and, to name it alone, written as an acronym ("NUS", "PwC"); two-character ones only
 * when written as an acronym ("3M", "AC"). `spaceWords.documentsHolding(words)` says how many
 * documents of the space hold each word in their pages: a name word common in the space's text ("Pew
 * Research Center" across many Pew reports) names no document. Names of hex digests and numbers never
 * match. A document is also named by runs of its printed title or of the words its first pages open
 * with (titleRuns); by a word of either that the question writes as a name and no other document has
 * (openingNameWords); by a name the question writes that few documents hold and only its pages often
 * (minPagesNaming); and by the month and year its file name alone is dated to ("the April 2021 report"
 * of PP_2021.04.22_voting-access.pdf). Empty when none is named, or when more than three are (the words
 * are then too common to be a choice). Of several named, those whose title the question quotes ("…")
 * are kept.
 */
export async function namedDocuments(question: string, ready: DocumentRecord[], spaceWords: SpaceWords): Promise<DocumentRecord[]> {
  const asked = withJoinedPairs(question);
  // Three-letter name words ("NUS", "PwC") count only when the question writes them as an acronym.
  // …and two-character ones ("3M", "AC") only so.
  // A form's name, capitals and a number joined by a hyphen ("W-9", "SF-424"), is written so too, and
  // named as a file name writes it ("w9" of en_w9_form.pdf).
  const acronyms = new Set(
    (question.match(/\b(?:\p{Lu}[\p{L}\p{N}]*\p{Lu}[\p{L}\p{N}]*|\p{N}+\p{Lu}+|\p{Lu}+\p{N}+|\p{Lu}{1,3}-\p{N}{1,4})\b/gu) ?? []).map(word =>
      foldWord(word).replace('-', ''),
    ),
  );
  // Words written as names ("Nike", "Netflix-Bericht", "Mietvertrag"): one word alone names a document
  // only so, or "how long do refunds take?" would be about refund-policy.pdf.
  // A word with a capital inside is a name whole ("nEUro", "iPhone"), not the part from its capital on.
  const nameRuns =
    question.match(/(?<![\p{L}\p{N}])\p{Ll}*\p{Lu}[\p{L}\p{N}]*(?:[-.][\p{L}\p{N}]+)*(?:\s+\p{Ll}*\p{Lu}[\p{L}\p{N}]*(?:[-.][\p{L}\p{N}]+)*)*/gu) ?? [];
  const capitalized = new Set(nameRuns.flatMap(run => [...withJoinedPairs(run)]));
  // A word of a name written in several words ("John Glenn", "WARN-overzicht") names a document by its
  // pages only when that document also holds the name's other words that some document holds: "John"
  // of a research aid about Suriname is not "John Glenn" of a spreadsheet of deaths. A German run of
  // capitals is nouns, not a name ("RECA-Programm").
  const restOfNameHeld = async (word: string, record: DocumentRecord) => {
    if (nounsCapitalized) return true;
    for (const run of nameRuns.map(foldedWords).filter(words => words.length >= 2 && words.includes(word))) {
      const others = run.filter(other => other !== word && other.length >= 3 && !stopwords.has(other));
      const documents = others.length > 0 ? await spaceWords.documentsHolding(others) : new Map<string, number>();
      // A word many documents hold says nothing of which one is meant.
      for (const other of others.filter(other => (documents.get(other) ?? 0) >= 1 && (documents.get(other) ?? 0) <= maxDocumentsHoldingNaming)) {
        if (!(await spaceWords.pagesHolding(other)).has(record.id)) return false;
      }
    }
    return true;
  };
  const foldedQuestion = foldWord(question);
  const words = new Map(ready.map(record => [record, nameWords(record.name)] as const));
  const namesHolding = new Map<string, number>();
  for (const list of words.values()) for (const word of new Set(list)) namesHolding.set(word, (namesHolding.get(word) ?? 0) + 1);
  // A name's hyphenated words written as one ("top10" of "Top-10") are another name's too when it writes
  // them apart ("Top 10-2017"): no word of its own.
  const writtenApart = new Map<string, number>();
  for (const record of ready) {
    const folded = foldedWords(nameWithoutExtension(record.name));
    const joined = new Set(
      folded
        .slice(0, -1)
        .flatMap((word, index) => [word + folded[index + 1]!, ...(index + 2 < folded.length ? [word + folded[index + 1]! + folded[index + 2]!] : [])]),
    );
    for (const word of joined) writtenApart.set(word, (writtenApart.get(word) ?? 0) + 1);
  }
  const ownWord = (word: string) => namesHolding.get(word) === 1 && (writtenApart.get(word) ?? 0) <= 1;
  // A typo: one letter off (two in a pair of words written together), and not itself a word of some document's name ("brochure" is no typo of "ebrochure").
  const mentionedIn = (words: Set<string>) => (word: string) =>
    words.has(word) ||
    (word.length >= 6 &&
      [...words].some(candidate => candidate.length >= 5 && !namesHolding.has(candidate) && withinEdits(candidate, word, word.length >= 14 ? 2 : 1)));
  const mentions = mentionedIn(asked);
  const written = mentionedIn(capitalized);
  const spacedQuestion = foldedWords(question).join(' ');
  const byFileName = ready.filter(record => fileNameForms(record.name).some(form => writesWhole(foldedQuestion, form) || writesWhole(spacedQuestion, form)));
  // Per document: the words of its name the question mentions, and those of them no other name has.
  const byWord = new Map<DocumentRecord, { all: string[]; own: string[] }>();
  // Two words or more of a name other names share ("US views on China", of two such reports), or one
  // they share written as a name ("the OWASP 2013 slides"), with a year the name has: the year tells which.
  const years = new Set(question.match(/\b(?:19|20)\d\d\b/gu) ?? []);
  const byYear: DocumentRecord[] = [];
  const sharing = new Map<DocumentRecord, { all: string[]; own: string[] }>();
  for (const record of ready) {
    if (byFileName.includes(record)) continue;
    const all = words
      .get(record)!
      .filter(word => /\p{L}/u.test(word) && (word.length >= 4 ? mentions(word) : word.length === 3 ? asked.has(word) : acronyms.has(word)));
    const own = all.filter(word => ownWord(word) && (word.length >= 4 || acronyms.has(word)));
    const shared = all.filter(word => (namesHolding.get(word) ?? 0) <= maxNamed && word.length >= 4 && (written(word) || acronyms.has(word)));
    if (own.length > 0) byWord.set(record, { all, own });
    else if (all.length >= 2 && [...wordsOf(record.name)].some(word => years.has(word))) byYear.push(record);
    else if (shared.length > 0) sharing.set(record, { all, own: shared });
  }
  // One shared name in capitals ("OWASP") and a year: the year tells which only when one name has it.
  // A country's or a place's name shared with a year ("China … in 2021") is what the question is about.
  const datedSharing = [...sharing]
    .filter(([record, entry]) => entry.own.some(word => acronyms.has(word)) && [...wordsOf(record.name)].some(word => years.has(word)))
    .map(([record]) => record);
  if (datedSharing.length === 1) byYear.push(datedSharing[0]);
  // A name word a few names share, written as a name, names them together ("the ONLYOFFICE
  // presentation" of a deck and a workbook named ONLYOFFICE-…), unless a year of one's name or a word of
  // its own ("Beispielpräsentation") tells which; else the kind or language asked for may
  // (documentsInQuestion in question-focus.ts).
  const namedByOwn = new Set([...byFileName, ...byWord.keys()].flatMap(record => words.get(record)!));
  if (byYear.length === 0) {
    for (const [record, entry] of sharing) if (!entry.own.some(word => namedByOwn.has(word))) byWord.set(record, entry);
  }
  // German writes every noun with a capital: a German question's "Mitarbeiter" is no name, and a German
  // opening's capitals are mostly nouns, so such a question names no German document by its opening's words.
  const nounsCapitalized = readLanguage(question).code === 'de';
  const byOpeningWord = openingNameWords(
    ready.filter(record => !byFileName.includes(record) && !(nounsCapitalized && recordLanguage(record) === 'de')),
    words,
    { capitalized, acronyms },
  );
  const byTitle = titleRuns(
    question,
    ready.filter(record => !byFileName.includes(record)),
  );
  // Names written in the question, for the pages that hold them: of four characters or more, or acronyms.
  const writtenNames = [...capitalized].filter(
    word => /\p{L}/u.test(word) && (word.length >= 4 || (word.length >= 2 && acronyms.has(word))) && !stopwords.has(word) && !genericNameWords.has(word),
  );
  const mentionedWords = [
    ...new Set([
      ...[...byWord.values()].flatMap(entry => entry.all),
      ...[...byTitle.values()].flatMap(entry => entry.words),
      ...[...byOpeningWord.values()].flat(),
      ...writtenNames,
    ]),
  ];
  const holding = mentionedWords.length > 0 ? await spaceWords.documentsHolding(mentionedWords) : new Map<string, number>();
  const held = (word: string) => holding.get(word) ?? 0;
  // One word, written as a name, names a document when few documents' pages hold it; two words when the rarer of them is
  // held by a few more, or when they are all its name has ("nova Y70", "Honor Watch GS Pro"). A name
  // common in the text ("Pew Research Center", of one of many Pew reports) names none.
  const named = [
    ...byFileName,
    ...[...byWord]
      .filter(([record, entry]) =>
        entry.all.length >= 2
          ? entry.all.length === spelledWords(record.name).length || Math.min(...entry.all.map(held)) <= 3 * maxDocumentsHolding
          : entry.own.some(word => held(word) <= maxDocumentsHolding && (written(word) || acronyms.has(word))),
      )
      .map(([record]) => record),
    ...byYear,
  ];
  // A word of its file name that is the initials of a name the question writes in several words: "zds"
  // of fr_zds_pv_ago_2021_scan.pdf for "Zeste de Savoir".
  const initials = nameInitials(question);
  for (const record of ready) if (!named.includes(record) && words.get(record)!.some(word => initials.has(word))) named.push(record);
  // The month and year its file name is dated to, when no other file name has them: "the April 2021 report".
  const months = monthYearsWritten(question);
  if (months.size > 0) {
    const dated = ready.filter(record => [...fileNameMonthYears(record.name)].some(month => months.has(month)));
    if (dated.length === 1 && !named.includes(dated[0])) named.push(dated[0]);
  }
  // A word of a name already named ("OWASP" of the 2017 deck, picked by its year from the decks whose
  // names share it) names no other document by its opening.
  const namedNameWords = new Set(named.flatMap(record => words.get(record)!));
  for (const [record, own] of byOpeningWord) {
    if (!named.includes(record) && own.some(word => held(word) <= maxDocumentsHolding && !namedNameWords.has(word))) named.push(record);
  }
  // A run of its title names a document when a word of it is held by few documents' pages ("program-guided
  // reasoning"), a short title only when one of its words is nearly its own ("Netflix, Inc." yes, "User
  // Manual" no). A run of its opening, always three words or more, only when a word of it is so held.
  for (const [record, { words: run, opening }] of byTitle) {
    const limit = opening
      ? run.length > titleRunWords
        ? Number.POSITIVE_INFINITY
        : 3 * maxDocumentsHolding
      : run.length > titleRunWords || writesTitle(question, record.title!)
        ? Number.POSITIVE_INFINITY
        : run.length === titleRunWords
          ? 3 * maxDocumentsHolding
          : maxDocumentsHolding;
    if (!named.includes(record) && Math.min(...run.map(held)) <= limit) named.push(record);
  }
  // A word that names a document by its file name names no other by its pages: "the BBA-brochure of
  // NUS" is NUS's brochure, not the one document whose pages call themselves a brochure. Nor does a
  // label with a digit: "Q1" of "Vodafone's churn in Q1" is no name, whatever paper calls its queries so.
  const namingByName = named.flatMap(record => words.get(record)!);
  // …also as the end of a name word ("brochure" of camry_ebrochure.pdf).
  const inNamedName = (name: string) => namingByName.some(word => word === name || (name.length >= 5 && word.endsWith(name)));
  const pageNames = writtenNames.filter(
    name =>
      !legalForms.has(name) &&
      !(nounsCapitalized && abstractNoun.test(name)) &&
      held(name) >= 1 &&
      held(name) <= maxDocumentsHoldingNaming &&
      !inNamedName(name) &&
      !/\p{N}/u.test(name),
  );
  for (const word of pageNames) {
    const pages = await spaceWords.pagesHolding(word);
    const about = ready.filter(record => (pages.get(record.id) ?? 0) >= Math.max(minPagesNaming, minShareOfPagesNaming * record.pageCount));
    const inPassing = [...pages.values()].filter(count => count <= maxPagesInPassing).length;
    if (about.length === 1 && inPassing === pages.size - 1 && !named.includes(about[0]) && (await restOfNameHeld(word, about[0]))) named.push(about[0]);
  }
  const quoted = named.length > 1 ? quotedRuns(question) : [];
  const quoting = quoted.length > 0 ? named.filter(record => quotes(quoted, record)) : [];
  if (quoting.length > 0) return quoting;
  return named.length > maxNamed ? [] : named;
}

/**
 * The initials of each name a question writes in two capitalised words or more, with the small words
 * between them (of three letters at most) or without: "zds" and "zs" of "Zeste de Savoir". A name's
 * initials are of all its words (not "acl" of "Automatically Correcting Large Language Models"), after
 * the function words that open a sentence ("In the …"). Of three letters or more: two are too often
 * another word of a file name.
 */
function nameInitials(question: string): Set<string> {
  const found = new Set<string>();
  for (const match of question.matchAll(/\p{Lu}[\p{L}'’-]*(?:\s+(?:\p{Ll}{1,3}\s+)?\p{Lu}[\p{L}'’-]*)+/gu)) {
    const words = match[0].split(/\s+/u);
    const first = words.findIndex(word => /^\p{Lu}/u.test(word) && !stopwords.has(foldWord(word)));
    const name = first < 0 ? [] : words.slice(first);
    if (name.length < 2) continue;
    for (const spelled of [name, name.filter(word => /^\p{Lu}/u.test(word))]) {
      const letters = foldWord(spelled.map(word => word.charAt(0)).join(''));
      if (letters.length >= 3) found.add(letters);
    }
  }
  return found;
}

/** Text between double quotation marks, as a question writes a title: "…", “…”, „…“, «…». */
const quotedText = /"([^"]{3,200})"|“([^”]{3,200})”|„([^“”]{3,200})[“”]|«([^»]{3,200})»/gu;

/** The phrases of two title words or more a question puts in quotation marks, as ReadText phrases. */
function quotedRuns(question: string): string[] {
  return [...question.matchAll(quotedText)]
    .map(match => titleWords(match.slice(1).find(Boolean)!).map(word => stem(word)))
    .filter(run => run.length >= 2)
    .map(run => ` ${run.join(' ')} `);
}

/**
 * True when a quoted phrase (quotedRuns) stands in the document's title, opening or file name: of
 * several documents named, the one whose title is quoted ('the "Opportunity of a Lifetime" graduate
 * programme brochure' names one brochure, not two).
 */
function quotes(runs: string[], record: DocumentRecord): boolean {
  const texts = [record.title, record.opening, nameWithoutExtension(record.name)].filter((text): text is string => Boolean(text));
  return texts.some(text => runs.some(run => readText(text).phrase.includes(run)));
}

/** A title or opening as it is compared: its title words, their stems joined as a phrase, and its name words. */
interface ReadText {
  words: string[];
  stems: string[];
  /** The stems one space apart, with a space at either end. */
  phrase: string;
  /** Words that may name the document alone (openingNameWords). */
  names: string[];
}

/**
 * Texts already read, by text: records are listed afresh for every question, but their titles and
 * openings repeat, and reading them is most of what naming costs. Oldest first out past the bound.
 */
const readTexts = new Map<string, ReadText>();
const maxReadTexts = 20_000;

function readText(text: string): ReadText {
  let read = readTexts.get(text);
  if (read === undefined) {
    const words = titleWords(text);
    const stems = words.map(word => stem(word));
    const names = [...writtenNameWords(text)].filter(word => word.length > 1 && /\p{L}/u.test(word) && !stopwords.has(word) && !genericNameWords.has(word));
    read = { words, stems, phrase: ` ${stems.join(' ')} `, names };
    if (readTexts.size >= maxReadTexts) readTexts.delete(readTexts.keys().next().value!);
    readTexts.set(text, read);
  }
  return read;
}

/**
 * Per document, the words of its title and opening (document-opening.ts) the question writes as names
 * (`capitalized`; of three letters or fewer, as `acronyms`) that no other document's title, opening or
 * name has: the company, agency or product a document is known by ("the Sony help guide", "ITC
 * Limited's governance report"). A typo of one letter is forgiven in words of six letters or more, when
 * the question's word is no word of any document's ("Quality" is no typo of "qualité").
 */
function openingNameWords(
  records: DocumentRecord[],
  names: Map<DocumentRecord, string[]>,
  question: { capitalized: Set<string>; acronyms: Set<string> },
): Map<DocumentRecord, string[]> {
  const wordsOfRecord = new Map(
    [...names].map(([record, nameWordList]) => [
      record,
      new Set([...(record.title ? readText(record.title).names : []), ...(record.opening ? readText(record.opening).names : []), ...nameWordList]),
    ]),
  );
  const holding = new Map<string, number>();
  for (const list of wordsOfRecord.values()) for (const word of list) holding.set(word, (holding.get(word) ?? 0) + 1);
  const typos = [...question.capitalized].filter(word => word.length >= 5 && !holding.has(word));
  const asWritten = (word: string) =>
    word.length <= 3 ? question.acronyms.has(word) : question.capitalized.has(word) || (word.length >= 6 && typos.some(typo => withinEdits(typo, word, 1)));
  const found = new Map<DocumentRecord, string[]>();
  for (const record of records) {
    const own = [...wordsOfRecord.get(record)!].filter(word => holding.get(word) === 1 && asWritten(word));
    if (own.length > 0) found.set(record, own);
  }
  return found;
}

/**
 * A title names its document by this many of its words in a row ("program-guided reasoning") when one
 * of them is held by few documents' pages, by more in any case, or by all of a shorter title's (or
 * head's) when one of them is nearly its own. The words a document opens with name it by this many or more.
 */
const titleRunWords = 3;

/**
 * Per document whose title or opening words (document-opening.ts) the question quotes in part, the
 * longest run of their words (stopwords left out, plurals and other light inflections folded) that the
 * question has in the same order, when that run is long enough and no other document's title or opening
 * has it too; `opening` when the run is the opening's, not the title's.
 */
function titleRuns(question: string, records: DocumentRecord[]): Map<DocumentRecord, { words: string[]; opening: boolean }> {
  const asked = titleWords(question).map(word => stem(word));
  const named = records.map(record => ({
    record,
    title: record.title ? readText(record.title) : undefined,
    opening: record.opening ? readText(record.opening) : undefined,
  }));
  const runs = new Map<DocumentRecord, { words: string[]; opening: boolean }>();
  for (const { record, title, opening } of named) {
    const parts = [
      // The title, and its head ("QACHECK" of "QACHECK: …"): the head's words begin the title's.
      ...(title
        ? titlePartLengths(record.title!, title.words.length).map(length => ({ ...title, length, minimum: Math.min(titleRunWords, length), opening: false }))
        : []),
      ...(opening ? [{ ...opening, length: opening.words.length, minimum: titleRunWords, opening: true }] : []),
    ];
    for (const { words, stems, length, minimum, opening: isOpening } of parts) {
      const { start, length: found } = longestCommonRun(stems.slice(0, length), asked);
      if (found === 0 || found < minimum || found <= (runs.get(record)?.words.length ?? 0)) continue;
      const phrase = ` ${stems.slice(start, start + found).join(' ')} `;
      const elsewhere = named.some(other => other.record !== record && (other.title?.phrase.includes(phrase) || other.opening?.phrase.includes(phrase)));
      if (elsewhere) continue;
      runs.set(record, { words: words.slice(start, start + found), opening: isOpening });
    }
  }
  return runs;
}

/** Written words of a text, folded, one space apart: what a phrase is compared by. */
function phrase(text: string): string {
  return foldedWords(text).join(' ');
}

/** True when the question writes out the whole title of three words or more ("'Older adults and technology use'"). */
function writesTitle(question: string, title: string): boolean {
  const written = phrase(title);
  return written.split(' ').length >= 3 && writesWhole(phrase(question), written);
}

/**
 * How many of a title's words (titleWords) name it: all of them, and those of its head when it has one
 * ("QACHECK" of "QACHECK: A Demonstration System"): papers are known by it.
 */
function titlePartLengths(title: string, words: number): number[] {
  const head = title.match(/^([^:]{2,60}):\s/u)?.[1];
  return head ? [words, titleWords(head).length] : [words];
}

/** Folded words of a title or question, stopwords and single letters left out, in order. */
function titleWords(text: string): string[] {
  return foldedWords(text).filter(word => word.length > 1 && !stopwords.has(word));
}

/** Where the longest run of `stems` that `asked` has in the same order, adjacent, starts, and its length. */
function longestCommonRun(stems: string[], asked: string[]): { start: number; length: number } {
  let best = { start: 0, length: 0 };
  for (let start = 0; start < stems.length; start++) {
    for (let at = 0; at < asked.length; at++) {
      let length = 0;
      while (start + length < stems.length && at + length < asked.length && stems[start + length] === asked[at + length]) length++;
      if (length > best.length) best = { start, length };
    }
  }
  return best;
}
