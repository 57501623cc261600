import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSlackMessage } from '../fakes/fake-slack-api.ts';
import { markedRegion } from '../support/figures/marked-region.ts';
import { makeRefundPolicyPdf } from './support/slack-test-documents.ts';
import { startSlackTestApp, type SlackTestApp } from './support/slack-test-app.ts';

/**
 * "Show me where" in Slack: without a public URL each source gets a "Show page" button that posts the
 * cited page, the quoted line marked, into the answer's thread; with one, the page label links to the
 * marked page image. A click never shows another conversation's documents.
 */
const bot = 'UFOLIOBOT';

async function shareAndAsk(slack: SlackTestApp, channel: string, question: string): Promise<{ ts: string; answer: FakeSlackMessage }> {
  const file = slack.fake.addFile(`F${channel}`, 'refund-policy.pdf', await makeRefundPolicyPdf());
  const shareTs = slack.fake.nextTs();
  await slack.sendEvent({ type: 'message', subtype: 'file_share', channel, channel_type: 'channel', user: 'UALICE', text: '', ts: shareTs, files: [file] });
  await slack.fake.waitFor(() => slack.fake.threadReplies(channel, shareTs).find(message => /is ready/.test(message.text ?? '')), 30_000);
  await slack.adapter.whenIdle();
  const ts = slack.fake.nextTs();
  await slack.sendEvent({ type: 'app_mention', channel, user: 'UALICE', text: `<@${bot}> ${question}`, ts });
  const answer = await slack.fake.waitFor(
    () => slack.fake.threadReplies(channel, ts).find(message => (message.blocks ?? []).some((block: any) => block.block_id === 'folio_feedback')),
    30_000,
  );
  await slack.adapter.whenIdle();
  return { ts, answer };
}

const sourceTexts = (message: FakeSlackMessage) =>
  (message.blocks ?? []).flatMap((block: any) => (block.type === 'context' ? block.elements.map((element: any) => String(element.text)) : []));

describe('Slack: show me where', () => {
  describe('without a public URL', () => {
    let slack: SlackTestApp;
    beforeAll(async () => {
      slack = await startSlackTestApp();
    });
    afterAll(() => slack?.close());

    it('posts the cited page with the quoted line marked into the thread when "Show page" is clicked', async () => {
      const { ts, answer } = await shareAndAsk(slack, 'C1', 'Within how many days are refunds paid?');
      const actions = answer.blocks!.find((block: any) => block.type === 'actions' && block.block_id === 'folio_show_pages');
      expect(actions.elements[0]).toMatchObject({ type: 'button', action_id: 'folio_show_page_1', text: { text: 'Show p. 1 [1]' } });
      expect(JSON.parse(actions.elements[0].value)).toMatchObject({ space: 'slack:T1:C1', page: 1, highlight: expect.stringMatching(/^\d{4}:\d+-\d+$/) });

      await slack.clickButton({
        actionId: 'folio_show_page_1',
        blockId: 'folio_show_pages',
        value: actions.elements[0].value,
        message: { ts: answer.ts, thread_ts: ts },
      });
      const upload = await slack.fake.waitFor(() => slack.fake.uploads.find(candidate => candidate.shared), 30_000);
      expect(upload).toMatchObject({
        filename: 'refund-policy-p1.png',
        title: 'refund-policy.pdf · p. 1',
        shared: { channel: 'C1', threadTs: ts, initialComment: 'refund-policy.pdf · p. 1, the quoted lines marked' },
      });
      // The refund sentence is the first body line (top 110, 11 pt) of the generated page.
      const marked = await markedRegion(upload.bytes!, 612);
      expect(marked).toBeDefined();
      expect(marked!.top).toBeGreaterThan(104);
      expect(marked!.bottom).toBeLessThan(126);
    });

    it("refuses a click that names another conversation's document, and says so privately", async () => {
      const { answer } = await shareAndAsk(slack, 'C2', 'What does a refund need?');
      const value = answer.blocks!.find((block: any) => block.block_id === 'folio_show_pages').elements[0].value;
      const uploadsBefore = slack.fake.uploads.length;
      // The same button, clicked from C3 (a value copied elsewhere).
      const { responsePath } = await slack.clickButton({ actionId: 'folio_show_page_1', blockId: 'folio_show_pages', value, channelId: 'C3' });
      const reply = await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === responsePath));
      expect(reply.body).toMatchObject({ response_type: 'ephemeral', text: expect.stringContaining('does not use') });
      await slack.adapter.whenIdle();
      expect(slack.fake.uploads).toHaveLength(uploadsBefore);
    });

    it('tells the clicker privately when Slack refuses the upload', async () => {
      const stop = slack.fake.script(call =>
        call.method === 'files.getUploadURLExternal' ? { body: { ok: false, error: 'missing_scope', needed: 'files:write' } } : undefined,
      );
      try {
        const { answer } = await shareAndAsk(slack, 'C4', 'Within how many days are refunds paid?');
        const value = answer.blocks!.find((block: any) => block.block_id === 'folio_show_pages').elements[0].value;
        const { responsePath } = await slack.clickButton({ actionId: 'folio_show_page_1', blockId: 'folio_show_pages', value, channelId: 'C4' });
        const reply = await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === responsePath));
        expect(reply.body.response_type).toBe('ephemeral');
        expect(reply.body.text).toMatch(/permission|scope|files:write/i);
      } finally {
        stop();
      }
    });
  });

  describe('with a public URL', () => {
    let slack: SlackTestApp;
    beforeAll(async () => {
      slack = await startSlackTestApp({ env: { FOLIO_PUBLIC_URL: 'https://folio.example.com', FOLIO_API_KEY: 'a-long-enough-api-key-for-links' } });
    });
    afterAll(() => slack?.close());

    it('links each source page to the marked page image, and offers no buttons', async () => {
      const { answer } = await shareAndAsk(slack, 'C1', 'Within how many days are refunds paid?');
      const [source] = sourceTexts(answer).filter(text => text.startsWith('[1]'));
      const link = /<(https:\/\/folio\.example\.com\/[^|>]+)\|p\. 1>/.exec(source)?.[1];
      expect(link).toBeDefined();
      const url = new URL(link!.replace(/&amp;/g, '&'));
      expect(url.pathname).toMatch(/^\/v1\/spaces\/slack%3AT1%3AC1\/documents\/[^/]+\/pages\/1\.png$/);
      expect(url.searchParams.get('highlight')).toMatch(/^\d{4}:\d+-\d+$/);
      expect(url.searchParams.get('sig')).toBeTruthy();
      expect(answer.blocks!.some((block: any) => block.block_id === 'folio_show_pages')).toBe(false);
    });
  });
});
