import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceOfConversation } from '../../src/spaces/conversation-space.ts';
import { labelledFacts, makeOffsetNumberedPdf, makeRomanLabelledPdf } from '../support/layout/page-label-pdfs.ts';
import { churnDeckSlides, convertWithSoffice, writeSlidesPptx } from '../support/office/make-office-documents.ts';
import { sofficeAvailability } from '../support/office/soffice-availability.ts';
import { jsonLines, runFolio } from '../support/run-folio.ts';
import { startSlackTestApp, type SlackTestApp } from '../slack/support/slack-test-app.ts';
import { cardTexts, personalMessage } from '../teams/support/teams-activities.ts';
import { startTeamsHarness, tenantId, type TeamsHarness } from '../teams/support/teams-harness.ts';
import { filesForm, startWebTestServer, type WebTestServer } from '../web/support/web-test-server.ts';

/**
 * Citations name the page a person sees: a deck's third page is "slide 4" when slide 3 is hidden, a
 * PDF's pages go by their roman /PageLabels or by the numbers printed on them. Every surface shows the
 * name; the physical page stays the key for page images and buttons.
 */
const soffice = sofficeAvailability();
const describeWithOffice = soffice.available || soffice.mustRun ? describe : describe.skip;

interface Case {
  file: string;
  question: string;
  /** Words the answer quotes. */
  quoted: string;
  page: number;
  label: string;
  /** The section the citation names. */
  section: string;
}

const deckFact = {
  question: 'What was monthly churn after the loyalty launch?',
  quoted: 'Monthly churn fell to 1.8%',
  page: 3,
  label: 'slide 4',
  section: 'Churn and retention',
};
const cases: Case[] = [
  { file: 'deck.pptx', ...deckFact },
  { file: 'deck.odp', ...deckFact },
  {
    file: 'survey.pdf',
    question: labelledFacts.roman.question,
    quoted: labelledFacts.roman.sentence,
    page: labelledFacts.roman.page,
    label: labelledFacts.roman.label,
    section: 'Review',
  },
  {
    file: 'logistics.pdf',
    question: labelledFacts.printed.question,
    quoted: labelledFacts.printed.sentence,
    page: labelledFacts.printed.page,
    label: labelledFacts.printed.label,
    section: '3 Staff',
  },
];
const isDeck = (file: string) => file.startsWith('deck.');

