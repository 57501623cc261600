import { stopwords, foldWord } from '../text/stopwords.ts';
import { claimNumbers, textNumbers } from './claim-numbers.ts';
import type { ContextPassage } from './context-passage.ts';
import { detectLanguage } from '../text/detect-language.ts';
import { bestAlignment, type QuoteAlignment } from './quote-alignment.ts';
import { quoteCandidates, type QuoteCandidate } from './quote-candidates.ts';
import { wordMatcher } from '../text/word-stems.ts';

/**
 * Whether a passage states what a claim of a model's answer says. A claim is supported by the passages
 * it cites when one sentence (or table row) of them holds at least `minimumSupportShare` of the claim's
 * content words (stemmed, stopwords left out; quote-alignment.ts), and every number the claim states is
 * in their text (claim-numbers.ts). Numbers are checked on their own and do not count towards the
 * share: a claim that borrows one number of a passage to say something else is not supported by it. A
 * sentence sharing a single word supports only a claim of one word ("Hotels are free" is not "Hotel
 * costs are reimbursed up to 150 euros").
 */
export interface ClaimSupport {
  /** The claim's content-word stems and stated numbers (normal form). */
  stems: Set<string>;
  numbers: string[];
  /** Its content words as written (folded), for passages in another language (`literalAcrossLanguages`). */
  words: Set<string>;
}

/**
 * Share of a claim's content words one sentence of the cited passage must hold. Half: a paraphrase
 * keeps most of its source's nouns and verbs ("Employees get 28 days of paid vacation" shares 5 of 6
 * with "Every employee receives 28 days of paid vacation per calendar year"); a claim that only uses the
 * passage's topic to state something else shares few ("The capital of France is Paris" with a travel
 * policy). To be calibrated on the development set with a real model.
 */
export const minimumSupportShare = 0.5;

/**
 * Content words a claim in another language may state beside numbers its passages hold ("Um 12 Prozent",
 * "12 Prozent mehr Aufnahmen"): more make a sentence whose translation cannot be checked.
 */
const maximumWordsBesideNumbers = 3;

interface PassageEvidence {
  passage: ContextPassage;
  candidates: QuoteCandidate[];
  candidateStems: Array<Set<string>>;
  numbers: Set<string>;
  /** The passage is in another language than the answer: its words cannot be compared, only its numbers. */
  otherLanguage: boolean;
  /** Its content words as written (folded): names, terms and codes read the same in any language. */
  words: Set<string>;
}

export class ClaimChecker {
  private readonly evidence = new Map<number, PassageEvidence>();
  private readonly stem: (word: string) => string;

  constructor(
    passages: ContextPassage[],
    private readonly options: {
      language: string;
      minimumShare?: number;
      /**
       * A claim without numbers in another language than all its passages is supported only when most
       * of its content words stand in one of them as written ("Allison Crimmins", "BizTalk"), not on its
       * marker alone: for a model whose translations are not to be trusted.
       */
      literalAcrossLanguages?: boolean;
    },
  ) {
    this.stem = wordMatcher(options.language).stem;
    const candidates = quoteCandidates(passages);
    for (const passage of passages) {
      const language = detectLanguage(passage.text);
      const own = candidates.filter(candidate => candidate.n === passage.n);
      const stem = language === options.language ? this.stem : wordMatcher(language).stem;
      this.evidence.set(passage.n, {
        passage,
        candidates: own,
        candidateStems: own.map(candidate => contentStems(candidate.matchText, stem)),
        numbers: textNumbers(passage.text),
        otherLanguage: language !== options.language,
        words: options.literalAcrossLanguages ? contentWords(passage.text) : new Set(),
      });
    }
  }

  /** What of a claim (markers already removed) is checked. */
  read(claim: string): ClaimSupport {
    return {
      stems: contentStems(claim, this.stem),
      numbers: claimNumbers(claim.replace(listPrefix, '')),
      words: this.options.literalAcrossLanguages ? contentWords(claim) : new Set(),
    };
  }

  /** Whether the passages numbered `cited` together support the claim (unknown numbers are ignored). */
  supports(claim: ClaimSupport, cited: number[]): boolean {
    const evidence = cited.flatMap(n => this.evidence.get(n) ?? []);
    if (evidence.length === 0) return false;
    if (!claim.numbers.every(number => evidence.some(entry => entry.numbers.has(number)))) return false;
    // A claim in another language than its passages is checked by its numbers alone; without numbers, its
    // marker stands, or (literalAcrossLanguages) the words it shares with them as written must carry it,
    // as they must a claim that says more than its numbers ("Die Musikzeit wird nach 10 Minuten verkürzt").
    if (evidence.every(entry => entry.otherLanguage)) {
      if (!this.options.literalAcrossLanguages) return true;
      if (claim.numbers.length > 0 && claim.words.size <= maximumWordsBesideNumbers) return true;
      const minimumShare = this.options.minimumShare ?? minimumSupportShare;
      return claim.words.size > 0 && evidence.some(entry => [...claim.words].filter(word => entry.words.has(word)).length / claim.words.size >= minimumShare);
    }
    if (claim.stems.size === 0) return claim.numbers.length > 0;
    return evidence.some(entry => !entry.otherLanguage && this.share(claim, entry) >= (this.options.minimumShare ?? minimumSupportShare));
  }

  /** The passage that supports the claim on its own with the largest share (the first of equals), if any. */
  bestSupport(claim: ClaimSupport): ContextPassage | undefined {
    let best: { passage: ContextPassage; share: number } | undefined;
    for (const entry of this.evidence.values()) {
      if (entry.otherLanguage || claim.stems.size === 0 || !this.supports(claim, [entry.passage.n])) continue;
      const share = this.share(claim, entry);
      if (!best || share > best.share) best = { passage: entry.passage, share };
    }
    return best?.passage;
  }

  /** The best sentence's share of the claim's words; 0 when it holds fewer than two (or the claim's one). */
  private share(claim: ClaimSupport, entry: PassageEvidence): number {
    const aligned: QuoteAlignment | undefined = bestAlignment(claim.stems, entry.candidates, entry.candidateStems);
    if (!aligned || aligned.score < Math.min(2, aligned.total)) return 0;
    return aligned.score / aligned.total;
  }
}

/** A list item's bullet or number ("- ", "2. "), which states nothing. */
export const listPrefix = /^\s*(?:[-*•+]|\d{1,2}[.)])\s+/u;

/** Stems of the words that carry content: no stopwords, no one- or two-letter words, no numbers. */
function contentStems(text: string, stem: (word: string) => string): Set<string> {
  return new Set(contentWordsOf(text).map(stem));
}

/** The same words folded, not stemmed. */
function contentWords(text: string): Set<string> {
  return new Set(contentWordsOf(text).map(foldWord));
}

function contentWordsOf(text: string): string[] {
  const words = text.match(/[\p{L}\p{N}]+(?:[.,][\p{N}]+)*/gu) ?? [];
  return words.filter(word => /^\p{L}/u.test(word) && word.length > 2 && !stopwords.has(foldWord(word)));
}
