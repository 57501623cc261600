import { describe, expect, it } from 'vitest';
import { FolioError } from '../errors.ts';
import { parseConversationSpace, spaceOfConversation, teamSpaceOf } from './conversation-space.ts';
import { parseSpaceId } from './space-id.ts';

const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const teamsSpace = (conversationId: string) => spaceOfConversation({ platform: 'teams', tenantId: tenant, conversationId });

describe('the space of a conversation', () => {
  it('keys a Slack DM by the person and a channel (or group DM) by the channel', () => {
    expect(spaceOfConversation({ platform: 'slack', teamId: 'T1', channelId: 'D42', userId: 'UADA', isDirectMessage: true })).toBe('slack:T1:dm:UADA');
    expect(spaceOfConversation({ platform: 'slack', teamId: 'T1', channelId: 'C7', userId: 'UADA', isDirectMessage: false })).toBe('slack:T1:C7');
    expect(spaceOfConversation({ platform: 'slack', teamId: 'T1', channelId: 'G9', isDirectMessage: false })).toBe('slack:T1:G9');
  });

  it('uses the Teams conversation id as it is for channels, group chats and personal chats', () => {
    expect(teamsSpace('19:a1b2c3@thread.tacv2')).toBe(`teams:${tenant}:19:a1b2c3@thread.tacv2`);
    expect(teamsSpace('19:meeting_MjA5@thread.v2')).toBe(`teams:${tenant}:19:meeting_MjA5@thread.v2`);
    expect(teamsSpace('a:1Xyz-AbC_09')).toBe(`teams:${tenant}:a:1Xyz-AbC_09`);
    expect(teamSpaceOf(teamsSpace('19:a1b2c3@thread.tacv2'))).toBe(`teams:${tenant}:*`);
  });

  it('hashes Teams ids with other characters or too long for a space id, stably', () => {
    const odd = teamsSpace('a:1abc+def/ghi==');
    expect(odd).toMatch(new RegExp(`^teams:${tenant}:h-[0-9a-f]{32}$`));
    expect(teamsSpace('a:1abc+def/ghi==')).toBe(odd);
    expect(teamsSpace('a:1abc+def/ghi=!')).not.toBe(odd);
    const long = teamsSpace(`a:1${'x'.repeat(200)}`);
    expect(long).toMatch(/:h-[0-9a-f]{32}$/);
    for (const space of [odd, long]) expect(parseSpaceId(space)).toBe(space);
  });

  it('refuses a tenant id that could not be part of a space id', () => {
    expect(() => spaceOfConversation({ platform: 'teams', tenantId: '../../etc', conversationId: '19:a@thread.v2' })).toThrow(FolioError);
  });

  it('reads back the place, platform and team space of every kind of space', () => {
    expect(parseConversationSpace(parseSpaceId('slack:T1:dm:UADA'))).toEqual({
      space: 'slack:T1:dm:UADA',
      platform: 'slack',
      place: 'direct',
      team: 'T1',
      teamSpace: 'slack:T1:*',
    });
    expect(parseConversationSpace(parseSpaceId('slack:T1:C7'))).toMatchObject({ platform: 'slack', place: 'channel', teamSpace: 'slack:T1:*' });
    expect(parseConversationSpace(teamsSpace('a:1Xyz'))).toMatchObject({ platform: 'teams', place: 'direct', team: tenant });
    expect(parseConversationSpace(teamsSpace('19:a1b2c3@thread.tacv2'))).toMatchObject({ platform: 'teams', place: 'channel' });
    expect(parseConversationSpace(parseSpaceId('slack:T1:*'))).toEqual({ space: 'slack:T1:*', platform: 'slack', place: 'team', team: 'T1' });
    expect(parseConversationSpace(parseSpaceId('handbook'))).toEqual({ space: 'web:handbook', platform: 'web', place: 'web' });
    expect(teamSpaceOf(parseSpaceId('slack:T1:*'))).toBeUndefined();
    expect(teamSpaceOf(parseSpaceId('handbook'))).toBeUndefined();
  });
});
