import { describe, expect, it } from 'vitest';
import { progressLine } from '../../adapters/shared/ingest-messages.ts';
import { answerMessage, citationName, numberCitations } from '../../adapters/teams/answer/answer-message.ts';
import { answerPreview } from '../../adapters/teams/answer/citation-markers.ts';
import { answerTextOfCard } from '../../adapters/teams/cards/answer-card.ts';
import { ingestSummaryMessage } from '../../adapters/teams/cards/ingest-summary-card.ts';
import { readFeedbackLoop } from '../../adapters/teams/handlers/record-feedback-loop.ts';
import { chatTextToTeams } from '../../adapters/teams/teams-markdown.ts';
import type { Answer, Citation } from '../../src/answer/types.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { makeAnswer, makeCitation } from '../support/answer/make-answer.ts';
import { cardTexts } from './support/teams-activities.ts';

const space = 'teams:t:19:c@thread.tacv2' as SpaceId;

function citation(
  n: number,
  pages: number[],
  titlePath: string[] = ['2 Travel', '2.1 Hotels'],
  document = n === 3 ? 'travel_policy*v2.pdf' : `doc-${n}.pdf`,
): Citation {
  return makeCitation(n, pages, { document, nodeId: '0002', titlePath, space });
}

/** Cites the context's passages 3 and 7 (as answers do: their numbers are the passages', not 1..k). */
function answer(overrides: Partial<Answer> = {}): Answer {
  return makeAnswer({
    question: 'How much for hotels?',
    answer: '## Hotels\nUp to **150 euros** per night [3], more in capitals [7][3].',
    citations: [citation(3, [4, 5, 6]), citation(7, [2, 9], [])],
    figures: [
      {
        documentId: 'd3',
        document: 'travel_policy*v2.pdf',
        page: 5,
        pageLabel: 'p. 5',
        nodeId: '0007',
        title: 'Figure 2 Hotel caps',
        description: 'A bar chart of hotel caps per city.',
      },
    ],
    ...overrides,
  });
}

const messageEntityOf = (message: { entities?: Array<{ type: string } & Record<string, any>> }) =>
  message.entities?.find(entity => entity.type === 'https://schema.org/Message');

