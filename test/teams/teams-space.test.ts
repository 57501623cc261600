import { describe, expect, it } from 'vitest';
import { splitConversationId, teamsSpaceOf } from '../../adapters/teams/teams-space.ts';
import { FolioError } from '../../src/errors.ts';
import { parseSpaceId, teamSpaceOf } from '../../src/spaces/space-id.ts';

const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';

describe('Teams space ids', () => {
  it('uses the conversation id as it is for channels, group chats and personal chats', () => {
    expect(teamsSpaceOf(tenant, '19:a1b2c3@thread.tacv2')).toBe(`teams:${tenant}:19:a1b2c3@thread.tacv2`);
    expect(teamsSpaceOf(tenant, '19:meeting_MjA5@thread.v2')).toBe(`teams:${tenant}:19:meeting_MjA5@thread.v2`);
    expect(teamsSpaceOf(tenant, 'a:1Xyz-AbC_09')).toBe(`teams:${tenant}:a:1Xyz-AbC_09`);
    expect(teamSpaceOf(teamsSpaceOf(tenant, '19:a1b2c3@thread.tacv2'))).toBe(`teams:${tenant}:*`);
  });

  it('hashes ids with other characters or too long for a space id, stably', () => {
    const odd = teamsSpaceOf(tenant, 'a:1abc+def/ghi==');
    expect(odd).toMatch(new RegExp(`^teams:${tenant}:h-[0-9a-f]{32}$`));
    expect(teamsSpaceOf(tenant, 'a:1abc+def/ghi==')).toBe(odd);
    expect(teamsSpaceOf(tenant, 'a:1abc+def/ghi=!')).not.toBe(odd);
    const long = teamsSpaceOf(tenant, `a:1${'x'.repeat(200)}`);
    expect(long).toMatch(/:h-[0-9a-f]{32}$/);
    for (const space of [odd, long]) expect(parseSpaceId(space)).toBe(space);
  });

  it('refuses a tenant id that could not be part of a space id', () => {
    expect(() => teamsSpaceOf('../../etc', '19:a@thread.v2')).toThrow(FolioError);
  });

  it('splits the thread root off a channel conversation id', () => {
    expect(splitConversationId('19:abc@thread.tacv2;messageid=1700000000001')).toEqual({ conversationId: '19:abc@thread.tacv2', threadRootId: '1700000000001' });
    expect(splitConversationId('a:1Xyz')).toEqual({ conversationId: 'a:1Xyz' });
  });
});
