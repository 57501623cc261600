import type { Logger } from '../log.ts';
import { renderPrompt } from '../models/prompt-template.ts';
import type { GenerateResult, LanguageModel } from '../models/types.ts';
import { formatPassage, type ContextPassage } from './context-passage.ts';
import { languageName } from './messages.ts';
import { formatHistory } from './plan-question.ts';
import type { ConversationTurn } from './types.ts';

export interface ModelAnswer extends GenerateResult {
  /** The model said the passages do not answer the question (`NOT_FOUND:` reply); `text` is its reason. */
  notFound: boolean;
  /** Passages that were left out to keep the prompt within budget. */
  droppedPassages: number;
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
  options: { promptMaxChars: number; log: Logger; onText?: (delta: string) => void; signal?: AbortSignal },
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
  let streamed = '';
  let holding = true;
  const onText = options.onText
    ? (delta: string) => {
        streamed += delta;
        if (holding) {
          const head = streamed.trimStart();
          if (head.length < 'NOT_FOUND'.length && 'NOT_FOUND'.startsWith(head)) return;
          if (notFoundPrefix.test(head)) return;
          holding = false;
          options.onText!(streamed);
          return;
        }
        options.onText!(delta);
      }
    : undefined;

  const result = await model.generate({ system, prompt: input.question, temperature: 0.2, maxOutputTokens: 2048, onText, signal: options.signal });
  const notFound = notFoundPrefix.test(result.text);
  return { ...result, text: notFound ? result.text.replace(notFoundPrefix, '').trim() : result.text.trim(), notFound, droppedPassages: dropped };
}
