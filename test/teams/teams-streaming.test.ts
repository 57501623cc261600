import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GenerateRequest } from '../../src/models/types.ts';
import { spaceOfConversation } from '../../src/spaces/conversation-space.ts';
import { streamInfoOf, type BotMessage } from '../fakes/fake-bot-connector.ts';
import { ScriptedLanguageModel } from '../fakes/scripted-language-model.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import { feedbackSubmitInvoke, groupChatMessage, personalMessage } from './support/teams-activities.ts';
import { startTeamsHarness, tenantId, type TeamsHarness } from './support/teams-harness.ts';

const adaChat = 'a:1AdaStreaming-xYz_0123';
const groupChat = '19:streaming-group-9f8e@thread.v2';
const question = 'What are the hotel limits and the parental leave rules?';

function promptText(request: GenerateRequest): string {
  return typeof request.prompt === 'string' ? request.prompt : request.prompt.map(part => (part.type === 'text' ? part.text : '')).join('');
}

/** The number the answer prompt gives the passage of handbook page `page` ("[3] handbook.pdf · p. 2 · …"). */
function passageOfPage(request: GenerateRequest, page: number): number {
  const match = new RegExp(`\\[(\\d+)\\] handbook\\.pdf · p\\. ${page}\\b`).exec(`${request.system ?? ''}\n${promptText(request)}`);
  if (!match) throw new Error(`no passage of page ${page} in the answer prompt`);
  return Number(match[1]);
}

/** What a message says to the asker: its citations as Teams lists them. */
function citationsOf(activity: any): Array<{ position: number; name: string; abstract: string }> {
  const entity = (activity.entities ?? []).find((candidate: { type: string }) => candidate.type === 'https://schema.org/Message');
  return (entity?.citation ?? []).map((claim: any) => ({ position: claim.position, name: claim.appearance.name, abstract: claim.appearance.abstract }));
}

function messageEntityOf(activity: any): any {
  return (activity.entities ?? []).find((candidate: { type: string }) => candidate.type === 'https://schema.org/Message');
}

/**
 * With a language model, an answer in a personal chat streams with Teams' streaming protocol; in a group
 * chat it is one message edited in place. Both end in a message with native citations, the AI label
 * and Teams' feedback buttons, whose 👍/👎 reach app.recordFeedback.
 */
