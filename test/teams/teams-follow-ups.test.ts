import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spaceOfConversation } from '../../src/spaces/conversation-space.ts';

const teamsSpaceOf = (tenantId: string, conversationId: string) => spaceOfConversation({ platform: 'teams', tenantId, conversationId });
import type { GenerateRequest } from '../../src/models/types.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { ScriptedLanguageModel } from '../fakes/scripted-language-model.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import { channelMessage, nextMessageId, personalMessage } from './support/teams-activities.ts';
import { graphCredentials, startTeamsHarness, tenantId, type TeamsHarness } from './support/teams-harness.ts';

const team = { teamId: '19:team-follow-ups@thread.tacv2', groupId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6' };
const channel = { teamId: team.teamId, channelId: '19:follow-ups@thread.tacv2' };
const adaChat = 'a:1AdaFollowUps-xYz_0123';
const bobChat = 'a:1BobFollowUps';
const botApplication = { id: graphCredentials.clientId, displayName: 'Folio' };
const graceUser = { id: 'aad-grace', displayName: 'Grace Hopper' };

function promptText(request: GenerateRequest): string {
  return typeof request.prompt === 'string' ? request.prompt : request.prompt.map(part => (part.type === 'text' ? part.text : '')).join('');
}

/** With a language model, follow-up questions in Teams carry the conversation before them into the plan. */
describe('Teams follow-up questions (thread history)', () => {
  let harness: TeamsHarness;
  let serviceUrl: string;
  const model = new ScriptedLanguageModel({
    reply: request =>
      request.jsonSchema
        ? JSON.stringify({
            language: 'en',
            subQuestions: ['How many days of paid vacation does an employee get?'],
            tasks: [],
            variants: ['paid vacation days'],
            hyde: ['Every employee receives paid vacation days.'],
            picks: [],
          })
        : 'Every employee receives **31 days** of paid vacation per year [1].',
  });
  const repliesTo = (activityId: string) => harness.connector.messages().filter(message => message.replyToId === activityId);
  /** The answer message (streamed to its end in a personal chat, edited in place in a channel). */
  const answerFor = (activityId: string) =>
    harness.connector.waitFor(
      () => repliesTo(activityId).find(message => message.activity.type === 'message' && message.activity.channelData?.feedbackLoopEnabled),
      { what: `the answer to ${activityId}` },
    );

  /** Posts a question and resolves with the answer message's text and the plan prompt the model saw. */
  async function ask(activity: { id: string }): Promise<{ text: string; planPrompt: string }> {
    const callsBefore = model.calls.length;
    expect((await harness.post(activity)).status).toBe(200);
    const answer = await answerFor(activity.id);
    await harness.connector.waitForQuiet(100);
    const plan = model.calls.slice(callsBefore).find(request => request.jsonSchema);
    return { text: answer.activity.text, planPrompt: plan ? promptText(plan) : '' };
  }

  async function addDocument(space: SpaceId): Promise<void> {
    const path = join(tmpdir(), `folio-handbook-${randomUUID()}.pdf`);
    await writeFile(path, await makeHandbookPdf('b'));
    const { documentId } = await harness.app
      .submitDocument({ space, path, name: 'handbook.pdf', source: { platform: 'teams' } })
      .finally(() => rm(path, { force: true }));
    await vi.waitFor(async () => expect((await harness.app.findDocument(space, documentId)).status).toBe('ready'), { timeout: 30_000, interval: 50 });
  }

  beforeAll(async () => {
    harness = await startTeamsHarness({ folio: { models: { language: model } } });
    serviceUrl = harness.connector.serviceUrl;
    harness.connector.teams.set(team.teamId, { aadGroupId: team.groupId, name: 'Follow-ups team' });
    await addDocument(teamsSpaceOf(tenantId, channel.channelId));
    await addDocument(teamsSpaceOf(tenantId, adaChat));
    await addDocument(teamsSpaceOf(tenantId, bobChat));
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  it('in a channel thread, reads the thread through Graph: the post, Folio’s answer and replies not addressed to Folio', async () => {
    const root = channelMessage(serviceUrl, channel, { mention: true, text: 'How many days of paid vacation does an employee get?' });
    const first = await ask(root);
    expect(first.planPrompt).toContain('Conversation so far (oldest first; may be empty):\n(none)');
    // A new post has no thread before it: Graph is not asked.
    expect(harness.graph.requests.some(request => request.path.includes(`/messages/${root.id}`))).toBe(false);

    // What Graph would list for the thread: the post, Folio's answer (its Markdown as HTML), and a colleague's reply.
    const where = { teamGroupId: team.groupId, channelId: channel.channelId, rootId: root.id };
    harness.graph.addThreadMessage(where, {
      id: root.id,
      from: { user: graceUser },
      html: '<div><div><at id="0">Folio</at>&nbsp;How many days of paid vacation does an employee get?</div></div>',
      mentions: [{ id: 0, mentionText: 'Folio', mentioned: { application: botApplication } }],
    });
    expect(first.text).toBe('Every employee receives **31 days** of paid vacation per year [1].');
    harness.graph.addThreadMessage(where, {
      id: nextMessageId(),
      from: { application: botApplication },
      html: '<p>Every employee receives <strong>31 days</strong> of paid vacation per year [1].</p>',
    });
    harness.graph.addThreadMessage(where, {
      id: nextMessageId(),
      from: { user: { id: 'aad-ada', displayName: 'Ada Lovelace' } },
      html: '<p>That is per calendar year, I think.</p>',
    });

    const followUp = channelMessage(serviceUrl, { ...channel, rootId: root.id }, { mention: true, text: 'and can unused days be carried over?' });
    const second = await ask(followUp);
    const history = second.planPrompt.split('The question:')[0];
    expect(history).toContain('How many days of paid vacation does an employee get?');
    expect(history).toContain('31 days');
    expect(history).toContain('That is per calendar year, I think.');
    expect(history).not.toMatch(/Folio\s+How many|<at|&nbsp;/);
    expect(second.planPrompt).toContain('and can unused days be carried over?');
    expect(
      harness.graph.requests.some(request => request.path === `/v1.0/teams/${team.groupId}/channels/${channel.channelId}/messages/${root.id}/replies`),
    ).toBe(true);

    // Without the permission to read the thread, the turns Folio itself saw in it are the history, and
    // the question is still answered (no permission message: the answer does not depend on it).
    harness.graph.forbidden.add('channel-messages');
    try {
      const third = await ask(channelMessage(serviceUrl, { ...channel, rootId: root.id }, { mention: true, text: 'who approves them?' }));
      const seen = third.planPrompt.split('The question:')[0];
      expect(seen).toContain('How many days of paid vacation does an employee get?');
      expect(seen).toContain('and can unused days be carried over?');
      expect(seen).toContain('31 days');
      expect(seen).not.toContain('per calendar year, I think');
      expect(third.text).not.toContain('permission');
    } finally {
      harness.graph.forbidden.clear();
    }
  });

  it('in a personal chat, keeps the questions and answers it saw for the next question', async () => {
    const first = await ask(personalMessage(serviceUrl, { chatId: adaChat, text: 'How many days of paid vacation does an employee get?' }));
    expect(first.planPrompt).toContain('(none)');
    const second = await ask(personalMessage(serviceUrl, { chatId: adaChat, text: 'and for part-time staff?' }));
    const history = second.planPrompt.split('The question:')[0];
    expect(history).toContain('How many days of paid vacation does an employee get?');
    expect(history).toContain('31 days');
    // Another person's personal chat is another conversation.
    const bob = { id: '29:1bob', aadObjectId: 'aad-bob', name: 'Bob' };
    const other = await ask(personalMessage(serviceUrl, { chatId: bobChat, user: bob, text: 'How many days of paid vacation does an employee get?' }));
    expect(other.planPrompt).toContain('(none)');
  });
});
