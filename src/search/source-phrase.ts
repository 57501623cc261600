import { documentKindWords } from '../text/document-kind-words.ts';
import { foldWord } from '../text/stopwords.ts';

/** Words that open a phrase naming where to look ("according to its 2025 annual report", "laut Geschäftsbericht"). */
const sourceLead = /^(?:according|in|from|per|based|laut|gem[aä](?:ss|ß)|im|aus|volgens|uit|selon|d['’]apr[eè]s|dans)$/iu;
/** "according to", "as per", "based on": the word after the lead that belongs to it. */
const leadTail = /^(?:to|on)$/iu;
/** A phrase naming a document is short: the lead, a determiner and a few words of its description. */
const maxSourceWords = 8;

/**
 * The question without the phrase at its start or end that says which document to read ("…, according to
 * its 2025 annual report?", "In the Nike 10-K, …", "Laut Geschäftsbericht: …"): a lead word, then up to
 * eight words ending in a word for a document of some kind (documentKindWords). When the question is
 * asked of those documents already, the phrase's words are on every page of them ("annual report
 * 2025" on its cover and in its foreword) and say nothing of where the answer is. The question as it is
 * when it has no such phrase, or nothing but it.
 */
export function withoutSourcePhrase(question: string): string {
  const words = question.trim().split(/\s+/u);
  const isKindWord = (word: string) => documentKindWords.test(foldWord(word.replace(/[^\p{L}\p{N}-]+$/u, '')));
  // At the end: "… run according to its 2025 annual report?"
  const endsInKindWord = isKindWord(words.at(-1)!);
  for (let start = Math.max(1, words.length - maxSourceWords); endsInKindWord && start < words.length - 1; start++) {
    if (!sourceLead.test(words[start]!.replace(/^[,(]+/u, ''))) continue;
    if (/^(?:according|based)$/iu.test(words[start]!) && !leadTail.test(words[start + 1] ?? '')) continue;
    const kept = words
      .slice(0, start)
      .join(' ')
      .replace(/[,;:]+$/u, '');
    return /[\p{L}\p{N}]/u.test(kept) ? `${kept}${/[?.!]$/u.test(words.at(-1)!) ? words.at(-1)!.slice(-1) : ''}` : question;
  }
  // At the start: "In the Nike 10-K, what is …?", "Laut Geschäftsbericht: …"
  const clauseEnd = words.findIndex(word => /[,:]$/u.test(word));
  if (clauseEnd >= 1 && clauseEnd < maxSourceWords && sourceLead.test(words[0]!) && isKindWord(words[clauseEnd]!)) {
    const kept = words.slice(clauseEnd + 1).join(' ');
    return /[\p{L}\p{N}]/u.test(kept) ? kept : question;
  }
  return question;
}
