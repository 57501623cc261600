import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceOfConversation } from '../../src/spaces/conversation-space.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import { awayFromMinuteEnd } from '../support/minute-window.ts';
import { channelMessage, feedbackSubmitInvoke, groupChatMessage } from './support/teams-activities.ts';
import { botId, startTeamsHarness, tenantId, type TeamsHarness } from './support/teams-harness.ts';

const general = { teamId: '19:team-settings@thread.tacv2', channelId: '19:general-settings@thread.tacv2' };
const openChat = '19:open-chat-7a8b@thread.v2';
const limitedChat = '19:limited-chat-9c0d@thread.v2';
const grace = { id: '29:1grace', aadObjectId: 'aad-grace', name: 'Grace Hopper' };
const linus = { id: '29:1linus', aadObjectId: 'aad-linus', name: 'Linus Torvalds' };
const question = 'How many days of paid vacation does an employee get?';

describe('Teams conversation settings (fake Bot Connector)', () => {
  let harness: TeamsHarness;
  let serviceUrl: string;
  const repliesTo = (activityId: string) => harness.connector.messages().filter(message => message.replyToId === activityId);
  /** The bot's one reply to `activityId` once it says something other than the stages. */
  const settledReply = (activityId: string, what: string) =>
    harness.connector.waitFor(
      () => repliesTo(activityId).find(message => !/^(Thinking|Searching the documents|Writing the answer)…$/.test(message.activity.text ?? '')),
      { what },
    );

  beforeAll(async () => {
    harness = await startTeamsHarness();
    serviceUrl = harness.connector.serviceUrl;
    harness.connector.installedFor.add(grace.id);
    const path = join(tmpdir(), `folio-teams-settings-${randomUUID()}.pdf`);
    await writeFile(path, await makeHandbookPdf('a'));
    try {
      for (const conversationId of [general.channelId, openChat, limitedChat]) {
        const [outcome] = await harness.app.ingestFiles([{ path, name: 'handbook.pdf' }], spaceOfConversation({ platform: 'teams', tenantId, conversationId }));
        expect(outcome.status).toBe('ready');
      }
    } finally {
      await rm(path, { force: true });
    }
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  async function say(activity: { id: string }, pattern: RegExp): Promise<string> {
    expect((await harness.post(activity)).status).toBe(200);
    return (await harness.connector.waitFor(() => repliesTo(activity.id).find(message => pattern.test(message.activity.text ?? '')), { what: pattern.source }))
      .activity.text as string;
  }

  it('settings: shows, changes, refuses a wrong value, per conversation', async () => {
    const shown = await say(channelMessage(serviceUrl, general, { mention: true, text: 'settings' }), /Settings here/);
    expect(shown).toContain('- **Visibility:** thread: answers are posted here for everyone');
    expect(shown).toContain('- **Questions per person per minute:** no limit');
    expect(shown).toContain('**@Folio settings visibility private**');
    expect(await say(channelMessage(serviceUrl, general, { mention: true, text: 'settings visibility private' }), /Changed/)).toContain(
      '- **Visibility:** private: only the person who asked gets the answer',
    );
    expect(await say(groupChatMessage(serviceUrl, limitedChat, { mention: true, text: 'settings rate 1' }), /Changed/)).toContain(
      '- **Questions per person per minute:** 1',
    );
    expect(await say(groupChatMessage(serviceUrl, limitedChat, { mention: true, text: 'settings rate lots' }), /question limit/)).toMatch(
      /^The question limit must be a whole number/,
    );
    // Every other conversation keeps its own (the defaults).
    await expect(harness.app.getSettings(spaceOfConversation({ platform: 'teams', tenantId, conversationId: openChat }))).resolves.toEqual({
      visibility: 'thread',
      citedOnly: false,
      questionsPerUserPerMinute: null,
    });
  });

  it("private visibility: the answer goes to the asker's personal chat (created proactively), the channel gets a note", async () => {
    const asked = channelMessage(serviceUrl, general, { mention: true, text: question });
    expect((await harness.post(asked)).status).toBe(200);
    const note = await settledReply(asked.id, 'the channel note');
    expect(note.activity.text).toBe('I sent you my reply in our personal chat, since answers in this conversation are private.');

    const created = harness.connector.calls.filter(call => call.kind === 'create-conversation');
    expect(created).toHaveLength(1);
    expect(created[0].body).toMatchObject({
      isGroup: false,
      bot: { id: botId },
      members: [{ id: grace.id }],
      tenantId,
      channelData: { tenant: { id: tenantId } },
    });
    const personalChat = harness.connector.personalChats.get(grace.id)!;
    const [answer] = harness.connector.messages(personalChat);
    expect(answer.replyToId).toBeUndefined();
    expect(answer.activity.text).toContain('28 days of paid vacation');
    expect(answer.activity.channelData?.feedbackLoopEnabled).toBe(true);
    // Nothing of the answer was shown in the channel, not even while it was written.
    const channelTexts = harness.connector.calls.filter(call => call.conversationId?.startsWith(general.channelId)).map(call => JSON.stringify(call.body));
    expect(channelTexts.length).toBeGreaterThan(0);
    expect(channelTexts.some(text => text.includes('28 days'))).toBe(false);

    // 👍/👎 on the answer in the personal chat are stored with it.
    const feedback = feedbackSubmitInvoke(
      serviceUrl,
      { id: personalChat, conversationType: 'personal' },
      { replyToId: answer.id, reaction: 'like', user: grace },
    );
    expect((await harness.post(feedback)).status).toBe(200);
    await expect
      .poll(
        async () => (await harness.app.surfaceState.list('feedback:')).some(entry => (entry.value as { user?: string }).user === `teams:${grace.aadObjectId}`),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('tells the asker privately why a question failed where answers are private', async () => {
    const asked = channelMessage(serviceUrl, general, { mention: true, text: `${'why '.repeat(1200)}?` });
    expect((await harness.post(asked)).status).toBe(200);
    const note = await settledReply(asked.id, 'the channel note');
    expect(note.activity.text).toBe('I sent you my reply in our personal chat, since answers in this conversation are private.');
    const personalChat = harness.connector.personalChats.get(grace.id)!;
    await harness.connector.waitFor(
      () => harness.connector.messages(personalChat).find(message => /characters long; the limit is 4000/.test(message.activity.text ?? '')),
      { what: 'the failure in the personal chat' },
    );
  });

  it('says in the thread that private answers need the app installed personally when Teams refuses the personal chat', async () => {
    const asked = { ...channelMessage(serviceUrl, general, { mention: true, text: question }), from: linus };
    expect((await harness.post(asked)).status).toBe(200);
    const note = await settledReply(asked.id, 'the not-installed note');
    expect(note.activity.text).toContain('I am not installed for you yet. Add Folio for yourself');
    expect(harness.connector.calls.filter(call => call.kind === 'create-conversation').at(-1)?.body.members).toEqual([{ id: linus.id }]);
    expect(harness.connector.personalChats.has(linus.id)).toBe(false);
    expect(JSON.stringify(note.activity)).not.toContain('28 days');
  });

  it('a conversation without settings answers in the thread as before, and the question limit is private', async () => {
    const creations = () => harness.connector.calls.filter(call => call.kind === 'create-conversation').length;
    const before = creations();
    const open = groupChatMessage(serviceUrl, openChat, { mention: true, text: question });
    expect((await harness.post(open)).status).toBe(200);
    expect((await settledReply(open.id, 'the open-chat answer')).activity.text).toContain('28 days of paid vacation');
    expect(creations()).toBe(before);

    await awayFromMinuteEnd();
    const first = groupChatMessage(serviceUrl, limitedChat, { mention: true, text: question });
    await harness.post(first);
    expect((await settledReply(first.id, 'the first answer')).activity.text).toContain('28 days of paid vacation');
    const second = groupChatMessage(serviceUrl, limitedChat, { mention: true, text: 'Which tool encrypts company laptops?' });
    await harness.post(second);
    expect((await settledReply(second.id, 'the limit note')).activity.text).toBe(
      'I sent you my reply in our personal chat, since answers in this conversation are private.',
    );
    const personalChat = harness.connector.personalChats.get(grace.id);
    expect(personalChat).toBeDefined();
    const limitNote = harness.connector.messages(personalChat).at(-1)!;
    expect(limitNote.conversationId).toBe(personalChat);
    expect(limitNote.activity.text).toMatch(/^You have asked 1 question in this channel this minute/);
    expect(harness.connector.messages(limitedChat).some(message => /You have asked/.test(message.activity.text ?? ''))).toBe(false);
  });
});
