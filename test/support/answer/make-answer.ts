import { namePage, namePages, pagePositions } from '../../../src/documents/page-names.ts';
import type { Answer, Citation } from '../../../src/answer/types.ts';
import type { SpaceId } from '../../../src/spaces/space-id.ts';

/** A citation of passage [n] of `d<n>` on `pages` (named by position), for rendering tests; fields can be overridden. */
export function makeCitation(n: number, pages: number[], overrides: Partial<Citation> & { space: SpaceId }): Citation {
  const labels = pages.map(page => namePage(pagePositions, page));
  const pagesLabel = namePages(pagePositions, pages);
  return { n, documentId: `d${n}`, document: `doc-${n}.pdf`, pages, labels, pagesLabel, nodeId: '0001', titlePath: ['A section'], quotes: [], ...overrides };
}

/** A grounded model answer with no citations unless given: what the renderers of answers start from. */
export function makeAnswer(overrides: Partial<Answer> = {}): Answer {
  return {
    id: 'answer-1',
    question: 'q',
    answer: 'An answer.',
    citations: [],
    context: [],
    figures: [],
    grounded: true,
    extractive: false,
    language: 'en',
    closest: [],
    notes: [],
    plan: 'full',
    modelCalls: 2,
    usage: { inputTokens: 0, outputTokens: 0 },
    timings: { planMs: 0, searchMs: 0, answerMs: 0, totalMs: 0 },
    ...overrides,
  };
}