describe('Teams answers streamed and cited natively', () => {
  let harness: TeamsHarness;
  let serviceUrl: string;
  // The model cites the travel page and the parental-leave page: their context numbers are whatever the
  // search made them (never 1 and 2 in this order), and the message must show them as [1] and [2].
  const model = new ScriptedLanguageModel({
    latencyMs: 300,
    chunkSize: 10,
    chunkDelayMs: 30,
    reply: request =>
      request.jsonSchema
        ? JSON.stringify({
            language: 'en',
            subQuestions: ['What are the hotel limits?', 'What are the parental leave rules?'],
            tasks: [],
            variants: ['hotel limit', 'parental leave'],
            hyde: [],
            picks: [],
          })
        : `Hotel costs are reimbursed up to **150 euros** per night [${passageOfPage(request, 2)}]. Parental leave can be split into up to three blocks [${passageOfPage(request, 4)}].`,
  });
  const repliesTo = (activityId: string) => harness.connector.messages().filter(message => message.replyToId === activityId);

  async function addHandbook(conversationId: string): Promise<void> {
    const space = spaceOfConversation({ platform: 'teams', tenantId, conversationId });
    const path = join(tmpdir(), `folio-handbook-${randomUUID()}.pdf`);
    await writeFile(path, await makeHandbookPdf('a'));
    const { documentId } = await harness.app
      .submitDocument({ space, path, name: 'handbook.pdf', source: { platform: 'teams' } })
      .finally(() => rm(path, { force: true }));
    await vi.waitFor(async () => expect((await harness.app.findDocument(space, documentId)).status).toBe('ready'), { timeout: 30_000, interval: 50 });
  }

  /** Asks in Ada's personal chat; resolves with the streamed message once its final message arrived. */
  async function askPersonally(text: string): Promise<BotMessage> {
    const activity = personalMessage(serviceUrl, { chatId: adaChat, text });
    expect((await harness.post(activity)).status).toBe(200);
    return harness.connector.waitFor(() => repliesTo(activity.id).find(message => message.stream?.final), { what: 'the final stream message' });
  }

  beforeAll(async () => {
    harness = await startTeamsHarness({ folio: { models: { language: model } } });
    serviceUrl = harness.connector.serviceUrl;
    await addHandbook(adaChat);
    await addHandbook(groupChat);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  it('streams the stages, then the answer as it is written, then ends the stream with the cited, labelled final message', async () => {
    const message = await askPersonally(question);
    const stream = message.stream!;
    const informative = stream.updates.filter(update => update.streamInfo.streamType === 'informative');
    const streaming = stream.updates.filter(update => update.streamInfo.streamType === 'streaming');
    // The stages first (each at most 1,000 characters), then only the text.
    expect(informative.map(update => update.text)).toEqual(['Thinking…', 'Searching the documents…', 'Writing the answer…']);
    expect(stream.updates.slice(0, 3)).toEqual(informative);
    expect(streaming.length).toBeGreaterThanOrEqual(2);
    // One stream: numbered 1, 2, 3… ; every update after the first names the id answered to the first.
    expect(stream.updates.map(update => update.streamInfo.streamSequence)).toEqual(stream.updates.map((_, index) => index + 1));
    expect(stream.updates[0].streamInfo.streamId).toBeUndefined();
    expect(stream.updates.slice(1).every(update => update.streamInfo.streamId === stream.id)).toBe(true);
    // Each chunk is the whole text so far, growing; markers already numbered as the final message numbers them.
    streaming
      .slice(1)
      .forEach((update, index) => expect(update.text.startsWith(streaming[index].text) && update.text.length > streaming[index].text.length).toBe(true));
    expect(streaming[0].text.length).toBeLessThan(streaming.at(-1)!.text.length);
    expect(streaming.at(-1)!.text).toContain('per night [1]');

    const final = stream.final;
    expect(final.type).toBe('message');
    expect(streamInfoOf(final)).toEqual({ type: 'streaminfo', streamId: stream.id, streamType: 'final' });
    expect(final.text).toBe('Hotel costs are reimbursed up to **150 euros** per night [1]. Parental leave can be split into up to three blocks [2].');
    expect(final.text.startsWith(streaming.at(-1)!.text)).toBe(true);
    expect(citationsOf(final)).toEqual([
      { position: 1, name: 'handbook.pdf · p. 2', abstract: '2 Travel expenses — Hotel costs are reimbursed up to 150 euros per night.' },
      // The abstract is the cited passage's sentence that backs the claim, not just its first one.
      { position: 2, name: 'handbook.pdf · p. 4', abstract: '4 Parental leave — The leave can be split into up to three blocks within two years.' },
    ]);
    expect(messageEntityOf(final)).toMatchObject({ '@type': 'Message', '@context': 'https://schema.org', additionalType: ['AIGeneratedContent'] });
    expect(messageEntityOf(final).citation[0].appearance).toMatchObject({ '@type': 'DigitalDocument', image: { '@type': 'ImageObject', name: 'PDF' } });
    expect(final.channelData).toEqual({ feedbackLoopEnabled: true });
    // The stream is the one reply: nothing posted beside it and nothing edited.
    expect(repliesTo(message.replyToId!)).toHaveLength(1);
    expect(harness.connector.calls.filter(call => call.kind === 'update' && call.activityId === message.id)).toEqual([]);
  });

  it('stores Teams’ 👍/👎 with its comment for the answer the rated message shows, answering the invoke 200 with an empty body', async () => {
    const message = await askPersonally('How much is the hotel limit per night?');
    const rate = (reaction: 'like' | 'dislike', feedbackText: string, user?: { id: string; aadObjectId: string; name: string }) =>
      harness.post(feedbackSubmitInvoke(serviceUrl, { id: adaChat, conversationType: 'personal' }, { replyToId: message.id, reaction, feedbackText, user }));

    expect(await rate('dislike', 'It should also say what happens in capitals.')).toEqual({ status: 200, body: undefined });
    expect(await rate('like', '', { id: '29:1bob', aadObjectId: 'aad-bob', name: 'Bob' })).toEqual({ status: 200, body: undefined });
    const stored = (await harness.app.surfaceState.list<{ rating: string; user: string; comment?: string; question: string; answerId: string }>('feedback:'))
      .map(entry => entry.value)
      .filter(value => value.question === 'How much is the hotel limit per night?');
    expect(stored.map(value => [value.user, value.rating, value.comment]).sort()).toEqual([
      ['teams:aad-ada', 'down', 'It should also say what happens in capitals.'],
      ['teams:aad-bob', 'up', undefined],
    ]);
    expect(new Set(stored.map(value => value.answerId)).size).toBe(1);
    // Nothing is said in the chat: Teams thanks the person itself.
    await harness.connector.waitForQuiet(100);
    expect(repliesTo(message.id)).toEqual([]);
  });

  it('says so when a rated message is not one of its answers, still answering the invoke 200', async () => {
    const before = (await harness.app.surfaceState.list('feedback:')).length;
    const invoke = await harness.post(
      feedbackSubmitInvoke(serviceUrl, { id: adaChat, conversationType: 'personal' }, { replyToId: 'bot-unknown-42', reaction: 'like' }),
    );
    expect(invoke).toEqual({ status: 200, body: undefined });
    const reply = await harness.connector.waitFor(() => repliesTo('bot-unknown-42')[0], { what: 'the reply about the unknown answer' });
    expect(reply.activity.text).toBe(
      'I could not tell which of my answers that rating was for (it may be too old), so it was not stored. Ask again to rate a fresh answer.',
    );
    expect((await harness.app.surfaceState.list('feedback:')).length).toBe(before);

    const malformed = await harness.post({
      ...feedbackSubmitInvoke(serviceUrl, { id: adaChat, conversationType: 'personal' }, { replyToId: 'bot-1', reaction: 'like' }),
      value: { actionName: 'feedback', actionValue: { reaction: 'meh' } },
    });
    expect(malformed.status).toBe(400);
  });

  it('answers a group chat without streaming: one reply edited in place into the cited message with feedback', async () => {
    const activity = groupChatMessage(serviceUrl, groupChat, { mention: true, text: question });
    expect((await harness.post(activity)).status).toBe(200);
    const message = await harness.connector.waitFor(() => repliesTo(activity.id).find(candidate => candidate.activity.channelData?.feedbackLoopEnabled), {
      what: 'the group chat answer',
    });
    expect(harness.connector.typingActivities(groupChat)).toEqual([]);
    expect(repliesTo(activity.id)).toHaveLength(1);
    const posted = harness.connector.calls.find(call => call.kind === 'reply' && call.activityId === activity.id)!;
    expect(posted.body.text).toBe('Thinking…');
    const edits = harness.connector.calls.filter(call => call.kind === 'update' && call.activityId === message.id).map(call => call.body.text as string);
    // Edits are throttled (the latest content wins), so a short stage may be skipped.
    expect(edits.some(text => text === 'Searching the documents…' || text === 'Writing the answer…')).toBe(true);
    expect(edits.some(text => text.endsWith(' …') && text.includes('[1]'))).toBe(true);
    expect(message.activity.text).toBe(
      'Hotel costs are reimbursed up to **150 euros** per night [1]. Parental leave can be split into up to three blocks [2].',
    );
    expect(citationsOf(message.activity).map(claim => [claim.position, claim.name])).toEqual([
      [1, 'handbook.pdf · p. 2'],
      [2, 'handbook.pdf · p. 4'],
    ]);
    expect(messageEntityOf(message.activity).additionalType).toEqual(['AIGeneratedContent']);

    // 👍/👎 under the edited message is stored with its answer.
    const invoke = await harness.post(
      feedbackSubmitInvoke(serviceUrl, { id: groupChat, conversationType: 'groupChat' }, { replyToId: message.id, reaction: 'like', feedbackText: 'Spot on' }),
    );
    expect(invoke.status).toBe(200);
    const stored = (await harness.app.surfaceState.list<{ rating: string; comment?: string; question: string }>('feedback:')).map(entry => entry.value);
    expect(stored).toContainEqual(expect.objectContaining({ question, rating: 'up', comment: 'Spot on' }));
  });

  it('stops when the asker presses Stop: no final message, nothing posted after', async () => {
    let streamedChunks = 0;
    harness.connector.refuseStream = activity =>
      streamInfoOf(activity)?.streamType === 'streaming' && ++streamedChunks > 1
        ? { status: 403, code: 'ContentStreamNotAllowed', message: 'Content stream was cancelled by user.' }
        : undefined;
    try {
      const activity = personalMessage(serviceUrl, { chatId: adaChat, text: 'What is the hotel limit, once more?' });
      await harness.post(activity);
      const message = await harness.connector.waitFor(
        () => repliesTo(activity.id).find(candidate => candidate.stream?.updates.some(update => update.streamInfo.streamType === 'streaming')),
        { what: 'the stream' },
      );
      await vi.waitFor(() => expect(streamedChunks).toBeGreaterThan(1), { timeout: 10_000 });
      await harness.connector.waitForQuiet(400);
      expect(message.stream!.final).toBeUndefined();
      expect(repliesTo(activity.id)).toHaveLength(1);
      // The refused update was the last request: the final message was not even tried.
      const lastCall = harness.connector.calls.at(-1)!;
      expect(streamInfoOf(lastCall.body)?.streamType).toBe('streaming');
    } finally {
      harness.connector.refuseStream = undefined;
    }
  });

  it('still ends the stream, with the text alone, when Teams cannot parse the final message’s entities', async () => {
    harness.connector.refuseStream = activity =>
      streamInfoOf(activity)?.streamType === 'final' && messageEntityOf(activity)
        ? { status: 400, code: 'BadRequest', message: 'Error parsing message entity from entities array.' }
        : undefined;
    try {
      const message = await askPersonally('And the hotel limit again?');
      expect(message.stream!.final.text).toContain('per night [1]');
      expect(messageEntityOf(message.stream!.final)).toBeUndefined();
      expect(repliesTo(message.replyToId!)).toEqual([message]);
    } finally {
      harness.connector.refuseStream = undefined;
    }
  });

  it('posts the answer as an ordinary reply when Teams does not allow the stream', async () => {
    harness.connector.refuseStream = () => ({ status: 403, code: 'ContentStreamNotAllowed', message: 'Content stream is not allowed' });
    const typingBefore = harness.connector.typingActivities(adaChat).length;
    try {
      const activity = personalMessage(serviceUrl, { chatId: adaChat, text: 'Tell me the hotel limit, please.' });
      await harness.post(activity);
      const message = await harness.connector.waitFor(() => repliesTo(activity.id).find(candidate => candidate.activity.type === 'message'), {
        what: 'the reply',
      });
      expect(message.stream).toBeUndefined();
      expect(streamInfoOf(message.activity)).toBeUndefined();
      // The refusal is not answered with an apology of its own: the answer is the one reply.
      await harness.connector.waitForQuiet(200);
      expect(repliesTo(activity.id)).toEqual([message]);
      expect(message.activity.text).toContain('[1]');
      expect(citationsOf(message.activity).length).toBeGreaterThan(0);
      expect(message.activity.channelData).toEqual({ feedbackLoopEnabled: true });
      // Only the first stream request was tried.
      expect(
        harness.connector
          .typingActivities(adaChat)
          .slice(typingBefore)
          .map(typing => typing.text),
      ).toEqual(['Thinking…']);
    } finally {
      harness.connector.refuseStream = undefined;
    }
  });
});
