import { z } from 'zod';
import type { DocumentRecord } from '../documents/types.ts';
import { recordLanguage } from '../documents/record-language.ts';
import type { Logger } from '../log.ts';
import { generateJson } from '../models/generate-json.ts';
import { renderPrompt } from '../models/prompt-template.ts';
import type { LanguageModel, ModelUsage } from '../models/types.ts';
import { languageName } from '../text/language-names.ts';

/** The question said in the documents' language, and what saying it cost. */
export interface TranslatedQuestion {
  text: string;
  calls: number;
  usage: ModelUsage;
  ms: number;
}

const translatedSchema = z.object({ question: z.string() });

/** A translation this many times longer than the question (plus a little) is no translation. */
const maxLengthRatio = 3;
/**
 * Output tokens the call may take: a translation runs about as long as the question (this ratio leaves
 * room), at ~2.5 characters a token, plus the JSON around it. A small model that repeats itself is cut
 * off there, not at the plan deadline.
 */
const outputLengthRatio = 1.5;
const charsPerToken = 2.5;
const jsonTokens = 24;

/**
 * The language to say a question in before the search: the one most of the documents in reach are
 * written in (recordLanguage: their title and opening; the first of equals in document order), when none
 * of them is in the question's own. An Arabic question in a space that holds an Arabic article among
 * English reports is likely about the article, and its own words find it.
 */
export function translationLanguage(questionLanguage: string, records: Iterable<Pick<DocumentRecord, 'title' | 'opening'>>): string | undefined {
  const counts = languageCounts(records);
  return counts.has(questionLanguage) ? undefined : mostCommon(counts);
}

/**
 * The language most of the documents in reach that are not in the question's language are written in:
 * a German question in a space of English reports and one German script is searched as asked first, and
 * said in this language when its own words find no answer.
 */
export function otherDocumentsLanguage(questionLanguage: string, records: Iterable<Pick<DocumentRecord, 'title' | 'opening'>>): string | undefined {
  const counts = languageCounts(records);
  counts.delete(questionLanguage);
  return mostCommon(counts);
}

function languageCounts(records: Iterable<Pick<DocumentRecord, 'title' | 'opening'>>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const record of records) {
    const language = recordLanguage(record);
    counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  return counts;
}

function mostCommon(counts: Map<string, number>): string | undefined {
  if (counts.size === 0) return undefined;
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

/**
 * The question in `into`, the language of the documents it is asked of (prompts/translate-question.md):
 * asked in German of English reports, its own words stand on none of their pages, so the lexical search
 * and the scoring of quotes find only what shares a name or a number with it. One short call (the
 * question in, about as many tokens out) for a model that does not plan the question. Rejects what is
 * empty, the question itself, or far longer than it.
 */
export async function translateQuestion(
  input: { question: string; into: string },
  model: LanguageModel,
  options: { log: Logger; signal?: AbortSignal },
): Promise<TranslatedQuestion> {
  const language = languageName(input.into);
  const system = await renderPrompt('translate-question', { language });
  const maxLength = input.question.length * maxLengthRatio + 40;
  const jsonSchema = {
    type: 'object',
    properties: { question: { type: 'string', minLength: 1, maxLength } },
    required: ['question'],
  };
  const result = await generateJson(
    model,
    {
      system,
      prompt: input.question,
      temperature: 0,
      maxOutputTokens: Math.ceil((input.question.length * outputLengthRatio) / charsPerToken) + jsonTokens,
      signal: options.signal,
    },
    translatedSchema,
    { name: 'translated_question', jsonSchema, log: options.log },
  );
  const text = result.value.question.replace(/\s+/gu, ' ').trim();
  if (text === '' || text === input.question.trim() || text.length > maxLength) {
    throw new Error(`the model did not translate the question into ${language}`);
  }
  return { text, calls: result.calls, usage: result.usage, ms: result.ms };
}
