import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AskOutcome } from '../../src/conversation/ask-outcome.ts';
import { silentLogger } from '../../src/log.ts';
import { InProcessQueue } from '../../src/queue/in-process-queue.ts';
import type { IngestJobHandler, JobQueue } from '../../src/queue/types.ts';
import { SqliteStateStore } from '../../src/state/sqlite-state-store.ts';
import type { FakeSlackMessage } from '../fakes/fake-slack-api.ts';
import { startSlackTestApp } from '../slack/support/slack-test-app.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import { cardTexts, channelMessage } from '../teams/support/teams-activities.ts';
import { startTeamsHarness } from '../teams/support/teams-harness.ts';
import { filesForm, startWebTestServer } from '../web/support/web-test-server.ts';

/**
 * One conversation, told the same story on Slack, Teams, the web API and the web console: asked before
 * anything is shared, asked while the shared handbook is being read, asked what the handbook answers,
 * asked what it does not. The core decides each outcome (AskOutcome); every surface must show the same
 * one, in the same words (each in its own markup), citing the same document and page.
 */

const chromiumPath = '/usr/bin/chromium';
// As in test/web/console-browser.test.ts: under CI a missing Chromium fails; locally the console is left out.
const withConsole = existsSync(chromiumPath) || process.env.CI === 'true';
if (!withConsole) console.warn(`Leaving the web console out of the same-scenario test: no Chromium at ${chromiumPath}`);

/** What the asker got back, read from the surface's own reply (message, card, JSON or page). */
interface Reply {
  kind: AskOutcome['kind'] | 'unrecognised';
  /** The core's words without markup (bold, escapes, entities), whitespace collapsed. */
  text: string;
  /** Lines a surface adds below the core's directions. */
  hints: string[];
  /** Cited sources as the asker sees them: "handbook.pdf · p. 1". */
  sources: string[];
}

interface Surface {
  name: 'slack' | 'teams' | 'web' | 'console';
  /** How the core names this conversation's place in its messages. */
  here: string;
  queue: HeldQueue;
  /** Shares a file in the conversation; resolves once the surface has taken it (not read it). */
  share(name: string, bytes: Uint8Array): Promise<void>;
  /** Resolves when the surface says the shared file is ready. */
  whenRead(name: string): Promise<void>;
  ask(question: string): Promise<Reply>;
  /** Errors the page reported (the console only). */
  errors?: string[];
  close(): Promise<void>;
}

/**
 * The in-process queue, except that every job waits before it starts until `releaseJobs()`: a shared
 * document stays "being read" for as long as a step needs, whatever the machine's speed.
 */
class HeldQueue implements JobQueue {
  readonly kind = 'in-process';
  /** Names of the jobs that reached a worker and wait to be released. */
  readonly held: string[] = [];
  private releaseJobsNow!: () => void;
  private readonly released = new Promise<void>(resolve => (this.releaseJobsNow = resolve));

  private constructor(
    private readonly inner: JobQueue,
    private readonly removeState: () => Promise<void>,
  ) {}

  /** A queue whose pending jobs live in a state dir of its own. */
  static async start(): Promise<HeldQueue> {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-held-queue-'));
    const state = new SqliteStateStore({ dataDir });
    return new HeldQueue(new InProcessQueue({ state, log: silentLogger() }), async () => {
      await state.close();
      await rm(dataDir, { recursive: true, force: true });
    });
  }

  releaseJobs(): void {
    this.releaseJobsNow();
  }
  enqueue: JobQueue['enqueue'] = job => this.inner.enqueue(job);
  work(handler: IngestJobHandler, options: { concurrency: number }): Promise<void> {
    return this.inner.work(async (job, report, signal) => {
      this.held.push(job.name);
      await this.released;
      return handler(job, report, signal);
    }, options);
  }
  subscribe: JobQueue['subscribe'] = listener => this.inner.subscribe(listener);
  counts: JobQueue['counts'] = () => this.inner.counts();
  ping: JobQueue['ping'] = () => this.inner.ping();
  /** Called by the app's close(). */
  async close(): Promise<void> {
    this.releaseJobs();
    await this.inner.close();
    await this.removeState();
  }
}

