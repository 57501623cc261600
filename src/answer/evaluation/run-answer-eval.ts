import type { KnowledgeStore } from '../../store/types.ts';
import type { EvalQuestion } from '../../search/evaluation/eval-set.ts';
import type { EvalScope } from '../../search/evaluation/run-eval.ts';
import type { SpaceId } from '../../spaces/space-id.ts';
import type { Answer, AskInput } from '../types.ts';
import { answerReport, shortGoldAnswer, showsAnswer, type AnswerableOutcome, type AnswerReport, type AskOutcome } from './answer-metrics.ts';
import { readyDocumentIds } from '../../search/evaluation/ready-document-ids.ts';

export interface AnswerEvalResult {
  scopes: Partial<Record<EvalScope, AnswerReport>>;
  /** Questions whose document is not in the space. */
  skipped: number;
}

/**
 * Asks every question through the real ask pipeline (`ask`: offline or with the configured models) and
 * scores the answers: the context's pages, the citations and "not found" against the gold pages, the
 * answer text against short gold answers, and abstention on the unanswerable questions. Per document
 * (the question asked of its own document only), over the whole space (the right document counts), or
 * in its document's thread (`ask` focuses it as a chat does, question-focus.ts).
 */
export async function runAnswerEval(
  ask: (input: AskInput, scope: EvalScope, documentId: string) => Promise<Answer>,
  store: KnowledgeStore,
  space: SpaceId,
  sets: { questions: EvalQuestion[]; unanswerable: EvalQuestion[] },
  scopes: EvalScope[],
  onProgress?: (done: number, total: number) => void,
  options: { sample?: number } = {},
): Promise<AnswerEvalResult> {
  const documentIds = await readyDocumentIds(store, space);
  // Every k-th question of each list (a fixed sample: the same questions on every run).
  const sampled = (questions: EvalQuestion[]) => questions.filter((_, index) => index % (options.sample ?? 1) === 0);
  const answerable = sampled(sets.questions).filter(question => documentIds.has(question.doc));
  const unanswerable = sampled(sets.unanswerable).filter(question => documentIds.has(question.doc));
  const total = (answerable.length + unanswerable.length) * scopes.length;
  let done = 0;
  let asked: AskOutcome[] = [];
  const answer = async (question: EvalQuestion, scope: EvalScope) => {
    const documentId = documentIds.get(question.doc)!;
    // Streamed, as in a chat: the first token's time is part of what is measured.
    const result = await ask(
      { spaces: [space], question: question.question, documentIds: scope === 'document' ? [documentId] : undefined, onEvent: () => {} },
      scope,
      documentId,
    );
    asked.push({
      language: question.lang ?? 'unspecified',
      planned: result.plan !== 'offline',
      totalMs: result.timings.totalMs,
      firstTokenMs: result.timings.firstTokenMs,
    });
    onProgress?.(++done, total);
    return { documentId, result };
  };
  const reports: Partial<Record<EvalScope, AnswerReport>> = {};
  for (const scope of scopes) {
    asked = [];
    const outcomes: AnswerableOutcome[] = [];
    for (const question of answerable) {
      const { documentId, result } = await answer(question, scope);
      const isGold = (entry: { documentId: string; pages: number[] }) =>
        entry.documentId === documentId && entry.pages.some(page => question.pages.includes(page));
      const gold = shortGoldAnswer(question.answer, question.answer_format);
      outcomes.push({
        source: question.source,
        language: question.lang ?? 'unspecified',
        evidenceSources: question.evidence_sources ?? [],
        contextHit: result.context.some(isGold),
        citedGold: result.citations.some(isGold),
        notFound: !result.grounded,
        answerShown: gold === undefined ? undefined : result.grounded && showsAnswer(result.answer, gold),
      });
    }
    const abstained: Array<{ notFound: boolean }> = [];
    for (const question of unanswerable) abstained.push({ notFound: !(await answer(question, scope)).result.grounded });
    reports[scope] = answerReport(outcomes, abstained, asked);
  }
  return { scopes: reports, skipped: sampled(sets.questions).length + sampled(sets.unanswerable).length - answerable.length - unanswerable.length };
}
