import type { KnowledgeStore } from '../../store/types.ts';
import type { EmbeddingModel } from '../../models/types.ts';
import type { SpaceId } from '../../spaces/space-id.ts';
import { searchSpace } from '../search-space.ts';
import type { EvalQuestion } from './eval-set.ts';
import { firstCorrectRank, metricsReport, type MetricsReport } from './page-hit-metrics.ts';
import { readyDocumentIds } from './ready-document-ids.ts';

/**
 * `document`: the question asked of its own document only; `space`: of the whole space; `thread`: as if
 * asked in the thread of its document's share in a chat (focused on it, widened only when the answer is
 * not found there; for page ranking alone that is the document's own ranking).
 */
export type EvalScope = 'document' | 'space' | 'thread';

/**
 * Searches every question and scores the ranked pages: per document or in its document's thread (the
 * search is restricted to the question's own document) or over the whole space (a hit needs the right
 * document and page). With an
 * embedding model the question's vector list is fused in, as the ask pipeline's search does.
 */
export async function runEval(
  store: KnowledgeStore,
  space: SpaceId,
  questions: EvalQuestion[],
  scopes: EvalScope[],
  embedder?: EmbeddingModel,
): Promise<{ scopes: Partial<Record<EvalScope, MetricsReport>>; skipped: number }> {
  const documentIds = await readyDocumentIds(store, space);
  const answerable = questions.filter(question => documentIds.has(question.doc));
  const reports: Partial<Record<EvalScope, MetricsReport>> = {};
  for (const scope of scopes) {
    const outcomes = [];
    for (const question of answerable) {
      const documentId = documentIds.get(question.doc)!;
      const result = await searchSpace(store, question.question, {
        spaces: [space],
        documentIds: scope === 'space' ? undefined : [documentId],
        k: 20,
        embedder,
      });
      const rank = firstCorrectRank(result.pages, page => page.documentId === documentId && question.pages.includes(page.page));
      outcomes.push({ rank, source: question.source, evidenceSources: question.evidence_sources ?? [] });
    }
    reports[scope] = metricsReport(outcomes);
  }
  return { scopes: reports, skipped: questions.length - answerable.length };
}
