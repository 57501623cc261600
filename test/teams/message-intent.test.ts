import { Activity } from '@microsoft/agents-activity';
import { describe, expect, it } from 'vitest';
import { messageIntent } from '../../adapters/teams/message-intent.ts';
import { readTeamsTurn } from '../../adapters/teams/teams-turn.ts';
import { channelMessage, groupChatMessage, personalMessage } from './support/teams-activities.ts';
import { botId } from './support/teams-harness.ts';

const serviceUrl = 'https://smba.trafficmanager.net/amer/';
const channel = { teamId: '19:team@thread.tacv2', channelId: '19:general@thread.tacv2' };

function intentOf(raw: object) {
  const activity = Activity.fromObject(raw);
  return messageIntent(readTeamsTurn(activity), activity);
}

describe('what a Teams message asks for', () => {
  it('personal chat: files, commands, questions, and attachments it cannot read', () => {
    expect(intentOf(personalMessage(serviceUrl, { chatId: 'a:1x', files: [{ name: 'a.pdf', downloadUrl: 'https://x.sharepoint.com/a' }] }))).toMatchObject({
      kind: 'personal-files',
    });
    const withQuestion = intentOf(
      personalMessage(serviceUrl, {
        chatId: 'a:1x',
        text: 'What does it say about hotels?',
        files: [{ name: 'a.pdf', downloadUrl: 'https://x.sharepoint.com/a' }],
      }),
    );
    expect(withQuestion).toMatchObject({ kind: 'personal-files', question: 'What does it say about hotels?' });
    expect(intentOf(personalMessage(serviceUrl, { chatId: 'a:1x', text: 'Help!' }))).toEqual({ kind: 'help' });
    expect(intentOf(personalMessage(serviceUrl, { chatId: 'a:1x', text: 'docs' }))).toEqual({ kind: 'docs' });
    expect(intentOf(personalMessage(serviceUrl, { chatId: 'a:1x', text: 'What is the hotel limit?' }))).toEqual({
      kind: 'question',
      question: 'What is the hotel limit?',
    });
    const image = {
      ...personalMessage(serviceUrl, { chatId: 'a:1x' }),
      attachments: [{ contentType: 'image/png', contentUrl: 'https://smba.trafficmanager.net/x' }],
    };
    expect(intentOf(image)).toEqual({ kind: 'unsupported-attachment' });
  });

  it('channels: a mention is a question without its <at> tag; chatter is ignored; a posted file is looked up', () => {
    const question = intentOf(channelMessage(serviceUrl, channel, { mention: true, text: 'what about&nbsp;<at>Grace Hopper</at> and hotels?' }));
    expect(question).toEqual({ kind: 'question', question: 'what about Grace Hopper and hotels?' });
    expect(intentOf(channelMessage(serviceUrl, channel, { text: 'lunch?' }))).toEqual({ kind: 'ignore' });
    expect(intentOf(channelMessage(serviceUrl, channel, { mention: true }))).toEqual({ kind: 'help' });
    expect(intentOf(channelMessage(serviceUrl, channel, { html: '<div><attachment id="x1"></attachment></div>' }))).toEqual({
      kind: 'conversation-files',
      otherwise: { kind: 'ignore' },
    });
    expect(intentOf(groupChatMessage(serviceUrl, '19:g@thread.v2', { mention: true, text: 'summarise this', html: '' }))).toEqual({
      kind: 'conversation-files',
      otherwise: { kind: 'question', question: 'summarise this' },
    });
  });

  it('scope team / channel is a command in every kind of conversation, but "scope creep?" stays a question', () => {
    expect(intentOf(personalMessage(serviceUrl, { chatId: 'a:1x', text: 'scope' }))).toEqual({ kind: 'scope', choice: '' });
    expect(intentOf(personalMessage(serviceUrl, { chatId: 'a:1x', text: 'Scope team.' }))).toEqual({ kind: 'scope', choice: 'team' });
    expect(intentOf(channelMessage(serviceUrl, channel, { mention: true, text: 'scope channel' }))).toEqual({ kind: 'scope', choice: 'channel' });
    expect(intentOf(groupChatMessage(serviceUrl, '19:g@thread.v2', { mention: true, text: '/scope chat' }))).toEqual({ kind: 'scope', choice: 'chat' });
    expect(intentOf(personalMessage(serviceUrl, { chatId: 'a:1x', text: 'scope creep?' }))).toEqual({ kind: 'question', question: 'scope creep?' });
    expect(intentOf(channelMessage(serviceUrl, channel, { text: 'scope team' }))).toEqual({ kind: 'ignore' });
  });

  it('settings (alone or with a setting\'s name) is a command, but "settings for the VPN?" stays a question', () => {
    expect(intentOf(personalMessage(serviceUrl, { chatId: 'a:1x', text: 'Settings' }))).toEqual({ kind: 'settings', argument: '' });
    expect(intentOf(channelMessage(serviceUrl, channel, { mention: true, text: 'settings visibility private' }))).toEqual({
      kind: 'settings',
      argument: 'visibility private',
    });
    expect(intentOf(groupChatMessage(serviceUrl, '19:g@thread.v2', { mention: true, text: 'settings cited-only on.' }))).toEqual({
      kind: 'settings',
      argument: 'cited-only on',
    });
    expect(intentOf(groupChatMessage(serviceUrl, '19:g@thread.v2', { mention: true, text: 'settings rate 5' }))).toEqual({
      kind: 'settings',
      argument: 'rate 5',
    });
    expect(intentOf(personalMessage(serviceUrl, { chatId: 'a:1x', text: 'settings for the VPN?' }))).toEqual({
      kind: 'question',
      question: 'settings for the VPN?',
    });
    expect(intentOf(channelMessage(serviceUrl, channel, { text: 'settings rate 5' }))).toEqual({ kind: 'ignore' });
  });

  it('reads the channel, thread root and Entra ids from the activity', () => {
    const turn = readTeamsTurn(
      Activity.fromObject(channelMessage(serviceUrl, { ...channel, rootId: '1699999999999' }, { id: '1700000000123', mention: true, text: 'x' })),
    );
    expect(turn).toMatchObject({
      kind: 'channel',
      conversationId: channel.channelId,
      threadRootId: '1699999999999',
      channelId: channel.channelId,
      teamId: channel.teamId,
      userId: 'aad-grace',
      mentionsBot: true,
      botId,
    });
  });
});
