import { describe, expect, it } from 'vitest';
import { answerMessage, answerTextBudgetChars, blockTextLength } from '../../adapters/slack/answer-blocks.ts';
import { markdownToMrkdwn, splitText } from '../../adapters/slack/slack-mrkdwn.ts';
import type { Answer } from '../../src/answer/types.ts';
import { makeAnswer, makeCitation } from '../support/answer/make-answer.ts';
import { parseSpaceId } from '../../src/spaces/space-id.ts';

const space = parseSpaceId('slack:T1:C1');

function answerOf(overrides: Partial<Answer>): Answer {
  return makeAnswer({
    answer: 'Refunds take **14 days** [1].',
    citations: [makeCitation(1, [3], { documentId: 'd1', document: 'policy.pdf', titlePath: ['Refunds'], space })],
    context: [{ n: 1, document: 'policy.pdf', documentId: 'd1', pages: [3], pagesLabel: 'p. 3', nodeId: '0001', title: 'Refunds' }],
    ...overrides,
  });
}

describe('answer blocks', () => {
  it('shows the answer, linked sources with pages, and feedback buttons', () => {
    const message = answerMessage(answerOf({}), {
      files: new Map([['d1', 'https://files.slack.com/files-pri/T1-F1/policy.pdf']]),
      pages: new Map([[1, 'https://folio.example.com/p3.png']]),
    });
    expect(message.blocks.map(block => block.type)).toEqual(['section', 'context', 'context_actions']);
    expect(message.blocks[2]).toMatchObject({
      elements: [
        { type: 'feedback_buttons', action_id: 'folio_feedback', positive_button: { value: 'up:answer-1' }, negative_button: { value: 'down:answer-1' } },
      ],
    });
    // A stream ends with what follows the answer text.
    expect(message.tail?.map(block => block.type)).toEqual(['context', 'context_actions']);
    expect(message.blocks[0]).toMatchObject({ text: { type: 'mrkdwn', text: 'Refunds take *14 days* [1].' } });
    expect(message.blocks[1]).toMatchObject({
      elements: [{ text: '[1] <https://files.slack.com/files-pri/T1-F1/policy.pdf|policy.pdf> · <https://folio.example.com/p3.png|p. 3> — Refunds' }],
    });
    expect(message.text).toBe('Refunds take **14 days** [1].');
  });

  it("keeps a very long answer within Slack's limits and says it was shortened", () => {
    const paragraph = 'The warehouse report describes every shipment in great detail, with numbers per quarter and region [1]. ';
    const citations = Array.from({ length: 35 }, (_, index) =>
      makeCitation(index + 1, [index + 1, index + 2], {
        documentId: `d${index}`,
        document: `document-${index}-with-a-long-name.pdf`,
        titlePath: ['A section title'],
        space,
      }),
    );
    const figures = Array.from({ length: 60 }, (_, index) => ({
      documentId: 'd1',
      document: 'report.pdf',
      page: index + 1,
      pageLabel: `p. ${index + 1}`,
      nodeId: '0002',
      title: `Figure ${index}`,
      description: 'A bar chart of parcels per month. '.repeat(30),
    }));
    const message = answerMessage(
      answerOf({ answer: Array.from({ length: 400 }, () => paragraph).join('\n\n'), citations, figures, notes: ['A note. '.repeat(400)] }),
    );
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    for (const block of message.blocks) if (block.type === 'section') expect(block.text!.text.length).toBeLessThanOrEqual(3000);
    for (const block of message.blocks) if (block.type === 'context') expect(block.elements.length).toBeLessThanOrEqual(10);
    const total = message.blocks.reduce((sum, block) => sum + blockTextLength(block), 0) + message.text.length;
    expect(total).toBeLessThan(12_000);
    const sections = message.blocks.filter(block => block.type === 'section');
    expect(sections.at(-1)!.type === 'section' && sections.at(-1)!.text!.text.endsWith('…(answer shortened)')).toBe(true);
    expect(sections.reduce((sum, block) => sum + blockTextLength(block), 0)).toBeGreaterThan(3000); // the answer kept most of its room
    // Every source is still listed, and the buttons are still there.
    const sourceTexts = message.blocks.flatMap(block =>
      block.type === 'context' ? block.elements.map(element => ('text' in element ? String(element.text) : '')) : [],
    );
    expect(sourceTexts.filter(text => text.startsWith('['))).toHaveLength(35);
    expect(message.blocks.at(-1)!.type).toBe('context_actions');
    expect(total).toBeLessThanOrEqual(answerTextBudgetChars + 400);
  });

  it('splits a long answer into sections of at most 3000 characters without losing text', () => {
    const text = Array.from({ length: 30 }, (_, index) => `Paragraph ${index} ${'word '.repeat(40)}`).join('\n\n');
    const pieces = splitText(text, 3000);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every(piece => piece.length <= 3000)).toBe(true);
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' ').trim());
  });

  it('turns Markdown into Slack mrkdwn and escapes what Slack would read as markup', () => {
    const markdown = '## Costs\n**Total** is *low* <b>, see [the table](https://example.com/t?a=1&b=2).\n- one\n| a | b |\n|---|---|\n| 1 | 2 |';
    expect(markdownToMrkdwn(markdown)).toBe(
      '*Costs*\n*Total* is _low_ &lt;b&gt;, see <https://example.com/t?a=1&amp;b=2|the table>.\n• one\n```\n| a | b |\n|---|---|\n| 1 | 2 |\n```',
    );
  });
});
