import { z } from 'zod';
import type { Logger } from '../log.ts';
import { generateJson } from '../models/generate-json.ts';
import { renderPrompt } from '../models/prompt-template.ts';
import type { LanguageModel, ModelUsage } from '../models/types.ts';
import { keywordVariants } from '../search/offline-plan.ts';
import type { QueryPlan } from '../search/types.ts';
import { compactPlanJsonSchema, fullPlanJsonSchema } from './plan-schemas.ts';
import type { TableOfContents } from './table-of-contents.ts';
import type { ConversationTurn } from './types.ts';

/** Flattens `["a", ["b", "c"]]`: models often group variants per sub-question. */
const stringList = z
  .array(z.union([z.string(), z.array(z.string())]))
  .default([])
  .transform(items =>
    items
      .flat()
      .map(item => item.trim())
      .filter(item => item.length > 0),
  );

export const modelPlanSchema = z.object({
  language: z.string().trim().min(2).max(12).optional(),
  subQuestions: stringList.pipe(z.array(z.string()).min(1, 'at least one sub-question')),
  tasks: stringList,
  variants: stringList,
  hyde: stringList,
  picks: z.array(z.object({ doc: z.coerce.number().int(), node: z.union([z.string(), z.number()]).transform(String) })).default([]),
});

export type ModelPlan = z.infer<typeof modelPlanSchema>;

/** Keyword queries kept from a plan: each is a BM25 list (and the first few a whole-page list) per question. */
const maxVariants = 8;

export interface PlannedQuestion {
  plan: QueryPlan;
  tasks: string[];
  /** The model's reading of the question's language, when it gave one. */
  language?: string;
  calls: number;
  usage: ModelUsage;
  ms: number;
}

/**
 * The plan call (docs/asking.md): sub-questions with references resolved from the thread, tasks, keyword
 * variants, one HyDE passage per sub-question and node picks from the table of contents, in one JSON
 * reply. `compact` (a slow model): sub-questions, variants and one HyDE sentence, without the table of
 * contents. The offline keyword variants are always added: BM25 needs the question's own words too.
 */
export async function planQuestion(
  input: { question: string; history: ConversationTurn[]; toc: TableOfContents },
  model: LanguageModel,
  options: { log: Logger; signal?: AbortSignal; compact?: boolean; maxOutputTokens?: number },
): Promise<PlannedQuestion> {
  const values = { history: formatHistory(input.history), question: input.question };
  const prompt = options.compact
    ? await renderPrompt('plan-compact', values)
    : await renderPrompt('plan', { ...values, toc: input.toc.text || '(no documents)' });
  const request = { prompt, temperature: options.compact ? 0 : 0.2, maxOutputTokens: options.maxOutputTokens ?? 2048, signal: options.signal };
  const result = await generateJson(model, request, modelPlanSchema, {
    name: 'plan',
    jsonSchema: options.compact ? compactPlanJsonSchema : fullPlanJsonSchema,
    log: options.log,
  });
  return { ...toQueryPlan(result.value, input), calls: result.calls, usage: result.usage, ms: result.ms };
}

export function toQueryPlan(
  value: ModelPlan,
  input: { question: string; history: ConversationTurn[]; toc: TableOfContents },
): Pick<PlannedQuestion, 'plan' | 'tasks' | 'language'> {
  const subQuestions = unique([...(input.history.length === 0 ? [input.question.trim()] : []), ...value.subQuestions]).slice(0, 5);
  // The question's own keywords first: they rank well on their own, and the table of contents was ordered by them.
  const variants = unique([...subQuestions.flatMap(keywordVariants), ...value.variants]).slice(0, maxVariants);
  const nodePicks: QueryPlan['nodePicks'] = [];
  for (const pick of value.picks.slice(0, 8)) {
    const document = input.toc.documents.find(entry => entry.label === pick.doc);
    if (!document) continue;
    const nodeId = /^\d+$/.test(pick.node) ? pick.node.padStart(4, '0') : pick.node;
    nodePicks.push({ documentId: document.record.id, nodeId });
  }
  return {
    plan: { subQuestions, variants, hyde: value.hyde.slice(0, 5), nodePicks },
    tasks: value.tasks.slice(0, 5),
    language: value.language?.toLowerCase().slice(0, 2),
  };
}

/** The last turns of the thread, each cut short: enough to resolve "it", not a transcript. */
export function formatHistory(history: ConversationTurn[], maxTurns = 8, maxChars = 600): string {
  if (history.length === 0) return '(none)';
  return history
    .slice(-maxTurns)
    .map(turn => `${turn.role === 'user' ? 'User' : 'Folio'}: ${turn.text.replace(/\s+/gu, ' ').trim().slice(0, maxChars)}`)
    .join('\n');
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter(value => {
    const key = value.toLowerCase();
    if (!value || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
