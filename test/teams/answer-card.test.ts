import { describe, expect, it } from 'vitest';
import { progressLine } from '../../adapters/shared/ingest-messages.ts';
import { answerCard, answerTextOfCard, feedbackVerb } from '../../adapters/teams/cards/answer-card.ts';
import { ingestSummaryMessage } from '../../adapters/teams/cards/ingest-summary-card.ts';
import { chatTextToTeams } from '../../adapters/teams/teams-markdown.ts';
import type { Answer, Citation } from '../../src/answer/types.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { cardTexts } from './support/teams-activities.ts';

const space = 'teams:t:19:c@thread.tacv2' as SpaceId;

function citation(n: number, pages: number[], titlePath: string[] = ['2 Travel', '2.1 Hotels']): Citation {
  return { n, documentId: `d${n}`, document: n === 1 ? 'travel_policy*v2.pdf' : `doc-${n}.pdf`, pages, nodeId: '0002', titlePath, space };
}

function answer(overrides: Partial<Answer> = {}): Answer {
  return {
    id: 'answer-1',
    question: 'How much for hotels?',
    answer: '## Hotels\nUp to **150 euros** per night [1], more in capitals [2].',
    citations: [citation(1, [4, 5, 6]), citation(2, [2, 9], [])],
    context: [],
    figures: [{ documentId: 'd1', document: 'travel_policy*v2.pdf', page: 5, nodeId: '0007', title: 'Figure 2 Hotel caps', description: 'A bar chart of hotel caps per city.' }],
    grounded: true,
    extractive: false,
    language: 'en',
    closest: [],
    notes: [],
    modelCalls: 2,
    usage: { inputTokens: 1, outputTokens: 1 },
    timings: { planMs: 1, searchMs: 1, answerMs: 1, totalMs: 3 },
    ...overrides,
  };
}

describe('answer card', () => {
  it('shows the answer, figures and sources as "document · p. N — section" with 👍/👎', () => {
    const card = answerCard(answer());
    const message = { attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: card }] };
    expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.5' });
    expect(cardTexts(message)).toEqual([
      '**Hotels**\nUp to **150 euros** per night [1], more in capitals [2].',
      '🖼️ **Figure 2 Hotel caps** (travel\\_policy\\*v2.pdf · p. 5): A bar chart of hotel caps per city.',
      '**Sources**',
      '[1] **travel\\_policy\\*v2.pdf** · pp. 4–6 — 2.1 Hotels',
      '[2] **doc-2.pdf** · pp. 2, 9',
    ]);
    expect(card.actions).toEqual([
      expect.objectContaining({ type: 'Action.Execute', verb: feedbackVerb, data: { folioAction: 'feedback', answerId: 'answer-1', rating: 'up' }, fallback: expect.objectContaining({ type: 'Action.Submit' }) }),
      expect.objectContaining({ type: 'Action.Execute', verb: feedbackVerb, data: { folioAction: 'feedback', answerId: 'answer-1', rating: 'down' } }),
    ]);
  });

  it('lists the closest sections when the documents do not answer, and has no buttons for an empty space', () => {
    const notFound = answerCard(answer({ grounded: false, answer: 'I could not find this.', citations: [], figures: [], closest: [{ document: 'a.pdf', pages: [3], title: 'Refunds' }] }));
    expect(notFound.body[1]).toMatchObject({ text: '**The closest sections I found:**\n\n- Refunds (a.pdf · p. 3)' });
    expect(notFound.actions).toHaveLength(2);
    const empty = answerCard(answer({ grounded: false, answer: 'This space has no documents yet.', citations: [], figures: [], closest: [] }));
    expect(empty.actions).toBeUndefined();
  });

  it('stays well under Teams’ message size with a huge answer and many sources, and says it was shortened', () => {
    const huge = answerCard(
      answer({
        answer: 'word '.repeat(20_000),
        citations: Array.from({ length: 60 }, (_, index) => citation(index + 1, [index + 1], ['x'.repeat(300)])),
        figures: Array.from({ length: 20 }, (_, index) => ({ documentId: 'd', document: 'd.pdf', page: index, nodeId: 'n', title: 't', description: 'd'.repeat(5000) })),
        notes: ['n'.repeat(5000)],
      }),
    );
    expect(Buffer.byteLength(JSON.stringify(huge))).toBeLessThan(24_000);
    expect(huge.body[0].text).toMatch(/_\(answer shortened\)_$/);
  });

  it('finds its own answer text in a card read back through Graph (card JSON as a string), and nothing in other cards', () => {
    const card = answerCard(answer());
    expect(answerTextOfCard(JSON.stringify(card))).toBe('**Hotels**\nUp to **150 euros** per night [1], more in capitals [2].');
    expect(answerTextOfCard(card)).toBe(answerTextOfCard(JSON.stringify(card)));
    const summary = ingestSummaryMessage([{ documentId: 'a', name: 'a.pdf', pages: 1, status: 'ready', duplicate: false }], '@Folio');
    expect(answerTextOfCard(JSON.stringify(summary.attachments![0].content))).toBeUndefined();
    expect(answerTextOfCard('{not json')).toBeUndefined();
    expect(answerTextOfCard(null)).toBeUndefined();
  });
});

describe('ingest summary card and Teams Markdown', () => {
  it('renders the shared chat words in Teams Markdown: names bold and escaped, plain words as they are', () => {
    expect(chatTextToTeams(progressLine('a.pdf', { type: 'page', stage: 'parsing', page: 2, pageCount: 4 }))).toBe('Reading **a.pdf**: page 2 of 4…');
    expect(chatTextToTeams(progressLine('2*3*4 <draft>.pdf', { type: 'stage', stage: 'ready' }))).toBe('**2\\*3\\*4 &lt;draft&gt;.pdf** is ready.');
    expect(chatTextToTeams(['Missing **Files.Read.All**; ', { bold: 'x_y.pdf' }])).toBe('Missing **Files.Read.All**; **x\\_y.pdf**');
  });

  it('summarises ready, duplicate and failed files', () => {
    const stats = { pages: 12, sections: 5, tables: 1, figures: 2, figuresDescribed: 2, ocrPages: 3, ms: { convert: 0, parse: 1, describe: 0, tree: 0, total: 1 } };
    const message = ingestSummaryMessage(
      [
        { documentId: 'a', name: 'a.pdf', pages: 12, status: 'ready', duplicate: false, stats },
        { documentId: 'b', name: 'b.pdf', pages: 3, status: 'ready', duplicate: true },
        { documentId: '', name: 'c.pdf', pages: 0, status: 'failed', duplicate: false, error: { code: 'pdf_encrypted', message: 'The PDF is password-protected.' } },
      ],
      '@Folio',
    );
    expect(message.summary).toBe('a.pdf: ready; b.pdf: ready; c.pdf: could not be read');
    expect(cardTexts(message as never)).toEqual([
      '✅ **a.pdf** is ready.',
      'Pages: 12',
      'Sections: 5',
      'Tables: 1',
      'Figures: 2 (2 described)',
      'Scanned pages (OCR): 3',
      '✅ **b.pdf** is ready. I already had this exact file, so nothing changed.',
      'Pages: 3',
      '⚠️ I could not read **c.pdf**: The PDF is password-protected.',
      'Ask me about it, e.g. “@Folio what does section 3 say about …?”',
    ]);
  });
});
