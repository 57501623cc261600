import type { ModelSpeed } from '../models/types.ts';

/** What a question may ask of its model, sized to the model's measured speed and the configured deadlines. */
export interface ModelBudgets {
  /**
   * `full`: prompts/plan.md with the table of contents; `compact`: prompts/plan-compact.md, no table of
   * contents and short fields; `none`: not even that fits the plan deadline (the offline plan is used).
   */
  plan: 'full' | 'compact' | 'none';
  /** Characters of table of contents the full plan shows. */
  tocMaxChars: number;
  planMaxOutputTokens: number;
  planDeadlineMs: number;
  /** Tokens (of ~4 characters) of passages the answer reads. */
  contextTokens: number;
  /** The answer's output limit: what the model can write within the answer deadline after reading the prompt. */
  answerMaxOutputTokens: number;
  answerDeadlineMs: number;
  /** `write`: the model writes the answer from the passages; `choose`: it chooses the quotes that answer (choose-quotes.ts). */
  answer: 'write' | 'choose';
}

export interface BudgetSettings {
  planTimeoutMs: number;
  answerTimeoutMs: number;
  contextTokens: number;
  modelAnswer?: 'auto' | 'write' | 'choose';
}

/** Table of contents a hosted model's plan reads. */
const tocMaxChars = 16_000;
const maxOutputTokens = 2048;
/** Characters per prompt token, for estimates: English reads ~4, German and Dutch ~3; the lower keeps estimates safe. */
const charsPerToken = 3.2;
/** The full plan prompt's own text and the compact one's, in tokens (prompts/plan.md, plan-compact.md). */
const fullPlanPromptTokens = 700;
const compactPlanPromptTokens = 330;
/** Output tokens a full plan usually takes (JSON of sub-questions, variants, passages, picks), and a compact one. */
const fullPlanOutputTokens = 450;
const compactPlanOutputTokens = 110;
/** The most a compact plan can take: its schema's bounded fields (plan-schemas.ts) and their JSON. */
const compactPlanMaxOutputTokens = 256;
/** The answer prompt's instructions, in tokens (prompts/answer.md). */
const answerPromptTokens = 450;
/** Share of a deadline an estimate may use: speeds vary by a fifth between runs on a shared machine. */
const safety = 0.8;
/** A local model's answer rarely needs more; each token costs it ~0.1 s. */
const slowAnswerTokens = 600;
/**
 * Below this reading speed a model runs on a CPU (a GPU or a hosted model reads thousands of tokens a
 * second): it would need more than 16 s to read the context an offline answer quotes from, and the
 * models that run at such speeds (a few billion parameters at most) write grounded answers poorly.
 * They choose quotes instead (docs/benchmarks.md, answers with a local model).
 */
const choosingPromptTokensPerSecond = 500;

/**
 * Budgets for one question. Without a measured speed (a hosted model) every step gets the full prompt,
 * 2,048 output tokens and the configured deadlines. With one, the plan is the largest that its estimate
 * (prompt tokens ÷ prompt speed + output tokens ÷ generation speed) fits within the plan deadline, and the
 * answer may write what fits in the answer deadline after reading its context. A model that reads slowly
 * chooses quotes rather than writing (unless FOLIO_MODEL_ANSWER says otherwise).
 */
export function modelBudgets(speed: ModelSpeed | undefined, settings: BudgetSettings): ModelBudgets {
  const budgets: ModelBudgets = {
    plan: 'full',
    tocMaxChars,
    planMaxOutputTokens: maxOutputTokens,
    planDeadlineMs: settings.planTimeoutMs,
    contextTokens: settings.contextTokens,
    answerMaxOutputTokens: maxOutputTokens,
    answerDeadlineMs: settings.answerTimeoutMs,
    answer: settings.modelAnswer === 'choose' ? 'choose' : 'write',
  };
  if (!speed) return budgets;
  if (settings.modelAnswer !== 'write' && speed.promptTokensPerSecond < choosingPromptTokensPerSecond) budgets.answer = 'choose';
  const seconds = (promptTokens: number, outputTokens: number) => promptTokens / speed.promptTokensPerSecond + outputTokens / speed.generationTokensPerSecond;
  const planSeconds = (settings.planTimeoutMs / 1000) * safety;
  if (seconds(fullPlanPromptTokens + tocMaxChars / charsPerToken, fullPlanOutputTokens) <= planSeconds) {
    budgets.planMaxOutputTokens = Math.round(fullPlanOutputTokens * 2);
  } else if (seconds(compactPlanPromptTokens, compactPlanOutputTokens) <= planSeconds) {
    budgets.plan = 'compact';
    budgets.tocMaxChars = 0;
    budgets.planMaxOutputTokens = compactPlanMaxOutputTokens;
  } else {
    budgets.plan = 'none';
    budgets.tocMaxChars = 0;
  }
  const readSeconds = seconds(answerPromptTokens + (settings.contextTokens * 4) / charsPerToken, 0);
  const writable = Math.floor(((settings.answerTimeoutMs / 1000) * safety - readSeconds) * speed.generationTokensPerSecond);
  budgets.answerMaxOutputTokens = Math.max(64, Math.min(slowAnswerTokens, writable));
  return budgets;
}
