import { foldedWords, stopwords } from '../text/stopwords.ts';
import type { ConversationTurn } from './types.ts';

/** How a follow-up leans on the turn before, in the languages Folio answers in: "and in 2022?", "what about Teams?". */
const leaningStart =
  /^(?:and|but|also|what about|how about|and what about|same for|und|aber|auch|was ist mit|und was ist mit|wie steht es mit|en|maar|ook|en wat met|wat met|hoe zit het met|et|mais|aussi|et pour|y|pero|también|y qué hay de|e|ma|anche|e per|e quanto a)\b/iu;
/** Words that point back at what the turn before was about. */
const pointingBack = new Set(
  `it its that this those these they them there then same such
  es das dies diese dieser dieses dort damals dasselbe
  het dat dit die deze daar toen hetzelfde
  ce cela ça celui celle ceux là
  eso esto ese esa ahí
  ciò questo quello lì`.split(/\s+/),
);
/** A question with this many content words or fewer cannot stand on its own ("Why?", "And the CFO?"). */
const maxContentWords = 2;

const contentWords = (text: string) => foldedWords(text).filter(word => word.length >= 3 && !stopwords.has(word));

/**
 * The question made self-contained for searching without a model: when it leans on the turn before (it
 * starts like "and …?" / "what about …?", points back with "it"/"that", or has at most two content
 * words) the previous question's content words it lacks are added as it writes them ("and in 2022?"
 * after "What was the churn rate in 2021?" becomes "and in 2022? churn rate"). Undefined when the
 * question stands alone or there is no earlier question. With a model, the planner rewrites follow-ups
 * from the history instead.
 */
export function offlineFollowUp(question: string, history: ConversationTurn[]): string | undefined {
  const previous = [...history].reverse().find(turn => turn.role === 'user')?.text;
  if (!previous) return undefined;
  const own = contentWords(question);
  const words = foldedWords(question);
  const leans = leaningStart.test(question.trim()) || words.some(word => pointingBack.has(word)) || own.length <= maxContentWords;
  if (!leans) return undefined;
  const have = new Set(own);
  // As the previous question writes them: "Lenze" names a document where "lenze" would not (named-documents.ts).
  const added = new Map<string, string>();
  for (const word of previous.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const [folded] = contentWords(word);
    if (folded && !have.has(folded) && !added.has(folded) && !/^\d+$/.test(folded)) added.set(folded, word);
  }
  return added.size > 0 ? `${question.trim()} ${[...added.values()].join(' ')}` : undefined;
}

/**
 * Whether a model's rewrite of a follow-up keeps at least one of the words the rules' rewrite
 * (offlineFollowUp) carried over from the question before: the words that say what the thread is about.
 */
export function keepsCarriedWords(rewrite: string, question: string, offlineRewrite: string): boolean {
  const own = new Set(contentWords(question));
  const carried = contentWords(offlineRewrite).filter(word => !own.has(word));
  const kept = contentWords(rewrite);
  // The model may inflect a word otherwise ("englischen" for "englische"): its first letters are enough.
  const sameWord = (word: string, other: string) => word === other || (word.length >= 5 && other.slice(0, 5) === word.slice(0, 5));
  return carried.length === 0 || carried.some(word => kept.some(other => sameWord(word, other)));
}
