import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceOfConversation } from '../../src/spaces/conversation-space.ts';
import { officeGuidePdf } from '../support/answer/office-guide-pdf.ts';

const teamsSpaceOf = (tenantId: string, conversationId: string) => spaceOfConversation({ platform: 'teams', tenantId, conversationId });
import { parseSpaceId } from '../../src/spaces/space-id.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import { makeTestPdf } from '../support/layout/make-test-pdf.ts';
import type { BotMessage } from '../fakes/fake-bot-connector.ts';
import { cardActionInvoke, cardTexts, channelMessage, groupChatMessage, personalMessage } from './support/teams-activities.ts';
import { startTeamsHarness, tenantId, type TeamsHarness } from './support/teams-harness.ts';

const team = { teamId: '19:team-handbook@thread.tacv2', groupId: '5c0b7d1e-8f2a-4b3c-9d4e-6f7a8b9c0d1e' };
const general = { teamId: team.teamId, channelId: '19:general-handbook@thread.tacv2' };
const adaChat = 'a:1AdaPersonalChatWithFolio-xYz_0123';
const sharingUrl = 'https://contoso.sharepoint.com/sites/Handbook/Shared Documents/General/handbook.pdf';

describe('Teams bot (Agents SDK CloudAdapter, auth disabled, fake Bot Connector and Graph)', () => {
  let harness: TeamsHarness;
  let serviceUrl: string;
  const repliesTo = (activityId: string) => harness.connector.messages().filter(message => message.replyToId === activityId);
  const finalCard = (activityId: string, what: string) =>
    harness.connector.waitFor(() => repliesTo(activityId).find(message => message.activity.attachments?.length), { what });
  const finalText = (activityId: string, pattern: RegExp, what: string) =>
    harness.connector.waitFor(() => repliesTo(activityId).find(message => pattern.test(message.activity.text ?? '')), { what });
  /** An answer message (streamed to its end, or edited in place): Markdown text with Teams' feedback buttons. */
  const finalAnswer = (activityId: string, what: string) =>
    harness.connector.waitFor(
      () => repliesTo(activityId).find(message => message.activity.type === 'message' && message.activity.channelData?.feedbackLoopEnabled),
      { what },
    );
  const messageEntity = (activity: any) => (activity.entities ?? []).find((entity: { type: string }) => entity.type === 'https://schema.org/Message');
  const citationNames = (activity: any): string[] =>
    (messageEntity(activity)?.citation ?? []).map((claim: any) => `[${claim.position}] ${claim.appearance.name}`);

  beforeAll(async () => {
    harness = await startTeamsHarness();
    serviceUrl = harness.connector.serviceUrl;
    harness.connector.teams.set(team.teamId, { aadGroupId: team.groupId, name: 'Handbook team' });
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  it('reads a file sent in a personal chat into the personal space, with progress edited in place and a summary card', async () => {
    const downloadUrl = harness.graph.addPersonalDownload('handbook.pdf', await makeHandbookPdf('a'));
    const activity = personalMessage(serviceUrl, { chatId: adaChat, files: [{ name: 'handbook.pdf', downloadUrl }] });
    expect((await harness.post(activity)).status).toBe(200);

    const summary = await finalCard(activity.id, 'the summary card');
    expect(summary.conversationId).toBe(adaChat);
    expect(summary.edits).toBeGreaterThanOrEqual(1);
    const texts = cardTexts(summary.activity);
    expect(texts[0]).toBe('✅ **handbook.pdf** is ready.');
    expect(texts).toContain('Pages: 4');
    expect(texts.at(-1)).toMatch(/^Ask me about it, e\.g\. “what does section 3 say/);
    // The progress message was the one reply, edited into the card (never a second message).
    expect(repliesTo(activity.id)).toHaveLength(1);
    expect(harness.connector.calls.filter(call => call.kind === 'update' && call.activityId === summary.id).length).toBe(summary.edits);

    const documents = await harness.app.listDocuments(teamsSpaceOf(tenantId, adaChat));
    expect(documents.map(document => [document.name, document.status, document.pageCount])).toEqual([['handbook.pdf', 'ready', 4]]);
    expect(documents[0].source).toMatchObject({ platform: 'teams', sharedBy: 'aad-ada', fileId: 'unique-handbook.pdf' });
  });

  it('reads a file posted in a channel through Graph (message, then shares) and answers a mention in the thread with cited text', async () => {
    harness.graph.addSharedFile(sharingUrl, await makeHandbookPdf('b'));
    const post = channelMessage(serviceUrl, general, { html: '<div><div><attachment id="5f3a2b1c"></attachment></div></div>' });
    harness.graph.addChannelMessage({ teamGroupId: team.groupId, channelId: general.channelId, messageId: post.id }, [
      { id: '5f3a2b1c', contentType: 'reference', contentUrl: sharingUrl, name: 'handbook.pdf' },
    ]);
    expect((await harness.post(post)).status).toBe(200);
    const summary = await finalCard(post.id, 'the channel summary card');
    expect(summary.conversationId).toBe(`${general.channelId};messageid=${post.id}`);
    expect(cardTexts(summary.activity)[0]).toBe('✅ **handbook.pdf** is ready.');
    // The team's Entra group id came from the Bot Connector, the token from the client-credentials flow.
    expect(harness.connector.calls.some(call => call.kind === 'team-details' && call.activityId === team.teamId)).toBe(true);
    const tokenRequest = harness.graph.requests.find(request => request.form);
    expect(tokenRequest?.path).toBe(`/${tenantId}/oauth2/v2.0/token`);
    expect(tokenRequest?.form).toMatchObject({ grant_type: 'client_credentials', client_id: expect.any(String), scope: `${harness.graph.baseUrl}/.default` });
    expect(harness.graph.requests.some(request => request.path === `/v1.0/teams/${team.groupId}/channels/${general.channelId}/messages/${post.id}`)).toBe(true);

    const question = channelMessage(
      serviceUrl,
      { ...general, rootId: post.id },
      { mention: true, text: 'How many days of paid vacation does an employee get?' },
    );
    expect((await harness.post(question)).status).toBe(200);
    const thinking = await harness.connector.waitFor(() => repliesTo(question.id)[0], { what: 'the Thinking… reply' });
    // Replies go into the thread the question was asked in (the root post's thread).
    expect(thinking.conversationId).toBe(`${general.channelId};messageid=${post.id}`);
    // Channels do not stream: the Thinking… reply is edited into the answer.
    const answer = await finalAnswer(question.id, 'the answer');
    expect(answer.id).toBe(thinking.id);
    expect(harness.connector.typingActivities(general.channelId)).toEqual([]);
    expect(answer.activity.attachments).toBeUndefined();
    expect(answer.activity.text).toContain('31 days of paid vacation');
    expect(answer.activity.text).toContain('[1]');
    expect(citationNames(answer.activity)).toEqual(['[1] handbook.pdf · p. 1']);
    expect(messageEntity(answer.activity).citation[0].appearance.abstract).toMatch(/^1 Vacation policy — Every employee receives 31 days of paid vacation/);
    // The offline answer only quotes the documents: cited, but not labelled as AI-generated.
    expect(messageEntity(answer.activity).additionalType).toBeUndefined();
  });

  it('answers in a file’s thread from that file, and at the channel’s top level from all its files', async () => {
    const offices = { teamId: team.teamId, channelId: '19:offices-7c8d@thread.tacv2' };
    const postFile = async (name: string, bytes: Uint8Array) => {
      const url = `https://contoso.sharepoint.com/sites/Handbook/Shared Documents/Offices/${name}`;
      harness.graph.addSharedFile(url, bytes);
      const post = channelMessage(serviceUrl, offices, { html: `<div><attachment id="${name}"></attachment></div>` });
      harness.graph.addChannelMessage({ teamGroupId: team.groupId, channelId: offices.channelId, messageId: post.id }, [
        { id: name, contentType: 'reference', contentUrl: url, name },
      ]);
      await harness.post(post);
      expect(cardTexts((await finalCard(post.id, `the summary of ${name}`)).activity)[0]).toBe(`✅ **${name}** is ready.`);
      return post;
    };
    await postFile('north-office.pdf', await officeGuidePdf('North', 'eight'));
    const south = await postFile('south-office.pdf', await officeGuidePdf('South', 'nine', 'Visitors sign in at the front desk.'));
    const question = 'When does the canteen open?';

    const inThread = channelMessage(serviceUrl, { ...offices, rootId: south.id }, { mention: true, text: question });
    await harness.post(inThread);
    const threadAnswer = await finalAnswer(inThread.id, 'the answer in the file’s thread');
    expect(threadAnswer.activity.text).toContain('nine');
    expect(citationNames(threadAnswer.activity).join(' ')).toContain('south-office.pdf');
    expect(citationNames(threadAnswer.activity).join(' ')).not.toContain('north-office.pdf');

    // A follow-up in the same thread keeps the focus.
    const followUp = channelMessage(serviceUrl, { ...offices, rootId: south.id }, { mention: true, text: 'Is that in the morning?' });
    await harness.post(followUp);
    const followUpNames = citationNames((await finalAnswer(followUp.id, 'the follow-up in the file’s thread')).activity).join(' ');
    expect(followUpNames).toContain('south-office.pdf');
    expect(followUpNames).not.toContain('north-office.pdf');

    const topLevel = channelMessage(serviceUrl, offices, { mention: true, text: question });
    await harness.post(topLevel);
    expect(citationNames((await finalAnswer(topLevel.id, 'the top-level answer')).activity).join(' ')).toContain('north-office.pdf');

    // A reply under an earlier answer whose question named no document is focused on what that answer cited.
    const nine = channelMessage(serviceUrl, offices, { mention: true, text: 'Where do visitors sign in?' });
    await harness.post(nine);
    expect(citationNames((await finalAnswer(nine.id, 'the answer naming no document')).activity)).toEqual(['[1] south-office.pdf · p. 1']);
    const underAnswer = channelMessage(serviceUrl, { ...offices, rootId: nine.id }, { mention: true, text: question });
    await harness.post(underAnswer);
    const underAnswerNames = citationNames((await finalAnswer(underAnswer.id, 'the reply under that answer')).activity).join(' ');
    expect(underAnswerNames).toContain('south-office.pdf');
    expect(underAnswerNames).not.toContain('north-office.pdf');
  });

  it('keeps conversations apart: each answers from its own documents only', async () => {
    const personalQuestion = personalMessage(serviceUrl, { chatId: adaChat, text: 'How many days of paid vacation does an employee get?' });
    await harness.post(personalQuestion);
    const personal = await finalAnswer(personalQuestion.id, 'the personal answer');
    expect(personal.activity.text).toContain('28 days of paid vacation');
    expect(personal.activity.text).not.toContain('31 days');
    // A personal chat streams: the offline answer writes no text as it goes, so only the stages, then the final message.
    expect(personal.stream?.updates.map(update => update.streamInfo.streamType)).toEqual(personal.stream?.updates.map(() => 'informative'));
    expect(personal.stream?.updates[0].text).toBe('Thinking…');
    expect(personal.stream?.final).toBe(personal.activity);
    expect(citationNames(personal.activity)).toEqual(['[1] handbook.pdf · p. 1']);

    // A group chat with no documents is told how to add one, not answered from the channel's or Ada's document.
    const chatQuestion = groupChatMessage(serviceUrl, '19:empty-chat-0a1b@thread.v2', {
      mention: true,
      text: 'How many days of paid vacation does an employee get?',
    });
    await harness.post(chatQuestion);
    const chatText = (await finalText(chatQuestion.id, /no documents/, 'the empty-chat directions')).activity.text as string;
    expect(chatText).toContain('There are no documents in this channel yet');
    expect(chatText).not.toMatch(/28 days|31 days|handbook\.pdf/);
  });

  it('reads a file posted with a question in a group chat, then answers the question from it', async () => {
    const chatId = '19:travel-chat-3c4d@thread.v2';
    const url = 'https://contoso-my.sharepoint.com/personal/grace/Documents/Microsoft Teams Chat Files/handbook.pdf';
    harness.graph.addSharedFile(url, await makeHandbookPdf('a'));
    const post = groupChatMessage(serviceUrl, chatId, {
      mention: true,
      text: 'Which tool encrypts company laptops?',
      html: '<div><at>Folio</at> Which tool encrypts company laptops?<attachment id="c9"></attachment></div>',
    });
    harness.graph.addChatMessage({ chatId, messageId: post.id }, [{ id: 'c9', contentType: 'reference', contentUrl: url, name: 'handbook.pdf' }]);
    await harness.post(post);
    const answer = await finalAnswer(post.id, 'the answer after the file');
    const [summary] = repliesTo(post.id);
    expect(summary.id).not.toBe(answer.id);
    expect(cardTexts(summary.activity)[0]).toBe('✅ **handbook.pdf** is ready.');
    expect(answer.activity.text).toContain('encrypted with BitLocker');
    expect(harness.graph.requests.some(request => request.path === `/v1.0/chats/${chatId}/messages/${post.id}`)).toBe(true);
  });

  it('says which permission an admin must grant when Graph answers 403', async () => {
    harness.graph.forbidden.add('channel-messages');
    harness.graph.forbidden.add('chat-messages');
    try {
      const channelPost = channelMessage(
        serviceUrl,
        { teamId: team.teamId, channelId: '19:locked-channel@thread.tacv2' },
        { html: '<div><attachment id="aa11"></attachment></div>' },
      );
      await harness.post(channelPost);
      const channelReply = await finalText(channelPost.id, /permission/, 'the channel permission reply');
      expect(channelReply.activity.text).toContain('**ChannelMessage.Read.Group**');
      expect(channelReply.activity.text).toMatch(/re-installing Folio in this team/);

      const chatPost = groupChatMessage(serviceUrl, '19:locked-chat-77@thread.v2', { html: '<div><attachment id="bb22"></attachment></div>' });
      await harness.post(chatPost);
      const chatReply = await finalText(chatPost.id, /permission/, 'the chat permission reply');
      expect(chatReply.activity.text).toContain('**ChatMessage.Read.Chat**');
    } finally {
      harness.graph.forbidden.clear();
    }
  });

  it('does the work of an activity delivered twice only once', async () => {
    const question = personalMessage(serviceUrl, { chatId: adaChat, text: 'Which tool encrypts company laptops?' });
    const deliveries = await Promise.all([harness.post(question), harness.post(question)]);
    expect(deliveries.map(delivery => delivery.status)).toEqual([200, 200]);
    await finalAnswer(question.id, 'the answer');

    const filePost = channelMessage(serviceUrl, general, { html: '<div><attachment id="5f3a2b1c"></attachment></div>' });
    harness.graph.addChannelMessage({ teamGroupId: team.groupId, channelId: general.channelId, messageId: filePost.id }, [
      { id: '5f3a2b1c', contentType: 'reference', contentUrl: sharingUrl, name: 'handbook.pdf' },
    ]);
    await harness.post(filePost);
    await harness.post(filePost);
    const summary = await finalCard(filePost.id, 'the re-shared file summary');
    expect(cardTexts(summary.activity)[0]).toContain('I already had this exact file');
    await harness.connector.waitForQuiet();

    expect(repliesTo(question.id)).toHaveLength(1);
    expect(repliesTo(filePost.id)).toHaveLength(1);
    expect(harness.graph.requests.filter(request => request.path.endsWith(`/messages/${filePost.id}`))).toHaveLength(1);
  });

  it('refuses a download from a host that is not one of TEAMS_FILE_HOSTS', async () => {
    const before = harness.graph.requests.length;
    const activity = personalMessage(serviceUrl, {
      chatId: adaChat,
      files: [{ name: 'report.pdf', downloadUrl: 'https://files.example.net/report.pdf?sig=abc' }],
    });
    await harness.post(activity);
    const summary = await finalCard(activity.id, 'the refusal');
    expect(cardTexts(summary.activity)[0]).toBe(
      "⚠️ I could not read **report.pdf**: I can only read files stored in this chat's own file storage, so I did not open that link.",
    );
    expect(harness.graph.requests.length).toBe(before);

    // A channel post whose reference points outside the organisation's file storage is not opened either.
    const post = channelMessage(serviceUrl, general, { html: '<div><attachment id="dd44"></attachment></div>' });
    harness.graph.addChannelMessage({ teamGroupId: team.groupId, channelId: general.channelId, messageId: post.id }, [
      { id: 'dd44', contentType: 'reference', contentUrl: 'https://www.dropbox.com/s/abc/report.pdf', name: 'report.pdf' },
    ]);
    const sharesRequests = () => harness.graph.requests.filter(request => request.path.startsWith('/v1.0/shares/')).length;
    const sharesBefore = sharesRequests();
    await harness.post(post);
    const refused = await finalCard(post.id, 'the refused reference');
    expect(cardTexts(refused.activity)[0]).toBe(
      "⚠️ I could not read **report.pdf**: I can only read files stored in your organisation's SharePoint or OneDrive, so I did not open that link.",
    );
    expect(sharesRequests()).toBe(sharesBefore);
  });

  it('answers help, lists documents, and ignores channel chatter that does not mention it', async () => {
    const help = personalMessage(serviceUrl, { chatId: adaChat, text: 'help' });
    await harness.post(help);
    expect((await finalText(help.id, /Folio/, 'help')).activity.text).toMatch(/^\*\*Folio\*\* answers questions/);

    const docs = channelMessage(serviceUrl, general, { mention: true, text: 'docs' });
    await harness.post(docs);
    expect((await finalText(docs.id, /Documents/, 'docs')).activity.text).toContain('• **handbook.pdf** · 4 pages');

    const callsBefore = harness.connector.calls.length;
    const chatter = channelMessage(serviceUrl, general, { text: 'lunch at noon?' });
    expect((await harness.post(chatter)).status).toBe(200);
    await harness.connector.waitForQuiet(200);
    expect(harness.connector.calls.length).toBe(callsBefore);
    expect(await harness.app.surfaceState.get(`teams:activity:${tenantId}:${general.channelId}:${chatter.id}`)).toBeUndefined();
  });

  it('status and forget <document>: the commands Slack offers, in a Teams chat', async () => {
    const chatId = '19:forget-chat-7a8b@thread.v2';
    const space = teamsSpaceOf(tenantId, chatId);
    const path = join(tmpdir(), `folio-parking-${randomUUID()}.pdf`);
    await writeFile(path, await makeTestPdf([{ texts: [{ text: 'Visitors park on level two of the north garage.', x: 72, top: 100, size: 12 }] }]));
    const { documentId } = await harness.app
      .submitDocument({ space, path, name: 'parking.pdf', source: { platform: 'web' } })
      .finally(() => rm(path, { force: true }));
    await expect.poll(async () => (await harness.app.findDocument(space, documentId)).status, { timeout: 30_000 }).toBe('ready');
    const say = async (text: string, pattern: RegExp) => {
      const activity = groupChatMessage(serviceUrl, chatId, { mention: true, text });
      await harness.post(activity);
      return (await finalText(activity.id, pattern, text)).activity.text as string;
    };

    const status = await say('status', /Documents here/);
    expect(status).toContain('**Documents here:** 1 ready, 0 being read, 0 failed.');
    expect(status).toContain('**Scope:** this conversation only.');
    expect(await say('forget', /Say which document/)).toBe('Say which document: **@Folio forget <name>** (**@Folio docs** lists them).');
    expect(await say('forget parking.pdf', /Forgot/)).toBe('Forgot **parking.pdf**: it no longer answers questions here.');
    expect(await harness.app.listDocuments(space)).toEqual([]);
    // A question that starts with a command's word is still a question.
    const question = groupChatMessage(serviceUrl, chatId, { mention: true, text: 'status of the garage?' });
    await harness.post(question);
    expect((await finalText(question.id, /no documents/, 'a question, not the status')).activity.text).not.toContain('Documents here');
  });

  it('scope team / channel: a conversation opts into the organisation-wide documents and back', async () => {
    const chatId = '19:scope-chat-5e6f@thread.v2';
    const space = teamsSpaceOf(tenantId, chatId);
    const orgWide = parseSpaceId(`teams:${tenantId}:*`);
    const path = join(tmpdir(), `folio-expenses-${randomUUID()}.pdf`);
    await writeFile(
      path,
      await makeTestPdf([{ texts: [{ text: 'Expense reports are due on the fifth working day of each month.', x: 72, top: 100, size: 12 }] }]),
    );
    const { documentId } = await harness.app
      .submitDocument({ space: orgWide, path, name: 'expenses.pdf', source: { platform: 'web' } })
      .finally(() => rm(path, { force: true }));
    await expect.poll(async () => (await harness.app.findDocument(orgWide, documentId)).status, { timeout: 30_000 }).toBe('ready');
    const say = async (text: string, pattern: RegExp) => {
      const activity = groupChatMessage(serviceUrl, chatId, { mention: true, text });
      await harness.post(activity);
      return (await finalText(activity.id, pattern, text)).activity.text as string;
    };

    expect(await say('scope', /Questions here/)).toBe(
      'Questions here use only this conversation’s documents. Change it with **@Folio scope channel** (only this conversation) or **@Folio scope team** (also the organisation-wide documents).',
    );
    const before = groupChatMessage(serviceUrl, chatId, { mention: true, text: 'When are expense reports due?' });
    await harness.post(before);
    expect((await finalText(before.id, /no documents/, 'the directions before scope team')).activity.text).not.toContain('fifth working day');

    expect(await say('scope team', /Questions here/)).toBe('Questions here now also use the documents shared with the whole organisation.');
    expect(await harness.app.readableSpaces(space)).toEqual([space, orgWide]);
    const after = groupChatMessage(serviceUrl, chatId, { mention: true, text: 'When are expense reports due?' });
    await harness.post(after);
    expect((await finalAnswer(after.id, 'the answer after scope team')).activity.text).toContain('fifth working day');

    expect(await say('scope channel', /Questions here/)).toBe('Questions here now use only the documents shared in this conversation.');
    expect(await harness.app.readableSpaces(space)).toEqual([space]);
  });

  it('still records 👍/👎 from the buttons of answer cards posted before answers became messages', async () => {
    const question = personalMessage(serviceUrl, { chatId: adaChat, text: 'How are hotel costs reimbursed?' });
    await harness.post(question);
    const answer: BotMessage = await finalAnswer(question.id, 'the answer');
    expect(answer.activity.attachments).toBeUndefined();
    const kept = await harness.app.surfaceState.list<{ question: string }>('answer:');
    const answerId = kept.find(entry => entry.value.question === 'How are hotel costs reimbursed?')!.key.slice('answer:'.length);
    // What such a card's 👍 carried (cards/answer-card.ts names the verb).
    const upAction = { verb: 'folio.feedback', data: { folioAction: 'feedback', answerId, rating: 'up' } };
    const invoke = await harness.post(cardActionInvoke(serviceUrl, adaChat, { verb: upAction.verb, data: upAction.data }));
    expect(invoke).toEqual({ status: 200, body: { statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: 'Thanks, glad it helped.' } });
    const stored = await harness.app.surfaceState.list<{ rating: string; user: string; question: string }>(`feedback:${upAction.data.answerId}`);
    expect(stored.map(entry => [entry.value.rating, entry.value.user, entry.value.question])).toEqual([
      ['up', 'teams:aad-ada', 'How are hotel costs reimbursed?'],
    ]);

    const stale = await harness.post(
      cardActionInvoke(serviceUrl, adaChat, { verb: 'folio.feedback', data: { folioAction: 'feedback', answerId: 'gone', rating: 'down' } }),
    );
    expect(stale.body).toMatchObject({ value: 'That answer is too old to rate.' });

    // Clients without Universal Actions send the Action.Submit fallback: a message carrying the data.
    const submit = {
      ...personalMessage(serviceUrl, { chatId: adaChat, user: { id: '29:1bob', aadObjectId: 'aad-bob', name: 'Bob' } }),
      value: { ...upAction.data, rating: 'down' },
    };
    await harness.post(submit);
    await finalText(submit.id, /Thanks for telling me/, 'the Action.Submit thanks');
    const ratings = await harness.app.surfaceState.list<{ rating: string; user: string }>(`feedback:${upAction.data.answerId}`);
    expect(ratings.map(entry => [entry.value.user, entry.value.rating]).sort()).toEqual([
      ['teams:aad-ada', 'up'],
      ['teams:aad-bob', 'down'],
    ]);
  });

  it('answers a request that is not an activity with 400 instead of crashing', async () => {
    expect((await harness.post({ hello: 'world' })).status).toBe(400);
    expect((await harness.post({ ...personalMessage(serviceUrl, { chatId: adaChat, text: 'hi' }), conversation: undefined })).status).toBe(400);
  });
});
