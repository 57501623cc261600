import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackWebApiMethods } from '../../adapters/slack/slack-surface.ts';
import { BlobStore } from '../../src/store/blob-store.ts';
import { parseSpaceId } from '../../src/spaces/space-id.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import type { FakeSlackMessage } from '../fakes/fake-slack-api.ts';
import { makeRefundPolicyPdf, makeVacationHandbookPdf } from './support/slack-test-documents.ts';
import { startSlackTestApp, type SlackTestApp } from './support/slack-test-app.ts';
import { officeGuidePdf } from '../support/answer/office-guide-pdf.ts';

const bot = 'UFOLIOBOT';
const refundSpace = parseSpaceId('slack:T1:C1');
const vacationSpace = parseSpaceId('slack:T1:C2');

describe('Slack bot', () => {
  let slack: SlackTestApp;
  let refundPdf: Uint8Array;

  beforeAll(async () => {
    slack = await startSlackTestApp();
    refundPdf = await makeRefundPolicyPdf();
  });
  afterAll(async () => {
    await slack?.close();
  });

  /** The bot's messages in a thread once `predicate` holds for one of them. */
  async function botReply(channel: string, threadTs: string, predicate: (message: FakeSlackMessage) => boolean): Promise<FakeSlackMessage> {
    return slack.fake.waitFor(() => slack.fake.threadReplies(channel, threadTs).find(predicate), 30_000);
  }

  /** The summary that ends ingest ("*x* is ready: 2 pages…" or "I could not read *x*: …"), not a progress line. */
  const isSummary = (message: FakeSlackMessage) => /\* is ready( \(.*\))?:|could not read \*[^*]*\*:/.test(message.text ?? '');

  function blockTexts(message: FakeSlackMessage): string[] {
    return (message.blocks ?? []).flatMap((block: any) =>
      block.type === 'section' ? [block.text.text] : block.type === 'context' ? block.elements.map((element: any) => element.text) : [],
    );
  }

  async function shareFile(channel: string, fileId: string, name: string, bytes: Uint8Array, text = ''): Promise<{ ts: string; summary: FakeSlackMessage }> {
    const file = slack.fake.addFile(fileId, name, bytes);
    const ts = slack.fake.nextTs();
    const { status } = await slack.sendEvent({
      type: 'message',
      subtype: 'file_share',
      channel,
      channel_type: 'channel',
      user: 'UALICE',
      text,
      ts,
      files: [file],
    });
    expect(status).toBe(200);
    const summary = await botReply(channel, ts, isSummary);
    await slack.adapter.whenIdle();
    return { ts, summary };
  }

  async function ask(channel: string, question: string, extra: Record<string, unknown> = {}): Promise<{ ts: string; answer: FakeSlackMessage }> {
    const ts = slack.fake.nextTs();
    const { status } = await slack.sendEvent({ type: 'app_mention', channel, user: 'UALICE', text: `<@${bot}> ${question}`, ts, ...extra });
    expect(status).toBe(200);
    const threadTs = (extra.thread_ts as string | undefined) ?? ts;
    const answer = await botReply(
      channel,
      threadTs,
      message =>
        Number(message.ts) > Number(ts) && ((message.blocks?.length ?? 0) > 0 || /no documents|still reading|could not read any/.test(message.text ?? '')),
    );
    await slack.adapter.whenIdle();
    return { ts, answer };
  }

  it('reads a PDF shared in a channel: :eyes:, progress in the thread, then a summary', async () => {
    const { ts, summary } = await shareFile('C1', 'FREFUND', 'refund-policy.pdf', refundPdf);
    await slack.adapter.whenIdle();
    expect(summary.text).toContain('*refund-policy.pdf* is ready: 2 pages');
    expect(summary.text).toContain(`Ask me about it in this thread, e.g. “<@${bot}> what does section 3 say`);
    expect(slack.fake.callsTo('reactions.add').some(call => call.params.timestamp === ts && call.params.name === 'eyes')).toBe(true);
    expect(slack.fake.callsTo('reactions.remove').some(call => call.params.timestamp === ts)).toBe(true);
    // One progress message, edited in place (never a second post for the same file).
    expect(slack.fake.threadReplies('C1', ts)).toHaveLength(1);
    const edits = slack.fake.callsTo('chat.update').filter(call => call.params.ts === summary.ts);
    expect(edits.some(call => /^(Queued|Reading|Indexing) \*refund-policy\.pdf\*/.test(call.params.text))).toBe(true);
    expect(edits.at(-1)!.params.text).toBe(summary.text);
    // The file came from the Slack file host with the bot token.
    expect(slack.fake.fileRequests.filter(request => request.path.startsWith('/files/FREFUND/'))).toEqual([
      { path: '/files/FREFUND/download/refund-policy.pdf', authorization: `Bearer ${slack.fake.botToken}` },
    ]);
    const [record] = await slack.app.listDocuments(refundSpace);
    expect(record).toMatchObject({
      name: 'refund-policy.pdf',
      status: 'ready',
      source: { platform: 'slack', fileId: 'FREFUND', sharedBy: 'UALICE', messageRef: `C1:${ts}` },
    });
  });

  it('answers a mention in the thread with Block Kit: answer, sources with pages and links, feedback buttons', async () => {
    const { ts, answer } = await ask('C1', 'How many days until refunds are paid?');
    // Offline, nothing streams: the thread's status says what Folio is doing, then the answer is posted.
    expect(slack.fake.callsTo('chat.postMessage').some(call => call.params.thread_ts === ts && call.params.text === 'Thinking…')).toBe(false);
    expect(slack.fake.statuses.filter(status => status.threadTs === ts).map(status => status.status)).toEqual([
      'is reading your question…',
      'is searching the documents…',
      'is writing the answer…',
      '',
    ]);
    const texts = blockTexts(answer).join('\n');
    expect(texts).toContain('fourteen days');
    expect(texts).toMatch(/\[1\] <https:\/\/fake\.slack\.test\/files\/[^|]+\|refund-policy\.pdf> · p\. 1/);
    const feedback = answer.blocks!.find((block: any) => block.type === 'context_actions');
    expect(feedback.elements).toMatchObject([
      {
        type: 'feedback_buttons',
        action_id: 'folio_feedback',
        positive_button: { value: expect.stringMatching(/^up:/) },
        negative_button: { value: expect.stringMatching(/^down:/) },
      },
    ]);
    expect(answer.blocks!.length).toBeLessThanOrEqual(50);
  });

  it('falls back to plain text when Slack refuses the answer blocks', async () => {
    let refused = 0;
    const stop = slack.fake.script(call =>
      call.method === 'chat.postMessage' && call.params.blocks && refused++ === 0 ? { body: { ok: false, error: 'invalid_blocks' } } : undefined,
    );
    try {
      const ts = slack.fake.nextTs();
      await slack.sendEvent({ type: 'app_mention', channel: 'C1', user: 'UALICE', text: `<@${bot}> How many days until refunds are paid?`, ts });
      const answer = await botReply('C1', ts, message => Number(message.ts) > Number(ts));
      await slack.adapter.whenIdle();
      expect(refused).toBe(1);
      expect(answer.blocks).toBeUndefined();
      expect(answer.text).toContain('fourteen days');
      expect(answer.text).toContain('[1] <https://fake.slack.test/files/');
    } finally {
      stop();
    }
  });

  it('stores 👍 feedback with the answer it is about', async () => {
    const { answer } = await ask('C1', 'What does a refund need?');
    const buttons = answer.blocks!.find((block: any) => block.type === 'context_actions').elements[0];
    const answerId = String(buttons.positive_button.value).replace(/^up:/, '');
    const { status, responsePath } = await slack.clickButton({
      type: 'feedback_buttons',
      actionId: 'folio_feedback',
      value: buttons.positive_button.value,
      userId: 'UBOB',
    });
    expect(status).toBe(200);
    const reply = await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === responsePath));
    expect(reply.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(reply.body.text).toContain('Thanks');
    const stored = await slack.app.surfaceState.get<Record<string, unknown>>(`feedback:${answerId}:UBOB`);
    expect(stored).toMatchObject({ answerId, rating: 'up', user: 'UBOB', question: 'What does a refund need?' });

    // The plain buttons of answers posted before feedback_buttons still work.
    const stale = await slack.clickButton({ actionId: 'folio_feedback_down', value: 'no-such-answer' });
    const staleReply = await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === stale.responsePath));
    expect(staleReply.body.text).toBe('That answer is too old to rate.');
  });

  it('reads the thread for a follow-up question', async () => {
    const first = await ask('C1', 'What does the shipping section say?');
    slack.fake.addUserMessage({ channel: 'C1', thread_ts: first.ts, user: 'UALICE', text: 'thanks' });
    await ask('C1', 'and how much does express cost?', { thread_ts: first.ts });
    const replies = slack.fake.callsTo('conversations.replies');
    expect(replies.at(-1)?.params).toMatchObject({ channel: 'C1', ts: first.ts });
  });

  it('answers a follow-up without the thread when Slack will not list it, as Teams does', async () => {
    const first = await ask('C1', 'What does the shipping section say?');
    const unscript = slack.fake.script(call => (call.method === 'conversations.replies' ? { body: { ok: false, error: 'internal_error' } } : undefined));
    try {
      const { answer } = await ask('C1', 'How much does express shipping cost?', { thread_ts: first.ts });
      expect(blockTexts(answer).join('\n')).toMatch(/express/i);
    } finally {
      unscript();
    }
  });

  it('answers in a file’s thread from that file, and at the top level from the whole channel', async () => {
    await shareFile('C20', 'F7N', 'north-office.pdf', await officeGuidePdf('North', 'eight'));
    const south = await shareFile('C20', 'F7S', 'south-office.pdf', await officeGuidePdf('South', 'nine'));
    const question = 'When does the canteen open?';

    const inThread = blockTexts((await ask('C20', question, { thread_ts: south.ts })).answer).join('\n');
    expect(inThread).toContain('nine');
    expect(inThread).toContain('south-office.pdf');
    expect(inThread).not.toContain('north-office.pdf');

    // A follow-up in the same thread keeps the focus.
    const followUp = blockTexts((await ask('C20', 'Is that in the morning?', { thread_ts: south.ts })).answer).join('\n');
    expect(followUp).toContain('south-office.pdf');
    expect(followUp).not.toContain('north-office.pdf');

    const topLevel = blockTexts((await ask('C20', question)).answer).join('\n');
    expect(topLevel).toContain('north-office.pdf');
  });

  it('focuses a reply in the thread of an earlier answer on the documents that answer cited', async () => {
    await shareFile('C21', 'F8N', 'north-office.pdf', await officeGuidePdf('North', 'eight'));
    await shareFile('C21', 'F8S', 'south-office.pdf', await officeGuidePdf('South', 'nine', 'Visitors sign in at the front desk.'));
    const first = await ask('C21', 'Where do visitors sign in?');
    expect(blockTexts(first.answer).join('\n')).toContain('south-office.pdf');
    expect(blockTexts(first.answer).join('\n')).not.toContain('north-office.pdf');

    // The thread's first message names no document; the answer under it read south-office.pdf.
    const reply = blockTexts((await ask('C21', 'When does the canteen open?', { thread_ts: first.ts })).answer).join('\n');
    expect(reply).toContain('nine');
    expect(reply).not.toContain('north-office.pdf');
  });

  it('does the work once when Slack retries an event', async () => {
    const ts = slack.fake.nextTs();
    const event = { type: 'app_mention', channel: 'C1', user: 'UALICE', text: `<@${bot}> When do parcels leave the warehouse?`, ts };
    const first = await slack.sendEvent(event);
    const retry = await slack.sendEvent(event, { eventId: first.eventId, retryNum: 1 });
    expect([first.status, retry.status]).toEqual([200, 200]);
    await botReply('C1', ts, message => (message.blocks?.length ?? 0) > 0);
    await slack.adapter.whenIdle();
    expect(slack.fake.callsTo('chat.postMessage').filter(call => call.params.thread_ts === ts)).toHaveLength(1);
  });

  it('handles a message that shares a file and mentions Folio once, reading the file before answering', async () => {
    const file = slack.fake.addFile('FVACATION', 'vacation-handbook.pdf', await makeVacationHandbookPdf());
    const ts = slack.fake.nextTs();
    const text = `<@${bot}> how many vacation days does an employee get?`;
    const message = { channel: 'C2', user: 'UALICE', text, ts, files: [file] };
    // Slack delivers this message twice: as a file_share message and as an app_mention.
    await Promise.all([
      slack.sendEvent({ type: 'message', subtype: 'file_share', channel_type: 'channel', ...message }),
      slack.sendEvent({ type: 'app_mention', ...message }),
    ]);
    const answer = await botReply('C2', ts, reply => (reply.blocks?.length ?? 0) > 0);
    await slack.adapter.whenIdle();
    expect(slack.fake.fileRequests.filter(request => request.path.startsWith('/files/FVACATION/'))).toHaveLength(1);
    // While the file was read, the thread's status said so, and it was cleared before the answer.
    const statuses = slack.fake.statuses.filter(status => status.threadTs === ts).map(status => status.status);
    const reading = statuses.findIndex(status => /^is reading the shared files: .*vacation-handbook\.pdf/.test(status));
    expect(reading).toBeGreaterThanOrEqual(0);
    expect(statuses.indexOf('', reading)).toBeGreaterThan(reading);
    const replies = slack.fake.threadReplies('C2', ts);
    expect(replies.map(reply => reply.text?.split(':')[0])).toEqual(['*vacation-handbook.pdf* is ready', answer.text?.split(':')[0]]);
    expect(blockTexts(answer).join('\n')).toContain('thirty vacation days');
  });

  it('reads the files of a mention that arrives before its message event, once', async () => {
    const file = slack.fake.addFile('FMENTIONED', 'vacation-rules.pdf', await makeVacationHandbookPdf());
    const ts = slack.fake.nextTs();
    const text = `<@${bot}> how many vacation days does an employee get?`;
    // What Slack keeps of the message (conversations.replies returns it), and the two deliveries in the
    // other order: the app_mention first, without its files, then the file_share message.
    slack.fake.messages.push({ channel: 'C10', ts, user: 'UALICE', text, files: [file] });
    await slack.sendEvent({ type: 'app_mention', channel: 'C10', user: 'UALICE', text, ts });
    await slack.sendEvent({ type: 'message', subtype: 'file_share', channel: 'C10', channel_type: 'channel', user: 'UALICE', text, ts, files: [file] });
    const answer = await botReply('C10', ts, reply => (reply.blocks?.length ?? 0) > 0);
    await slack.adapter.whenIdle();
    expect(slack.fake.callsTo('conversations.replies').some(call => call.params.channel === 'C10' && call.params.ts === ts)).toBe(true);
    expect(slack.fake.fileRequests.filter(request => request.path.startsWith('/files/FMENTIONED/'))).toHaveLength(1);
    expect(blockTexts(answer).join('\n')).toContain('thirty vacation days');
    expect(blockTexts(answer).join('\n')).toContain('vacation-rules.pdf');
  });

  it("keeps channels apart: a question never sees another channel's documents", async () => {
    expect((await slack.app.listDocuments(vacationSpace)).map(record => record.name)).toEqual(['vacation-handbook.pdf']);
    const inRefundChannel = await ask('C1', 'How many vacation days does an employee get?');
    const refundTexts = blockTexts(inRefundChannel.answer).join('\n');
    expect(refundTexts).not.toContain('vacation-handbook.pdf');
    expect(refundTexts).not.toContain('thirty vacation days');
    const inVacationChannel = await ask('C2', 'How many days until refunds are paid?');
    const vacationTexts = blockTexts(inVacationChannel.answer).join('\n');
    expect(vacationTexts).not.toContain('refund-policy.pdf');
    expect(vacationTexts).not.toContain('fourteen days');
  });

  it('tells a conversation without documents how to add one (a DM, no mention needed)', async () => {
    const ts = slack.fake.nextTs();
    await slack.sendEvent({ type: 'message', channel: 'D1', channel_type: 'im', user: 'UCAROL', text: 'what is the refund policy?', ts });
    const reply = await botReply('D1', ts, message => message.text !== 'Thinking…');
    expect(reply.text).toContain('There are no documents in our conversation yet');
    expect(reply.text).toContain('Share a PDF, PowerPoint or Word file in our conversation');
    // A DM has no team scope to opt into: the channel hint is left out.
    expect(reply.text).not.toContain('/folio scope team');
  });

  it('explains what to do when mentioned without a question', async () => {
    const ts = slack.fake.nextTs();
    await slack.sendEvent({ type: 'app_mention', channel: 'C1', user: 'UALICE', text: `<@${bot}>`, ts });
    const reply = await botReply('C1', ts, () => true);
    expect(reply.text).toContain('Ask me a question after the mention');
  });

  it('says in plain words why a file it was given cannot be read', async () => {
    const file = slack.fake.addFile('FNOTES', 'notes.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]), { mimetype: 'application/zip' });
    const ts = slack.fake.nextTs();
    await slack.sendEvent({ type: 'message', subtype: 'file_share', channel: 'D2', channel_type: 'im', user: 'UDAN', text: '', ts, files: [file] });
    const reply = await botReply('D2', ts, isSummary);
    expect(reply.text).toMatch(/^I could not read \*notes\.zip\*: .*PDF/);
    expect(reply.text).not.toMatch(/internal|Error:|undefined/);
  });

  it('ignores channel chatter and pictures not meant for Folio', async () => {
    // The earlier tests' work (e.g. removing an :eyes: reaction) must not count as a reply here.
    await slack.adapter.whenIdle();
    const before = slack.fake.calls.length;
    await slack.sendEvent({ type: 'message', channel: 'C1', channel_type: 'channel', user: 'UALICE', text: 'lunch?', ts: slack.fake.nextTs() });
    const picture = slack.fake.addFile('FPHOTO', 'team.png', new Uint8Array([137, 80, 78, 71]), { mimetype: 'image/png' });
    await slack.sendEvent({
      type: 'message',
      subtype: 'file_share',
      channel: 'C1',
      channel_type: 'channel',
      user: 'UALICE',
      text: '',
      ts: slack.fake.nextTs(),
      files: [picture],
    });
    await slack.adapter.whenIdle();
    expect(slack.fake.calls.length).toBe(before);
  });

  it('refuses requests with a wrong signature or an old timestamp (401) and does nothing', async () => {
    const before = slack.fake.calls.length;
    const body = JSON.stringify({
      type: 'event_callback',
      team_id: 'T1',
      event_id: 'EvFORGED',
      event: { type: 'app_mention', channel: 'C1', user: 'UEVE', text: `<@${bot}> hi`, ts: slack.fake.nextTs() },
    });
    expect((await slack.post(body, { secret: 'not-the-secret' })).status).toBe(401);
    expect((await slack.post(body, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 })).status).toBe(401);
    await slack.adapter.whenIdle();
    expect(slack.fake.calls.length).toBe(before);
  });

  it('never downloads from a host that is not a Slack file host, and says why', async () => {
    const requests: string[] = [];
    const elsewhere: Server = createServer((request, response) => {
      requests.push(request.headers.authorization ?? '');
      response.end('%PDF-1.4');
    });
    await new Promise<void>(resolve => elsewhere.listen(0, '127.0.0.1', resolve));
    const port = (elsewhere.address() as AddressInfo).port;
    try {
      const ts = slack.fake.nextTs();
      const file = {
        id: 'FEVIL',
        name: 'invoice.pdf',
        mimetype: 'application/pdf',
        mode: 'hosted',
        url_private_download: `http://localhost:${port}/invoice.pdf`,
      };
      await slack.sendEvent({ type: 'message', subtype: 'file_share', channel: 'C3', channel_type: 'channel', user: 'UALICE', text: '', ts, files: [file] });
      const reply = await botReply('C3', ts, isSummary);
      expect(reply.text).toContain("I can only read files stored in this chat's own file storage");
      expect(requests).toEqual([]);
    } finally {
      await new Promise(resolve => elsewhere.close(resolve));
    }
  });

  it('refuses a file over the size limit while it streams, whatever size was declared', async () => {
    const huge = new Uint8Array(3 * 1024 * 1024).fill(65);
    huge.set(new TextEncoder().encode('%PDF-1.4\n'));
    const cases = [
      // No Content-Length at all: only counting the bytes as they arrive can stop it.
      { id: 'FCHUNKED', length: { kind: 'chunked' }, claimedSize: undefined },
      // The file object claims a small size; the body is not.
      { id: 'FSMALLCLAIM', length: { kind: 'chunked' }, claimedSize: 1000 },
      // An honest Content-Length over the limit: refused before reading.
      { id: 'FHONEST', length: { kind: 'honest' }, claimedSize: undefined },
    ] as const;
    for (const { id, length, claimedSize } of cases) {
      const file = { ...slack.fake.addFile(id, `${id}.pdf`, huge, { length }), ...(claimedSize ? { size: claimedSize } : {}) };
      const ts = slack.fake.nextTs();
      await slack.sendEvent({ type: 'message', subtype: 'file_share', channel: 'C4', channel_type: 'channel', user: 'UALICE', text: '', ts, files: [file] });
      const reply = await botReply('C4', ts, isSummary);
      expect(reply.text, id).toBe(`I could not read *${id}.pdf*: That file is larger than 1 MB, the most I read. Split it or share a smaller version.`);
    }
    await slack.adapter.whenIdle();
    expect(await slack.app.listDocuments(parseSpaceId('slack:T1:C4'))).toEqual([]);
  });

  it('reads no more than a lying Content-Length declares, and says when the result is not a document', async () => {
    const huge = new Uint8Array(3 * 1024 * 1024).fill(65);
    huge.set(new TextEncoder().encode('%PDF-1.4\n'));
    const file = slack.fake.addFile('FLIAR', 'liar.pdf', huge, { length: { kind: 'declared', bytes: 1000 } });
    const ts = slack.fake.nextTs();
    await slack.sendEvent({ type: 'message', subtype: 'file_share', channel: 'C9', channel_type: 'channel', user: 'UALICE', text: '', ts, files: [file] });
    const reply = await botReply('C9', ts, isSummary);
    expect(reply.text).toContain('I could not read *liar.pdf*: liar.pdf could not be read as a PDF');
    const [record] = await slack.app.listDocuments(parseSpaceId('slack:T1:C9'));
    expect(record).toMatchObject({ status: 'failed', sizeBytes: 1000 });
    // A question there is told why there is nothing to answer from.
    const { answer } = await ask('C9', 'what is in the invoice?');
    expect(answer.text).toContain('I could not read any of the documents in this channel (*liar.pdf*)');
  });

  it('reads a Slack Connect file stub after asking files.info for it', async () => {
    const full = slack.fake.addFile('FCONNECT', 'connect-policy.pdf', refundPdf);
    const stub = { id: full.id, mode: 'file_access', file_access: 'check_file_info', created: 0, timestamp: 0, user: '' };
    const ts = slack.fake.nextTs();
    await slack.sendEvent({ type: 'message', subtype: 'file_share', channel: 'C5', channel_type: 'channel', user: 'UALICE', text: '', ts, files: [stub] });
    const reply = await botReply('C5', ts, isSummary);
    expect(reply.text).toContain('*connect-policy.pdf* is ready');
    expect(slack.fake.callsTo('files.info').some(call => call.params.file === 'FCONNECT')).toBe(true);
  });

  it('keeps going when Slack rate-limits a progress edit (429 + Retry-After)', async () => {
    slack.fake.rateLimit('chat.update', { only: call => call.params.channel === 'C6' });
    const { summary } = await shareFile('C6', 'FLIMITED', 'limited.pdf', await makeVacationHandbookPdf());
    expect(summary.text).toContain('*limited.pdf* is ready');
    const edits = slack.fake.callsTo('chat.update').filter(call => call.params.ts === summary.ts);
    expect(edits.map(call => call.status)).toContain(429);
    expect(edits.at(-1)!.status).toBe(200);
  });

  it('forgets a document when its file is deleted in Slack, with the page images rendered for its citations', async () => {
    // Bytes no other channel holds, so the original and its page images go with the document.
    await shareFile('C7', 'FGONE', 'gone.pdf', await makeHandbookPdf('b'));
    await slack.adapter.whenIdle();
    const [record] = await slack.app.listDocuments(parseSpaceId('slack:T1:C7'));
    expect(record.name).toBe('gone.pdf');
    const pageImage = await slack.app.pageImagePath(record.space, record.id, 2);
    await stat(pageImage);
    slack.fake.deleteFile('FGONE');
    await slack.sendEvent({ type: 'file_deleted', file_id: 'FGONE', event_ts: slack.fake.nextTs() });
    await slack.adapter.whenIdle();
    expect(await slack.app.listDocuments(parseSpaceId('slack:T1:C7'))).toEqual([]);
    await expect(stat(dirname(pageImage))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(new BlobStore(slack.app.config.dataDir).originalPath(record.sha256))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('forgets a document when file_change shows the file was deleted, not when it still exists', async () => {
    await shareFile('C8', 'FCHANGED', 'changed.pdf', await makeVacationHandbookPdf());
    await slack.sendEvent({ type: 'file_change', file_id: 'FCHANGED', file: { id: 'FCHANGED' } });
    await slack.adapter.whenIdle();
    expect(await slack.app.listDocuments(parseSpaceId('slack:T1:C8'))).toHaveLength(1);
    slack.fake.deleteFile('FCHANGED');
    await slack.sendEvent({ type: 'file_change', file_id: 'FCHANGED', file: { id: 'FCHANGED' } });
    await slack.adapter.whenIdle();
    expect(await slack.app.listDocuments(parseSpaceId('slack:T1:C8'))).toEqual([]);
  });

  it('called only Web API methods whose scopes the manifest lists', () => {
    const called = new Set(slack.fake.calls.map(call => call.method));
    expect(called.size).toBeGreaterThan(6);
    for (const method of called) expect(Object.keys(slackWebApiMethods), method).toContain(method);
  });

  describe('/folio', () => {
    async function command(text: string, options: { channelId?: string } = {}): Promise<string> {
      const { status, responsePath } = await slack.sendCommand(text, options);
      expect(status).toBe(200);
      const reply = await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === responsePath));
      expect(reply.body.response_type).toBe('ephemeral');
      return reply.body.text as string;
    }

    it('help, and an unknown word', async () => {
      expect(await command('help')).toContain('/folio forget <document>');
      expect(await command('')).toContain('/folio docs');
      expect(await command('frobnicate')).toContain('I do not know `/folio frobnicate`');
    });

    it('docs and status list this channel only', async () => {
      const docs = await command('docs', { channelId: 'C1' });
      expect(docs).toContain('*refund-policy.pdf* · 2 pages');
      expect(docs).not.toContain('vacation');
      expect(await command('docs', { channelId: 'C99' })).toContain('none yet');
      expect(await command('status', { channelId: 'C1' })).toContain('1 ready, 0 being read, 0 failed');
    });

    it('scope team / channel', async () => {
      expect(await command('scope team', { channelId: 'C1' })).toContain('also use the documents shared with the whole workspace');
      expect(await slack.app.readableSpaces(refundSpace)).toEqual([refundSpace, parseSpaceId('slack:T1:*')]);
      expect(await command('scope', { channelId: 'C1' })).toContain('workspace-wide');
      await command('scope channel', { channelId: 'C1' });
      expect(await slack.app.readableSpaces(refundSpace)).toEqual([refundSpace]);
    });

    it('forget <doc>', async () => {
      expect(await command('forget', { channelId: 'C5' })).toContain('Say which document');
      expect(await command('forget nothing.pdf', { channelId: 'C5' })).toContain('There is no document called "nothing.pdf"');
      expect(await command('forget connect-policy.pdf', { channelId: 'C5' })).toBe('Forgot *connect-policy.pdf*: it no longer answers questions here.');
      expect(await slack.app.listDocuments(parseSpaceId('slack:T1:C5'))).toEqual([]);
    });
  });
});