/** Text as the asker reads it, whatever the markup: Slack mrkdwn, Teams Markdown, the API's Markdown, page text. */
function plainText(text: string): string {
  return text
    .replace(/\*\*|\*/g, '')
    .replace(/\\([\\`*_[\]<>])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A reply that is a message, not an answer: which of the core's directions its first line gives. */
function directions(message: string, kind?: AskOutcome['kind']): Reply {
  const [first = '', ...hints] = message
    .split('\n')
    .map(plainText)
    .filter(line => line.length > 0);
  const said = first.startsWith('I am still reading ')
    ? 'still_reading'
    : /^(There are no documents|I could not read any of the documents) /.test(first)
      ? 'no_documents'
      : 'unrecognised';
  return { kind: kind ?? said, text: first, hints, sources: [] };
}

/** A reply that is an answer (it has an id to rate): answered when it cites a source. */
const answer = (text: string, sources: string[]): Reply => ({ kind: sources.length > 0 ? 'answered' : 'not_found', text: plainText(text), hints: [], sources });

/** "[1] <link|handbook.pdf> · p. 1 — 1 Vacation policy" (Slack) or "[1] **handbook.pdf** · p. 1 — …" → "handbook.pdf · p. 1". */
function sourceOfLabel(label: string): string[] {
  const match = /^\[\d+\] (?:<[^|>]+\|([^>]+)>|\*\*?(.+?)\*\*?) · (pp?\. [\d–, ]+?)(?: — |$)/.exec(label);
  return match ? [`${plainText(match[1] ?? match[2])} · ${match[3]}`] : [];
}

async function slackSurface(): Promise<Surface> {
  const queue = await HeldQueue.start();
  const slack = await startSlackTestApp({ folio: { queue } });
  const channel = 'C1';
  const shares = new Map<string, string>();
  const reply = (threadTs: string, isIt: (message: FakeSlackMessage) => boolean) =>
    slack.fake.waitFor(() => slack.fake.threadReplies(channel, threadTs).find(isIt), 30_000);
  return {
    name: 'slack',
    here: 'in this channel',
    queue,
    async share(name, bytes) {
      const file = slack.fake.addFile(`F${shares.size + 1}`, name, bytes);
      const ts = slack.fake.nextTs();
      const { status } = await slack.sendEvent({
        type: 'message',
        subtype: 'file_share',
        channel,
        channel_type: 'channel',
        user: 'UALICE',
        text: '',
        ts,
        files: [file],
      });
      expect(status).toBe(200);
      shares.set(name, ts);
    },
    async whenRead(name) {
      await reply(shares.get(name)!, message => message.text?.includes(`*${name}* is ready`) ?? false);
    },
    async ask(question) {
      const ts = slack.fake.nextTs();
      const { status } = await slack.sendEvent({ type: 'app_mention', channel, user: 'UALICE', text: `<@${slack.fake.botUserId}> ${question}`, ts });
      expect(status).toBe(200);
      // "Thinking…", then previews ending in " …" while the answer streams, then the answer blocks or the directions.
      const final = await reply(ts, message => (message.blocks?.length ?? 0) > 0 || (message.text !== 'Thinking…' && !message.text?.endsWith(' …')));
      const blocks: any[] = final.blocks ?? [];
      if (!blocks.some(block => block.block_id === 'folio_feedback')) return directions(final.text ?? '');
      const sections = blocks.filter(block => block.block_id?.startsWith('folio_answer_')).map(block => block.text.text);
      const labels = blocks.filter(block => block.type === 'context').flatMap(block => block.elements.map((element: { text: string }) => element.text));
      return answer(sections.join('\n'), labels.flatMap(sourceOfLabel));
    },
    close: () => slack.close(),
  };
}

async function teamsSurface(): Promise<Surface> {
  const queue = await HeldQueue.start();
  const teams = await startTeamsHarness({ folio: { queue } });
  const team = { teamId: '19:team-same-scenario@thread.tacv2', groupId: '8d1e2f3a-4b5c-4d6e-9f70-8a9b0c1d2e3f' };
  const general = { teamId: team.teamId, channelId: '19:general-same-scenario@thread.tacv2' };
  teams.connector.teams.set(team.teamId, { aadGroupId: team.groupId, name: 'Same scenario' });
  const serviceUrl = teams.connector.serviceUrl;
  const shares = new Map<string, string>();
  const repliesTo = (activityId: string) => teams.connector.messages().filter(message => message.replyToId === activityId);
  const stageLines = new Set(['Thinking…', 'Searching the documents…', 'Writing the answer…']);
  return {
    name: 'teams',
    here: 'in this channel',
    queue,
    async share(name, bytes) {
      // A file posted in a channel: the bot reads the post's attachments through Graph, then the file.
      const sharingUrl = `https://contoso.sharepoint.com/sites/SameScenario/Shared Documents/General/${name}`;
      teams.graph.addSharedFile(sharingUrl, bytes);
      const attachmentId = `a${shares.size + 1}`;
      const post = channelMessage(serviceUrl, general, { html: `<div><div><attachment id="${attachmentId}"></attachment></div></div>` });
      teams.graph.addChannelMessage({ teamGroupId: team.groupId, channelId: general.channelId, messageId: post.id }, [
        { id: attachmentId, contentType: 'reference', contentUrl: sharingUrl, name },
      ]);
      expect((await teams.post(post)).status).toBe(200);
      shares.set(name, post.id);
    },
    async whenRead(name) {
      const postId = shares.get(name)!;
      await teams.connector.waitFor(() => repliesTo(postId).find(message => cardTexts(message.activity)[0] === `✅ **${name}** is ready.`), {
        what: `${name} ready`,
      });
    },
    async ask(question) {
      const activity = channelMessage(serviceUrl, general, { mention: true, text: question });
      expect((await teams.post(activity)).status).toBe(200);
      // "Thinking…", the stages, previews ending in " …" while the answer is written, then the answer or the directions.
      const final = await teams.connector.waitFor(
        () =>
          repliesTo(activity.id).find(
            message => (message.activity.attachments?.length ?? 0) > 0 || (!stageLines.has(message.activity.text) && !message.activity.text?.endsWith(' …')),
          ),
        { what: `the reply to “${question}”` },
      );
      // Only an answer has an id to rate: Teams' feedback buttons are on. Its sources are its citations as
      // Teams lists them ("handbook.pdf · p. 1"); below the answer text come figure descriptions (🖼️) and notes (_…_).
      if (!final.activity.channelData?.feedbackLoopEnabled) return directions(final.activity.text ?? '');
      const paragraphs: string[] = final.activity.text.split('\n\n');
      while (paragraphs.length > 1 && /^(🖼️ |_[^\n]*_$)/u.test(paragraphs.at(-1)!)) paragraphs.pop();
      const message = final.activity.entities?.find((entity: { type: string }) => entity.type === 'https://schema.org/Message');
      return answer(
        paragraphs.join('\n\n'),
        (message?.citation ?? []).map((claim: { appearance: { name: string } }) => claim.appearance.name),
      );
    },
    close: () => teams.close(),
  };
}

/** The REST API as the console and scripts call it: multipart upload, JSON ask (the outcome is in the body). */
async function webSurface(): Promise<Surface> {
  const queue = await HeldQueue.start();
  const web = await startWebTestServer({ overrides: { queue } });
  const space = '/v1/spaces/same-scenario';
  return {
    name: 'web',
    here: 'in this space',
    queue,
    async share(name, bytes) {
      const response = await web.request(`${space}/documents`, { method: 'POST', body: filesForm([{ name, bytes, type: 'application/pdf' }]) });
      expect(response.status).toBe(202);
    },
    async whenRead(name) {
      await vi.waitFor(
        async () => {
          const { documents } = (await (await web.request(`${space}/documents`)).json()) as { documents: Array<{ name: string; status: string }> };
          expect(documents.find(document => document.name === name)?.status).toBe('ready');
        },
        { timeout: 30_000, interval: 50 },
      );
    },
    async ask(question) {
      const response = await web.request(`${space}/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { outcome: AskOutcome['kind']; answer: string; citations: Array<{ document: string; pages: number[] }> };
      if (body.outcome === 'no_documents' || body.outcome === 'still_reading') return directions(body.answer, body.outcome);
      const pages = (cited: number[]) => (cited.length === 1 ? `p. ${cited[0]}` : `pp. ${cited[0]}–${cited.at(-1)}`);
      return {
        ...answer(
          body.answer,
          body.citations.map(citation => `${citation.document} · ${pages(citation.pages)}`),
        ),
        kind: body.outcome,
      };
    },
    close: () => web.close(),
  };
}

/** The web console in headless Chromium, on a server of its own: files dropped on the drop zone, questions typed. */
async function consoleSurface(browser: Browser): Promise<Surface> {
  const queue = await HeldQueue.start();
  const web = await startWebTestServer({ overrides: { queue } });
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', error => errors.push(error.message));
  page.on('console', message => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${web.baseUrl}/`);
  await page.getByLabel('Space').fill('same-scenario');
  await page.getByRole('button', { name: 'Open' }).click();
  await page.locator('#main').waitFor({ state: 'visible' });
  const row = (name: string) => page.locator('#document-list li', { hasText: name });
  return {
    name: 'console',
    here: 'in this space',
    queue,
    errors,
    async share(name, bytes) {
      const dataTransfer = await page.evaluateHandle(
        file => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: 'application/pdf' }));
          return transfer;
        },
        { bytes: Array.from(bytes), name },
      );
      await page.dispatchEvent('#dropzone', 'drop', { dataTransfer });
      await row(name).waitFor({ timeout: 30_000 });
    },
    async whenRead(name) {
      await row(name).locator('.status.ready').waitFor({ timeout: 30_000 });
    },
    async ask(question) {
      const turns = page.locator('.conversation .turn');
      const turn = turns.nth(await turns.count());
      await page.getByLabel('Question').fill(question);
      await page.getByLabel('Question').press('Enter');
      await turn.locator('.answer[aria-busy="false"]').waitFor({ timeout: 30_000 });
      // biome-ignore lint/performance/useDomNodeTextContent: innerText is what the person reads (block breaks kept), which the other surfaces are compared with.
      const text = await turn.locator('.answer-text').innerText();
      // Only an answer has an id to rate; directions show no 👍/👎.
      if (await turn.locator('.feedback').isHidden()) return directions(text);
      return answer(text, (await turn.locator('.sources .citation').allTextContents()).map(plainText));
    },
    async close() {
      await page.close();
      await web.close();
    },
  };
}

