import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceOfConversation } from '../../src/spaces/conversation-space.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import type { BotMessage } from '../fakes/fake-bot-connector.ts';
import { cardActionInvoke, cardTexts, groupChatMessage, personalMessage } from './support/teams-activities.ts';
import { startTeamsHarness, tenantId, type TeamsHarness } from './support/teams-harness.ts';

const forgottenChat = '19:forget-chat-1a2b@thread.v2';
const keptChat = '19:kept-chat-3c4d@thread.v2';
const grace = { id: '29:1grace', aadObjectId: 'aad-grace', name: 'Grace Hopper' };
const linus = { id: '29:1linus', aadObjectId: 'aad-linus', name: 'Linus Torvalds' };
const spaceOf = (conversationId: string) => spaceOfConversation({ platform: 'teams', tenantId, conversationId });

describe('Teams forget-space (fake Bot Connector)', () => {
  let harness: TeamsHarness;
  let serviceUrl: string;

  beforeAll(async () => {
    harness = await startTeamsHarness();
    serviceUrl = harness.connector.serviceUrl;
    const path = join(tmpdir(), `folio-teams-forget-${randomUUID()}.pdf`);
    await writeFile(path, await makeHandbookPdf('a'));
    try {
      for (const conversationId of [forgottenChat, keptChat]) {
        const [outcome] = await harness.app.ingestFiles([{ path, name: 'handbook.pdf' }], spaceOf(conversationId));
        expect(outcome.status).toBe('ready');
      }
    } finally {
      await rm(path, { force: true });
    }
    await harness.app.setSettings(spaceOf(forgottenChat), { citedOnly: true });
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  /** `forget-space` sent in a chat: the bot's card reply, with its buttons. */
  async function askToForget(activity: {
    id: string;
  }): Promise<{ message: BotMessage; actions: Array<{ title: string; verb: string; data: any; style?: string }> }> {
    expect((await harness.post(activity)).status).toBe(200);
    const message = await harness.connector.waitFor(() => harness.connector.messages().find(posted => posted.replyToId === activity.id), {
      what: 'the forget-space card',
    });
    const card = message.activity.attachments.find(
      (attachment: { contentType: string }) => attachment.contentType === 'application/vnd.microsoft.card.adaptive',
    ).content;
    return { message, actions: card.actions };
  }

  const click = (conversationId: string, action: { verb: string; data: unknown }, options: { replyToId?: string; from?: typeof grace } = {}) =>
    harness.post(cardActionInvoke(serviceUrl, conversationId, action, { conversationType: 'groupChat', from: grace, ...options }));

  it('asks with a card; only the asker can confirm, only in this chat; Cancel forgets nothing', async () => {
    const { message, actions } = await askToForget(groupChatMessage(serviceUrl, forgottenChat, { mention: true, text: 'forget-space' }));
    expect(cardTexts(message.activity)[0]).toContain('Forget everything I have from this conversation? That is 1 document: **handbook.pdf**.');
    expect(actions.map(action => [action.title, action.verb, action.style])).toEqual([
      ['Forget them', 'folio.forgetSpace', 'destructive'],
      ['Cancel', 'folio.forgetSpace.cancel', undefined],
    ]);
    const [forget, cancel] = actions;
    expect(forget.data).toEqual({ folioAction: 'forget-space', space: spaceOf(forgottenChat), requestedBy: 'aad-grace' });

    expect((await click(forgottenChat, forget, { replyToId: message.id, from: linus })).body).toEqual({
      statusCode: 200,
      type: 'application/vnd.microsoft.activity.message',
      value: 'Only the person who asked to forget this conversation can confirm it. Anyone here can ask with forget-space.',
    });
    expect((await click(keptChat, forget)).body).toMatchObject({ value: 'That button was for another conversation. Type forget-space in the one to forget.' });
    const cancelled = await click(forgottenChat, cancel, { replyToId: message.id });
    expect(cancelled.body).toMatchObject({
      type: 'application/vnd.microsoft.card.adaptive',
      value: { body: [{ type: 'TextBlock', text: 'Nothing was forgotten.' }] },
    });
    expect((cancelled.body as any).value.actions).toBeUndefined();
    expect(await harness.app.listDocuments(spaceOf(forgottenChat))).toHaveLength(1);
    expect(await harness.app.listDocuments(spaceOf(keptChat))).toHaveLength(1);
  });

  it('Forget removes the documents and settings of this chat, and the card says so for everyone', async () => {
    const { message, actions } = await askToForget(groupChatMessage(serviceUrl, forgottenChat, { mention: true, text: 'forget space' }));
    const answered = await click(forgottenChat, actions[0], { replyToId: message.id });
    expect(answered.body).toMatchObject({
      type: 'application/vnd.microsoft.card.adaptive',
      value: { body: [{ text: 'Forgetting this conversation’s documents…' }] },
    });

    const updated = await harness.connector.waitFor(() => message.edits > 0 && message, { what: 'the card updated with the outcome' });
    expect(cardTexts(updated.activity)).toEqual(['Done: I forgot the 1 document from this conversation and the settings here.', 'Asked by Grace Hopper.']);
    expect(harness.connector.calls.filter(call => call.kind === 'update').map(call => call.activityId)).toEqual([message.id]);
    expect(await harness.app.listDocuments(spaceOf(forgottenChat))).toEqual([]);
    expect(await harness.app.getSettings(spaceOf(forgottenChat))).toMatchObject({ citedOnly: false });
    expect(await harness.app.listDocuments(spaceOf(keptChat))).toHaveLength(1);
  });

  it('in a personal chat with nothing shared, says that only the settings would go; help names the command', async () => {
    const chat = 'a:1personal-forget';
    const { message } = await askToForget(personalMessage(serviceUrl, { chatId: chat, text: 'forget-space' }));
    expect(cardTexts(message.activity)).toEqual([expect.stringContaining('I have no documents from this conversation.')]);
    const help = personalMessage(serviceUrl, { chatId: chat, text: 'help' });
    await harness.post(help);
    const reply = await harness.connector.waitFor(() => harness.connector.messages().find(posted => posted.replyToId === help.id), { what: 'help' });
    expect(reply.activity.text).toContain('**forget-space** forgets every document shared here');
  });
});
