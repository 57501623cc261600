import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxPromptTitleChars } from '../../adapters/slack/suggested-prompts.ts';
import type { FakeSuggestedPrompts } from '../fakes/fake-slack-api.ts';
import { makeRefundPolicyPdf, makeVacationHandbookPdf } from './support/slack-test-documents.ts';
import { startSlackTestApp, type SlackTestApp } from './support/slack-test-app.ts';

describe('Slack agent view: suggested prompts', () => {
  let slack: SlackTestApp;
  const logLines: Array<{ level: number; msg: string; code?: string; channel?: string }> = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    slack = await startSlackTestApp({ log: pino({ level: 'warn' }, sink) });
    // Ready documents: one in Alice's DM, one in channel C1, one in channel C2.
    await shareAndWait('DALICE', 'im', 'UALICE', 'FREFUND', 'refund-policy.pdf', await makeRefundPolicyPdf());
    await shareAndWait('C1', 'channel', 'UBOB', 'FVACATION', 'vacation-handbook.pdf', await makeVacationHandbookPdf());
    await shareAndWait('C2', 'channel', 'UBOB', 'FSECRET', 'board-minutes.pdf', await makeRefundPolicyPdf());
  }, 60_000);
  afterAll(async () => {
    await slack?.close();
  });

  async function shareAndWait(channel: string, channelType: string, user: string, fileId: string, name: string, bytes: Uint8Array): Promise<void> {
    const file = slack.fake.addFile(fileId, name, bytes);
    const ts = slack.fake.nextTs();
    await slack.sendEvent({ type: 'message', subtype: 'file_share', channel, channel_type: channelType, user, text: '', ts, files: [file] });
    await slack.fake.waitFor(() => slack.fake.threadReplies(channel, ts).find(message => (message.text ?? '').includes(`*${name}* is ready`)), 30_000);
    await slack.adapter.whenIdle();
  }

  /** The prompts Slack accepted for a DM channel after `since` of them were already there. */
  function promptsFor(channel: string, since: number): Promise<FakeSuggestedPrompts> {
    return slack.fake.waitFor(() => slack.fake.suggestedPrompts.slice(since).find(set => set.channel === channel));
  }

  it("offers prompts naming the documents in the asker's DM, within Slack's limits and without thread_ts", async () => {
    const since = slack.fake.suggestedPrompts.length;
    const { status } = await slack.sendAssistantThread({ userId: 'UALICE', channelId: 'DALICE' });
    expect(status).toBe(200);
    const set = await promptsFor('DALICE', since);
    expect(set.title).toBe('Try asking');
    expect(set.threadTs).toBeUndefined(); // agent_view apps must not pass it
    expect(set.prompts.length).toBeGreaterThan(0);
    expect(set.prompts.length).toBeLessThanOrEqual(4);
    for (const prompt of set.prompts) expect(prompt.title.length).toBeLessThanOrEqual(maxPromptTitleChars);
    expect(set.prompts[0]).toEqual({ title: 'Summarise refund-policy.pdf', message: 'Summarise refund-policy.pdf.' });
    expect(set.prompts.map(prompt => prompt.title).join('\n')).not.toMatch(/vacation|board-minutes/);
  });

  it('offers starter prompts to someone without documents', async () => {
    const since = slack.fake.suggestedPrompts.length;
    await slack.sendAssistantThread({ userId: 'UCAROL', channelId: 'DCAROL' });
    const set = await promptsFor('DCAROL', since);
    expect(set.prompts).toContainEqual({ title: 'How do I add a document?', message: 'How do I add a document?' });
    expect(set.prompts.map(prompt => prompt.title).join('\n')).not.toMatch(/\.pdf/);
  });

  it("offers only what a question in the DM can be answered from: no channel's documents, no one else's", async () => {
    // Looking at C1 adds nothing: a prompt clicked in the DM is answered from the DM's documents.
    const since = slack.fake.suggestedPrompts.length;
    await slack.sendAssistantThread({ userId: 'UCAROL', channelId: 'DCAROL', contextChannelId: 'C1' });
    const titles = (await promptsFor('DCAROL', since)).prompts.map(prompt => prompt.title).join('\n');
    expect(titles).not.toMatch(/vacation-handbook\.pdf|board-minutes\.pdf|refund-policy\.pdf/);
  });

  it("sets the prompts when an agent app's DM is opened (app_home_opened, Messages tab)", async () => {
    const since = slack.fake.suggestedPrompts.length;
    await slack.sendEvent({ type: 'app_home_opened', user: 'UALICE', channel: 'DALICE', tab: 'messages', event_ts: slack.fake.nextTs() });
    const set = await promptsFor('DALICE', since);
    expect(set.prompts.map(prompt => prompt.title).join('\n')).toContain('refund-policy.pdf');
    // The Home tab is not a conversation: nothing is set.
    const before = slack.fake.suggestedPrompts.length;
    await slack.sendEvent({ type: 'app_home_opened', user: 'UALICE', channel: 'DALICE', tab: 'home', event_ts: slack.fake.nextTs() });
    await slack.adapter.whenIdle();
    expect(slack.fake.suggestedPrompts.length).toBe(before);
  });

  it("refreshes the DM's prompts when a document shared there is ready, and leaves channels' DMs alone", async () => {
    const since = slack.fake.suggestedPrompts.length;
    await shareAndWait('DALICE', 'im', 'UALICE', 'FTRAVEL', 'travel-policy.pdf', await makeVacationHandbookPdf());
    const set = await promptsFor('DALICE', since);
    expect(set.threadTs).toBeUndefined();
    // The newest document leads.
    expect(set.prompts[0]).toEqual({ title: 'Summarise travel-policy.pdf', message: 'Summarise travel-policy.pdf.' });
    expect(set.prompts.map(prompt => prompt.title).join('\n')).toContain('refund-policy.pdf');
    // Forgetting it in the DM takes it out of the prompts again.
    const beforeForget = slack.fake.suggestedPrompts.length;
    await slack.sendCommand('forget travel-policy.pdf', { channelId: 'DALICE', userId: 'UALICE', channelName: 'directmessage' });
    const afterForget = await promptsFor('DALICE', beforeForget);
    expect(afterForget.prompts.map(prompt => prompt.title).join('\n')).not.toContain('travel-policy.pdf');
    expect(afterForget.prompts[0].title).toBe('Summarise refund-policy.pdf');
    await slack.adapter.whenIdle();
    // A document shared in a channel changes no one's DM prompts.
    const afterDm = slack.fake.suggestedPrompts.length;
    await shareAndWait('C1', 'channel', 'UBOB', 'FMINUTES', 'minutes.pdf', await makeRefundPolicyPdf());
    expect(slack.fake.suggestedPrompts.length).toBe(afterDm);
  });

  it('logs a refusal by Slack and keeps working', async () => {
    const unscript = slack.fake.script(call =>
      call.method === 'assistant.threads.setSuggestedPrompts' && call.params.channel_id === 'DDAN'
        ? { body: { ok: false, error: 'channel_not_found' } }
        : undefined,
    );
    try {
      const { status } = await slack.sendAssistantThread({ userId: 'UDAN', channelId: 'DDAN' });
      expect(status).toBe(200);
      const logged = await slack.fake.waitFor(() => logLines.find(line => line.msg === 'could not set the suggested prompts' && line.channel === 'DDAN'));
      expect(logged).toMatchObject({ code: 'channel_not_found', level: 40 });
    } finally {
      unscript();
    }
    // The bot still answers in that DM.
    const ts = slack.fake.nextTs();
    await slack.sendEvent({ type: 'message', channel: 'DDAN', channel_type: 'im', user: 'UDAN', text: 'what is the refund policy?', ts });
    const reply = await slack.fake.waitFor(() => slack.fake.threadReplies('DDAN', ts).find(message => message.text !== 'Thinking…'), 30_000);
    expect(reply.text).toContain('There are no documents in our conversation yet');
  });
});

describe('fake Slack: assistant.threads.setSuggestedPrompts', () => {
  let slack: SlackTestApp;
  beforeAll(async () => {
    slack = await startSlackTestApp();
  });
  afterAll(async () => {
    await slack?.close();
  });

  it('answers like Slack: ok, or invalid_arguments without prompts or with more than four', async () => {
    const call = (body: Record<string, unknown>) =>
      fetch(`${slack.fake.apiUrl}assistant.threads.setSuggestedPrompts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${slack.fake.botToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(response => response.json());
    const prompt = { title: 'Hi', message: 'Hello' };
    expect(await call({ channel_id: 'D1', prompts: [prompt] })).toEqual({ ok: true });
    expect(await call({ channel_id: 'D1' })).toMatchObject({ ok: false, error: 'invalid_arguments' });
    expect(await call({ channel_id: 'D1', prompts: [prompt, prompt, prompt, prompt, prompt] })).toMatchObject({ ok: false, error: 'invalid_arguments' });
  });
});