describeWithOffice('cited pages are named as a person sees them', () => {
  let workDir: string;
  const bytes = new Map<string, Uint8Array>();

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'folio-page-names-'));
    const pptx = join(workDir, 'deck.pptx');
    await writeSlidesPptx(pptx);
    // The ODP keeps the hidden slide (a drawing-page style with presentation:visibility="hidden").
    const odp = await convertWithSoffice(pptx, 'odp', workDir);
    bytes.set('deck.pptx', await readFile(pptx));
    bytes.set('deck.odp', await readFile(odp));
    bytes.set('survey.pdf', await makeRomanLabelledPdf());
    bytes.set('logistics.pdf', await makeOffsetNumberedPdf());
  }, 180_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  describe('the CLI', () => {
    let environment: Record<string, string>;
    beforeAll(async () => {
      environment = { FOLIO_DATA_DIR: join(workDir, 'cli-data'), FOLIO_MODEL_PROVIDER: 'offline', FOLIO_OCR: 'off' };
      const { writeFile } = await import('node:fs/promises');
      for (const [file, content] of bytes) await writeFile(join(workDir, file), content);
    });

    it('says how many slides a deck has and how many are hidden', async () => {
      const run = await runFolio(['ingest', join(workDir, 'deck.pptx'), join(workDir, 'deck.odp'), '--space', 'decks'], environment);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/✓ deck\.pptx \[\w+\]: 5 slides, 1 hidden, /u);
      expect(run.stdout).toMatch(/✓ deck\.odp \[\w+\]: 5 slides, 1 hidden, /u);
      const json = jsonLines((await runFolio(['ingest', join(workDir, 'deck.pptx'), '--space', 'decks-json', '--json'], environment)).stdout);
      expect(json[0]).toMatchObject({ name: 'deck.pptx', pages: 4, slides: 5, hiddenSlides: [3], status: 'ready' });
    });

    it.each(cases)('cites $file by "$label" in text and JSON, and keeps the physical page', async ({ file, question, quoted, page, label, section }) => {
      const space = `cli-${file.replace('.', '-')}`;
      expect((await runFolio(['ingest', join(workDir, file), '--space', space], environment)).exitCode).toBe(0);
      const text = await runFolio(['ask', question, '--space', space], environment);
      expect(text.stdout).toContain(quoted);
      expect(text.stdout).toMatch(new RegExp(`\\[\\d+\\] ${file.replace('.', '\\.')} · ${label} · .*${section}`, 'u'));
      const [answer] = jsonLines((await runFolio(['ask', question, '--space', space, '--json'], environment)).stdout) as any[];
      expect(answer.citations[0]).toMatchObject({ document: file, pages: [page], labels: [label], pagesLabel: label });
    });

    it('shows slide numbers in the tree, and answers a question that names a slide from that slide', async () => {
      const tree = await runFolio(['tree', 'deck.pptx', '--space', 'decks'], environment);
      expect(tree.stdout).toContain('deck.pptx');
      expect(tree.stdout).toContain('5 slides, 1 hidden');
      expect(tree.stdout).toMatch(/\[slide\] Churn and retention {2}\(slide 4\)/u);
      const json = JSON.parse((await runFolio(['tree', 'deck.pptx', '--space', 'decks', '--json'], environment)).stdout);
      expect(json).toMatchObject({ totalPages: 4, pageLabels: ['1', '2', '4', '5'], pageNames: ['slide 1', 'slide 2', 'slide 4', 'slide 5'] });
      expect(json.nodes[2]).toMatchObject({ title: 'Churn and retention', pageStart: 3, pagesLabel: 'slide 4' });

      const [onSlide] = jsonLines((await runFolio(['ask', 'What is on slide 4?', '--space', 'cli-deck-pptx', '--json'], environment)).stdout) as any[];
      expect(onSlide.citations[0]).toMatchObject({ pages: [3], labels: ['slide 4'] });
    });
  });

  describe('the REST API', () => {
    let web: WebTestServer;
    const documentIds = new Map<string, string>();
    beforeAll(async () => {
      web = await startWebTestServer();
      for (const [file, content] of bytes) {
        const finished = web.nextFinished();
        const response = await web.request(`/v1/spaces/${spaceOf(file)}/documents`, { method: 'POST', body: filesForm([{ name: file, bytes: content }]) });
        expect(response.status).toBe(202);
        const { outcome } = await finished;
        expect(outcome.status).toBe('ready');
        documentIds.set(file, outcome.documentId);
      }
    }, 180_000);
    afterAll(() => web?.close());
    const spaceOf = (file: string) => `rest-${file.replace('.', '-')}`;

    it.each(cases)('cites $file by "$label"; the page image of that citation says its name', async ({ file, question, quoted, page, label }) => {
      const response = await web.request(`/v1/spaces/${spaceOf(file)}/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question }),
      });
      const answer = (await response.json()) as any;
      expect(answer.answer).toContain(quoted);
      expect(answer.citations[0]).toMatchObject({ pages: [page], labels: [label], pagesLabel: label });
      expect(answer.context[0]).toMatchObject({ pages: [page], pagesLabel: label });
      const image = await web.request(`/v1/spaces/${spaceOf(file)}/documents/${documentIds.get(file)}/pages/${page}.png`);
      expect(image.status).toBe(200);
      expect(decodeURIComponent(image.headers.get('folio-page-name') ?? '')).toBe(label);
    });

    it('shows a deck with its slide count and its tree with slide names', async () => {
      const response = await web.request(`/v1/spaces/${spaceOf('deck.odp')}/documents/${documentIds.get('deck.odp')}?outline=1`);
      const { document, tree } = (await response.json()) as any;
      expect(document.stats.slides).toEqual({ count: churnDeckSlides.length, hidden: [3] });
      expect(tree.pageNames).toEqual(['slide 1', 'slide 2', 'slide 4', 'slide 5']);
      expect(tree.nodes.map((node: any) => node.pagesLabel)).toEqual(['slide 1', 'slide 2', 'slide 4', 'slide 5']);
    });
  });

  describe('Slack', () => {
    const bot = 'UFOLIOBOT';
    let slack: SlackTestApp;
    beforeAll(async () => {
      slack = await startSlackTestApp({ env: { FOLIO_MODEL_PROVIDER: 'offline' } });
    });
    afterAll(() => slack?.close());

    it.each(cases)('says $file is ready, cites it by "$label" and shows that page when asked', async ({ file, question, page, label, section }) => {
      const channel = `C${file.replace(/\W/gu, '').toUpperCase()}`;
      const shared = slack.fake.addFile(`F${channel}`, file, bytes.get(file)!);
      const shareTs = slack.fake.nextTs();
      await slack.sendEvent({
        type: 'message',
        subtype: 'file_share',
        channel,
        channel_type: 'channel',
        user: 'UALICE',
        text: '',
        ts: shareTs,
        files: [shared],
      });
      // The summary that ends ingest ("*x* is ready: 5 slides…"), not the progress line before it.
      const ready = await slack.fake.waitFor(() => slack.fake.threadReplies(channel, shareTs).find(message => /\* is ready:/.test(message.text ?? '')), 60_000);
      if (isDeck(file)) expect(ready.text).toContain('5 slides, 1 hidden');
      await slack.adapter.whenIdle();

      const ts = slack.fake.nextTs();
      await slack.sendEvent({ type: 'app_mention', channel, user: 'UALICE', text: `<@${bot}> ${question}`, ts });
      const answer = await slack.fake.waitFor(
        () => slack.fake.threadReplies(channel, ts).find(message => (message.blocks ?? []).some((block: any) => block.block_id === 'folio_feedback')),
        60_000,
      );
      await slack.adapter.whenIdle();
      const sources = (answer.blocks ?? []).flatMap((block: any) =>
        block.type === 'context' ? block.elements.map((element: any) => String(element.text)) : [],
      );
      expect(sources.find(text => text.startsWith('[1]'))).toContain(`· ${label} — ${section}`);

      const actions = answer.blocks!.find((block: any) => block.block_id === 'folio_show_pages');
      expect(actions.elements[0].text.text).toBe(`Show ${label} [1]`);
      expect(JSON.parse(actions.elements[0].value)).toMatchObject({ page });
      await slack.clickButton({
        actionId: 'folio_show_page_1',
        blockId: 'folio_show_pages',
        value: actions.elements[0].value,
        channelId: channel,
        message: { ts: answer.ts, thread_ts: ts },
      });
      const upload = await slack.fake.waitFor(() => slack.fake.uploads.find(candidate => candidate.shared?.channel === channel), 60_000);
      expect(upload.title).toBe(`${file} · ${label}`);
    });
  });

  describe('Teams', () => {
    let harness: TeamsHarness;
    beforeAll(async () => {
      harness = await startTeamsHarness();
    }, 60_000);
    afterAll(() => harness?.close());

    it.each(cases)('says $file is ready and names "$label" in the answer’s citation', async ({ file, question, quoted, label }) => {
      const chatId = `a:1${file.replace(/\W/gu, '')}PersonalChat`;
      const repliesTo = (activityId: string) => harness.connector.messages().filter(message => message.replyToId === activityId);
      const downloadUrl = harness.graph.addPersonalDownload(file, bytes.get(file)!);
      const share = personalMessage(harness.connector.serviceUrl, { chatId, files: [{ name: file, downloadUrl }] });
      expect((await harness.post(share)).status).toBe(200);
      const summary = await harness.connector.waitFor(() => repliesTo(share.id).find(message => message.activity.attachments?.length), {
        what: 'the summary card',
        timeoutMs: 60_000,
      });
      expect(cardTexts(summary.activity)).toContain(isDeck(file) ? 'Slides: 5 (1 hidden)' : `Pages: ${file === 'survey.pdf' ? 6 : 7}`);
      expect(await harness.app.listDocuments(spaceOfConversation({ platform: 'teams', tenantId, conversationId: chatId }))).toHaveLength(1);

      const ask = personalMessage(harness.connector.serviceUrl, { chatId, text: question });
      expect((await harness.post(ask)).status).toBe(200);
      const answer = await harness.connector.waitFor(
        () => repliesTo(ask.id).find(message => message.activity.type === 'message' && message.activity.channelData?.feedbackLoopEnabled),
        { what: 'the answer', timeoutMs: 60_000 },
      );
      expect(answer.activity.text).toContain(quoted);
      const entity = (answer.activity.entities ?? []).find((candidate: { type: string }) => candidate.type === 'https://schema.org/Message');
      expect(entity.citation[0].appearance.name).toBe(`${file} · ${label}`);
    });
  });
});