describe('answer message', () => {
  it('renumbers the markers 1..k in order of first use and cites each source natively, with the AI label and feedback', () => {
    const quoted = answer();
    quoted.citations[0].quotes = [{ page: 5, text: 'Hotel costs are reimbursed up to 150 euros per night.', highlight: '0002:0-52' }];
    const message = answerMessage(quoted);
    expect(message.text).toBe(
      [
        '**Hotels**\nUp to **150 euros** per night [1], more in capitals [2][1].',
        '🖼️ **Figure 2 Hotel caps** (travel\\_policy\\*v2.pdf · p. 5): A bar chart of hotel caps per city.',
      ].join('\n\n'),
    );
    expect(message.attachments).toBeUndefined();
    expect(message.entities).toEqual([
      {
        type: 'https://schema.org/Message',
        '@type': 'Message',
        '@context': 'https://schema.org',
        '@id': '',
        additionalType: ['AIGeneratedContent'],
        citation: [
          {
            '@type': 'Claim',
            position: 1,
            appearance: {
              '@type': 'DigitalDocument',
              name: 'travel_policy*v2.pdf · pp. 4–6',
              abstract: '2.1 Hotels — Hotel costs are reimbursed up to 150 euros per night.',
              image: { '@type': 'ImageObject', name: 'PDF' },
            },
          },
          {
            '@type': 'Claim',
            position: 2,
            appearance: { '@type': 'DigitalDocument', name: 'doc-7.pdf · pp. 2, 9', abstract: 'doc-7.pdf', image: { '@type': 'ImageObject', name: 'PDF' } },
          },
        ],
      },
    ]);
    expect(message.channelData).toEqual({ feedbackLoopEnabled: true });
  });

  it('links each citation to its page when a link is given, and only that citation', () => {
    const link = 'https://folio.example.com/v1/spaces/teams%3At%3Ac/documents/d3/pages/4.png?exp=1&sig=abc';
    const message = answerMessage(answer(), new Map([[3, link]]));
    const claims = (message.entities![0] as unknown as { citation: Array<{ position: number; appearance: { url?: string } }> }).citation;
    expect(claims.map(claim => [claim.position, claim.appearance.url])).toEqual([
      [1, link],
      [2, undefined],
    ]);
  });

  it('leaves the AI label off an answer that only quotes the documents, and says nothing native when nothing is cited', () => {
    const extractive = answerMessage(answer({ extractive: true }));
    expect(messageEntityOf(extractive)).not.toHaveProperty('additionalType');
    expect(messageEntityOf(extractive)?.citation).toHaveLength(2);
    const uncited = answerMessage(answer({ extractive: true, grounded: false, answer: 'I could not find this.', citations: [], figures: [], closest: [] }));
    expect(uncited).toEqual({ text: 'I could not find this.', channelData: { feedbackLoopEnabled: true } });
    // Not found with the closest sections (the core lists them in the text): rated, no citations.
    const notFound = answerMessage(
      answer({
        grounded: false,
        answer: 'I could not find this.\n\nThe closest sections I found:\n- a.pdf · p. 3 · Refunds',
        citations: [],
        figures: [],
        closest: [{ document: 'a.pdf', pages: [3], pagesLabel: 'p. 3', title: 'Refunds' }],
      }),
    );
    expect(notFound.text).toBe('I could not find this.\n\nThe closest sections I found:\n- a.pdf · p. 3 · Refunds');
    expect(messageEntityOf(notFound)).toEqual({
      type: 'https://schema.org/Message',
      '@type': 'Message',
      '@context': 'https://schema.org',
      '@id': '',
      additionalType: ['AIGeneratedContent'],
    });
    expect(notFound.channelData).toEqual({ feedbackLoopEnabled: true });
  });

  it('keeps Teams’ limits: names within 80 characters with the page, abstracts within 160, at most 20 citations, a bounded message', () => {
    const long = citation(1, [12], ['x'.repeat(300)], `${'Quarterly report of the regional sales organisation '.repeat(3)}.pdf`);
    expect(citationName(long)).toMatch(/^Quarterly report .*… · p\. 12$/);
    expect(citationName(long).length).toBeLessThanOrEqual(80);
    const many = answer({
      answer: `${Array.from({ length: 30 }, (_, index) => `Fact ${index} [${index + 40}].`).join(' ')} ${'word '.repeat(20_000)}`,
      citations: Array.from({ length: 30 }, (_, index) => citation(index + 40, [index + 1], ['x'.repeat(300)])),
      figures: Array.from({ length: 20 }, (_, index) => ({
        documentId: 'd',
        document: 'd.pdf',
        page: index,
        pageLabel: `p. ${index}`,
        nodeId: 'n',
        title: 't',
        description: 'd'.repeat(5000),
      })),
      notes: ['n'.repeat(5000)],
    });
    many.citations[0].quotes = [{ page: 1, text: 'e'.repeat(500) }];
    const message = answerMessage(many);
    const claims = messageEntityOf(message)!.citation as Array<{ position: number; appearance: { name: string; abstract: string } }>;
    expect(claims.map(claim => claim.position)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(Math.max(...claims.map(claim => claim.appearance.abstract.length))).toBeLessThanOrEqual(160);
    // Markers of sources beyond the twentieth are gone; the ones kept are 1..20.
    expect(message.text).toContain('Fact 19 [20].');
    expect(message.text).toContain('Fact 20.');
    expect(message.text).not.toContain('[21]');
    expect(message.text).toMatch(/_\(answer shortened\)_\n\n🖼️/);
    expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThan(24_000);
  });

  it('numbers by first use even when the core listed the sources in another order, dropping markers that name no source', () => {
    const numbered = numberCitations(answer({ answer: 'A [7]. B [3, 7]. C [9].', citations: [citation(3, [1]), citation(7, [2])] }));
    expect(numbered.text).toBe('A [1]. B [2][1]. C.');
    expect(numbered.cited.map(entry => [entry.position, entry.citation.n])).toEqual([
      [1, 7],
      [2, 3],
    ]);
  });
});

describe('streamed answer preview', () => {
  const written = '## Hotels and travel\nUp to **150 euros** per night [12], more in capitals [4, 12].\n\n- Trains: second class [4].';

  it('only ever grows: each preview starts with the one before (Teams rejects a stream update that does not)', () => {
    const previews = Array.from({ length: written.length + 1 }, (_, end) => answerPreview(written.slice(0, end), 6000));
    previews
      .slice(1)
      .forEach((preview, index) => expect(preview.startsWith(previews[index]), `${JSON.stringify(previews[index])} → ${JSON.stringify(preview)}`).toBe(true));
    expect(previews.at(-1)).toBe('**Hotels and travel**\nUp to **150 euros** per night [1], more in capitals [2][1].\n\n- Trains: second class');
    expect(answerPreview('## Hotels and tr', 6000)).toBe('');
    expect(answerPreview('Up to 150 euros [1', 6000)).toBe('Up to 150 euros');
  });

  it('stops growing at its limit, at a word boundary', () => {
    const preview = answerPreview(`${'word '.repeat(3000)}end`, 6000);
    expect(preview.length).toBeLessThanOrEqual(6000);
    expect(preview.endsWith('word')).toBe(true);
    expect(answerPreview(`${'word '.repeat(4000)}end`, 6000)).toBe(preview);
  });
});

describe('Teams feedback form data', () => {
  it('reads 👍/👎 and the typed comment, whether the form comes as a JSON string or an object', () => {
    expect(readFeedbackLoop({ actionName: 'feedback', actionValue: { reaction: 'like', feedback: '{"feedbackText":"  Great, thanks "}' } })).toEqual({
      rating: 'up',
      comment: 'Great, thanks',
    });
    expect(readFeedbackLoop({ actionName: 'feedback', actionValue: { reaction: 'dislike', feedback: { feedbackText: 'Wrong page' } } })).toEqual({
      rating: 'down',
      comment: 'Wrong page',
    });
    expect(readFeedbackLoop({ actionName: 'feedback', actionValue: { reaction: 'dislike', feedback: '{"feedbackText":""}' } })).toEqual({ rating: 'down' });
    expect(readFeedbackLoop({ actionName: 'feedback', actionValue: { reaction: 'like', feedback: 'plain words' } })).toEqual({
      rating: 'up',
      comment: 'plain words',
    });
    expect(readFeedbackLoop({ actionName: 'feedback', actionValue: { reaction: 'meh' } })).toBeUndefined();
    expect(readFeedbackLoop({ actionName: 'other', actionValue: { reaction: 'like' } })).toBeUndefined();
    expect(readFeedbackLoop(undefined)).toBeUndefined();
  });
});

describe('answer cards posted before answers became messages', () => {
  it('finds the answer text in such a card read back through Graph (card JSON as a string), and nothing in other cards', () => {
    const card = { type: 'AdaptiveCard', version: '1.5', body: [{ type: 'TextBlock', id: 'folio-answer', text: '**Hotels**\nUp to **150 euros** [1].' }] };
    expect(answerTextOfCard(JSON.stringify(card))).toBe('**Hotels**\nUp to **150 euros** [1].');
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
    const stats = {
      pages: 12,
      sections: 5,
      tables: 1,
      figures: 2,
      figuresDescribed: 2,
      ocrPages: 3,
      ms: { convert: 0, parse: 1, describe: 0, tree: 0, total: 1 },
    };
    const message = ingestSummaryMessage(
      [
        { documentId: 'a', name: 'a.pdf', pages: 12, status: 'ready', duplicate: false, stats },
        { documentId: 'b', name: 'b.pdf', pages: 3, status: 'ready', duplicate: true },
        {
          documentId: '',
          name: 'c.pdf',
          pages: 0,
          status: 'failed',
          duplicate: false,
          error: { code: 'pdf_encrypted', message: 'The PDF is password-protected.' },
        },
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
