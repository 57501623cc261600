import type { Logger } from '../log.ts';
import { renderPrompt } from '../models/prompt-template.ts';
import type { GenerateResult, LanguageModel } from '../models/types.ts';
import { formatPassage, type ContextPassage } from './context-passage.ts';
import { labelListingStart } from './passage-label-echo.ts';
import { languageName } from '../text/language-names.ts';
import { formatHistory } from './plan-question.ts';
import type { ConversationTurn } from './types.ts';

export interface ModelAnswer extends GenerateResult {
  /** The model said the passages do not answer the question (`NOT_FOUND:` reply); `text` is its reason. */
  notFound: boolean;
  /** Passages that were left out to keep the prompt within budget. */
  droppedPassages: number;
  /** Generation was stopped when the reply turned into a list of passage labels; `text` is what came before. */
  cutAtLabels: boolean;
}

const notFoundPrefix = /^\s*NOT_FOUND\s*:?\s*/u;

/**
 * The answer call (prompts/answer.md): passages numbered [n] with document and pages, the question in the
 * user turn, the answer streamed through `onText`. Passages that would push the prompt past the budget
 * are dropped from the end (and logged) rather than sending an over-long prompt.
 */
export async function answerWithModel(
  input: { question: string; language: string; tasks: string[]; history: ConversationTurn[]; passages: ContextPassage[] },
  model: LanguageModel,
  options: { promptMaxChars: number; log: Logger; maxOutputTokens?: number; onText?: (delta: string) => void; signal?: AbortSignal },
): Promise<ModelAnswer> {
  const tasks =
    input.tasks.length > 0
      ? `Also do what the question asks with the findings: ${input.tasks.join('; ')}. Keep every fact cited.`
      : 'Answer the question; do not add tasks nobody asked for.';
  const render = (passages: ContextPassage[]) =>
    renderPrompt('answer', {
      language: languageName(input.language),
      tasks,
      history: formatHistory(input.history),
      passages: passages.map(formatPassage).join('\n\n'),
    });
  let passages = input.passages;
  let system = await render(passages);
  const budget = options.promptMaxChars - input.question.length - 200;
  while (system.length > budget && passages.length > 1) {
    passages = passages.slice(0, -1);
    system = await render(passages);
  }
  const dropped = input.passages.length - passages.length;
  if (dropped > 0) options.log.warn({ dropped, budget }, 'answer prompt over budget: left out the last passages');

  // A NOT_FOUND reply is held back from the stream: the user sees the localized not-found message instead.
  // A reply that turns into a list of passage labels (small models copy them until their output runs
  // out) is stopped there through our own signal, keeping what came before (passage-label-echo.ts). Only
  // a streamed reply can be watched; an unstreamed one has its labels removed afterwards (ground-model-answer.ts).
  const names = [...new Set(passages.map(passage => passage.documentName))];
  const stop = new AbortController();
  let streamed = '';
  let forwarded = 0;
  let holding = true;
  let cutAt: number | undefined;
  let firstTokenMs: number | undefined;
  const started = performance.now();
  const onText = (delta: string) => {
    if (cutAt !== undefined) return;
    firstTokenMs ??= Math.round(performance.now() - started);
    streamed += delta;
    if (streamed.slice(-delta.length - 80).includes('·')) {
      cutAt = labelListingStart(streamed, names);
      if (cutAt !== undefined) stop.abort(new Error('the answer turned into a list of passage labels'));
    }
    if (!options.onText) return;
    if (holding) {
      const head = streamed.trimStart();
      if (head.length < 'NOT_FOUND'.length && 'NOT_FOUND'.startsWith(head)) return;
      if (notFoundPrefix.test(head)) return;
      holding = false;
    }
    forward(cutAt ?? heldLineStart(streamed));
  };
  const forward = (upTo: number) => {
    if (upTo > forwarded) options.onText?.(streamed.slice(forwarded, upTo));
    forwarded = Math.max(forwarded, upTo);
  };

  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const request = {
    system,
    prompt: input.question,
    temperature: 0,
    maxOutputTokens: options.maxOutputTokens ?? 2048,
    onText: options.onText ? onText : undefined,
    signal,
  };
  let result: GenerateResult;
  try {
    result = await model.generate(request);
  } catch (error) {
    if (cutAt === undefined || options.signal?.aborted) throw error;
    // Usage of a stopped call is not reported; estimated at four characters a token.
    result = {
      text: '',
      usage: { inputTokens: Math.ceil((system.length + input.question.length) / 4), outputTokens: Math.ceil(streamed.length / 4) },
      model: model.id,
      ms: Math.round(performance.now() - started),
      firstTokenMs,
    };
  }
  if (cutAt === undefined && !holding) forward(streamed.length);
  if (cutAt !== undefined) {
    options.log.warn({ keptChars: cutAt, streamedChars: streamed.length }, 'the answer turned into a list of passage labels; stopped it there');
    result = { ...result, text: streamed.slice(0, cutAt) };
  }
  const notFound = notFoundPrefix.test(result.text);
  return {
    ...result,
    text: notFound ? result.text.replace(notFoundPrefix, '').trim() : result.text.trim(),
    notFound,
    droppedPassages: dropped,
    cutAtLabels: cutAt !== undefined,
  };
}

/** A line that starts like a passage label ("[2] …") is streamed once it is whole, so a label is never shown in part. */
function heldLineStart(streamed: string): number {
  const lineStart = streamed.lastIndexOf('\n') + 1;
  return /^[\s>*•-]*\[\d*$|^[\s>*•-]*\[\d+\]/u.test(streamed.slice(lineStart)) ? lineStart : streamed.length;
}