describe('the same conversation on Slack, Teams, the web API and the web console', () => {
  const vacationQuestion = 'How many days of paid vacation does an employee get?';
  let browser: Browser | undefined;
  let surfaces: Surface[] = [];
  /** One entry per surface, by name: what a failing step shows side by side. */
  const perSurface = <T>(pick: (surface: Surface, index: number) => T) =>
    Object.fromEntries(surfaces.map((surface, index) => [surface.name, pick(surface, index)]));
  const everywhere = <T>(value: T) => perSurface(() => value);
  const askEverywhere = (question: string) => Promise.all(surfaces.map(surface => surface.ask(question)));
  /** What each surface showed, but for its hints. */
  const seen = (replies: Reply[]) => perSurface((_, index) => ({ kind: replies[index].kind, text: replies[index].text, sources: replies[index].sources }));
  const hints = (replies: Reply[]) => perSurface((_, index) => replies[index].hints);

  beforeAll(async () => {
    if (withConsole) browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    const started = await Promise.allSettled([slackSurface(), teamsSurface(), webSurface(), ...(browser ? [consoleSurface(browser)] : [])]);
    surfaces = started.flatMap(result => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find(result => result.status === 'rejected');
    if (failed) throw failed.reason;
  });
  afterAll(async () => {
    // A step that failed half-way must not leave a shared file waiting for its worker.
    for (const surface of surfaces) surface.queue.releaseJobs();
    await Promise.all(surfaces.map(surface => surface.close()));
    await browser?.close();
  });

  it('1. before anything is shared: directions to share a document, no answer', async () => {
    const replies = await askEverywhere(vacationQuestion);
    // The same words everywhere but for the place: "in this channel" (Slack, Teams), "in this space" (web).
    const expected = (surface: Surface) => ({
      kind: 'no_documents',
      text: `There are no documents ${surface.here} yet, so I have nothing to answer from. Share a PDF, PowerPoint or Word file ${surface.here}; once I have read it (a few seconds to a few minutes), ask again.`,
      sources: [],
    });
    expect(seen(replies)).toEqual(perSurface(expected));
    // A channel could also read its team's documents (the core says so): each chat platform names its own command.
    expect(hints(replies)).toEqual({
      ...everywhere([]),
      slack: ['• `/folio scope team` lets this channel also use the documents shared with the whole workspace.'],
      teams: ['@Folio scope team lets this conversation also use the documents shared with the whole organisation.'],
    });
  });

  it('2. while the shared handbook is being read: "still reading" with its name', async () => {
    const bytes = await makeHandbookPdf('a');
    await Promise.all(surfaces.map(surface => surface.share('handbook.pdf', bytes)));
    // Every surface has recorded the document and its job waits at a worker: nothing is ready yet.
    await vi.waitFor(() => expect(perSurface(surface => surface.queue.held)).toEqual(everywhere(['handbook.pdf'])), { timeout: 30_000, interval: 20 });

    try {
      const replies = await askEverywhere(vacationQuestion);
      expect(seen(replies)).toEqual(
        everywhere({
          kind: 'still_reading',
          text: 'I am still reading handbook.pdf. Ask me again once it is ready: I say so where it was shared.',
          sources: [],
        }),
      );
      expect(hints(replies)).toEqual(everywhere([]));
    } finally {
      // Read it either way, so the later steps report on their own.
      for (const surface of surfaces) surface.queue.releaseJobs();
      await Promise.all(surfaces.map(surface => surface.whenRead('handbook.pdf')));
    }
  });

  it("3. a question the handbook answers: the same grounded answer, citing the handbook's page 1", async () => {
    const replies = await askEverywhere(vacationQuestion);
    const [first] = replies;
    expect(first.text).toContain('Every employee receives 28 days of paid vacation per calendar year.');
    expect(seen(replies)).toEqual(everywhere({ kind: 'answered', text: first.text, sources: ['handbook.pdf · p. 1'] }));
  });

  it('4. a question the handbook does not answer: not found, nothing cited', async () => {
    const replies = await askEverywhere('What is the dress code for the Christmas party?');
    const [first] = replies;
    expect(first.text).toMatch(/^I could not find this/);
    expect(first.text).not.toContain('28 days');
    expect(seen(replies)).toEqual(everywhere({ kind: 'not_found', text: first.text, sources: [] }));
    expect(surfaces.flatMap(surface => surface.errors ?? [])).toEqual([]);
  });
});
