import { describe, expect, it } from 'vitest';
import { splitConversationId } from '../../adapters/teams/teams-space.ts';

describe('Teams conversation ids', () => {
  it('splits the thread root off a channel conversation id', () => {
    expect(splitConversationId('19:abc@thread.tacv2;messageid=1700000000001')).toEqual({
      conversationId: '19:abc@thread.tacv2',
      threadRootId: '1700000000001',
    });
    expect(splitConversationId('a:1Xyz')).toEqual({ conversationId: 'a:1Xyz' });
  });
});
