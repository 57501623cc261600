import { z } from 'zod';
import { namePages } from '../documents/page-names.ts';
import type { Logger } from '../log.ts';
import { generateJson } from '../models/generate-json.ts';
import { renderPrompt } from '../models/prompt-template.ts';
import type { LanguageModel, ModelUsage } from '../models/types.ts';
import type { ContextPassage } from './context-passage.ts';
import type { ScoredQuote } from './extractive-answer.ts';
import { languageName } from '../text/language-names.ts';
import { formatHistory } from './plan-question.ts';
import type { QuoteCandidate } from './quote-candidates.ts';
import type { ConversationTurn } from './types.ts';

/** What the model chose among the excerpts it was shown. */
export interface ChosenQuotes {
  /** The excerpts it says state the answer, best first; empty when it found none. */
  quotes: QuoteCandidate[];
  /** Its short answer as written, not yet checked against the quotes (chosen-answer.ts). */
  answer: string;
  calls: number;
  usage: ModelUsage;
  ms: number;
}

/** Excerpts the model reads: enough to hold the answer when the offline scoring ranks it anywhere near the top. */
export const maxExcerpts = 12;
/** Characters of excerpts (~1,000 tokens): a 1.5B model on two CPU cores reads them in about 8 s. */
const maxExcerptChars = 3600;
/** One excerpt is shown at most this long; a longer table row or sentence is cut at a word. */
const maxExcerptLength = 320;
/** The most excerpts the model may choose. */
const maxChosen = 3;

const chosenSchema = z.object({
  excerpts: z.array(z.coerce.number().int()).default([]),
  answer: z.string().default(''),
});

/**
 * The excerpts a slow model chooses from: the best-scored quotes (extractive-answer.ts) that fit the
 * character budget, best first.
 */
export function excerptsToChoose(scored: ScoredQuote[]): QuoteCandidate[] {
  const excerpts: QuoteCandidate[] = [];
  let chars = 0;
  for (const { candidate } of scored) {
    if (excerpts.length >= maxExcerpts) break;
    if (excerpts.some(excerpt => excerpt.text === candidate.text)) continue;
    const length = Math.min(candidate.text.length, maxExcerptLength);
    if (chars + length > maxExcerptChars && excerpts.length > 0) continue;
    excerpts.push(candidate);
    chars += length;
  }
  return excerpts;
}

/**
 * The answer call of a slow model (prompts/answer-choose.md): instead of writing an answer from whole
 * passages, the model reads a dozen numbered sentences and table rows and returns which of them state the
 * answer, with the short answer they give. Its prompt is a third of a passage prompt, its reply a few
 * tokens, and what it chooses is text of the documents: a choice can be wrong, but never invented. The
 * excerpts are grouped under their document and page, in reading order, and numbered as shown; a JSON
 * Schema whose numbers are those shown (a grammar for a local model) keeps the reply to them.
 */
export async function chooseQuotes(
  input: { question: string; language: string; history: ConversationTurn[]; excerpts: QuoteCandidate[]; passages: ContextPassage[] },
  model: LanguageModel,
  options: { log: Logger; signal?: AbortSignal; maxOutputTokens?: number },
): Promise<ChosenQuotes> {
  const shown = [...input.excerpts].sort((a, b) => a.order - b.order);
  const prompt = await renderPrompt('answer-choose', {
    language: languageName(input.language),
    history: formatHistory(input.history),
    excerpts: formatExcerpts(shown, input.passages),
  });
  const numbers = shown.map((_, index) => index + 1);
  const jsonSchema = {
    type: 'object',
    properties: {
      excerpts: { type: 'array', items: { type: 'integer', enum: numbers }, maxItems: maxChosen },
      answer: { type: 'string', maxLength: 240 },
    },
    required: ['excerpts', 'answer'],
  };
  const result = await generateJson(
    model,
    { system: prompt, prompt: input.question, temperature: 0, maxOutputTokens: options.maxOutputTokens ?? 128, signal: options.signal },
    chosenSchema,
    { name: 'chosen_excerpts', jsonSchema, log: options.log },
  );
  const quotes = [...new Set(result.value.excerpts)].flatMap(number => shown[number - 1] ?? []).slice(0, maxChosen);
  const answer = quotes.length > 0 ? result.value.answer.trim() : '';
  return { quotes, answer, calls: result.calls, usage: result.usage, ms: result.ms };
}

/** "From report.pdf · p. 4 · Results:" above the excerpts of each page, each excerpt numbered as the model may choose it. */
function formatExcerpts(excerpts: QuoteCandidate[], passages: ContextPassage[]): string {
  const lines: string[] = [];
  let heading = '';
  excerpts.forEach((excerpt, index) => {
    const passage = passages.find(entry => entry.n === excerpt.n);
    const section = passage?.titlePath.filter(Boolean).at(-1);
    const source = passage
      ? `From ${passage.documentName} · ${namePages(passage.names, [excerpt.page])}${section ? ` · ${section}` : ''}:`
      : 'From the documents:';
    if (source !== heading) {
      if (lines.length > 0) lines.push('');
      lines.push(source);
      heading = source;
    }
    const text = excerpt.text.length > maxExcerptLength ? `${excerpt.text.slice(0, maxExcerptLength).replace(/\s+\S*$/u, '')} …` : excerpt.text;
    lines.push(`[${index + 1}] ${excerpt.kind === 'table-row' ? `Table row: ${text}` : text}`);
  });
  return lines.join('\n');
}
