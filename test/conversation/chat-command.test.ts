import { describe, expect, it } from 'vitest';
import { parseChatCommand } from '../../src/conversation/chat-command.ts';

describe('chat commands, the same words on every platform', () => {
  it('reads a slash command: every text is a command, an unknown word says so', () => {
    expect(parseChatCommand('', 'slash')).toEqual({ kind: 'help' });
    expect(parseChatCommand('docs', 'slash')).toEqual({ kind: 'docs' });
    expect(parseChatCommand('Status', 'slash')).toEqual({ kind: 'status' });
    expect(parseChatCommand('forget Handbook 2024.pdf', 'slash')).toEqual({ kind: 'forget', document: 'Handbook 2024.pdf' });
    expect(parseChatCommand('forget', 'slash')).toEqual({ kind: 'forget', document: '' });
    expect(parseChatCommand('forget-space', 'slash')).toEqual({ kind: 'forget-space' });
    expect(parseChatCommand('scope Team', 'slash')).toEqual({ kind: 'scope', choice: 'team' });
    expect(parseChatCommand('settings rate 5', 'slash')).toEqual({ kind: 'settings', argument: 'rate 5' });
    expect(parseChatCommand('summarise', 'slash')).toEqual({ kind: 'unknown', word: 'summarise' });
  });

  it('reads a message: only exact command forms are commands, anything else is a question', () => {
    expect(parseChatCommand('Help!', 'message')).toEqual({ kind: 'help' });
    expect(parseChatCommand('help?', 'message')).toEqual({ kind: 'help' });
    expect(parseChatCommand('/docs', 'message')).toEqual({ kind: 'docs' });
    expect(parseChatCommand('status', 'message')).toEqual({ kind: 'status' });
    expect(parseChatCommand('forget handbook.pdf', 'message')).toEqual({ kind: 'forget', document: 'handbook.pdf' });
    expect(parseChatCommand('forget space', 'message')).toEqual({ kind: 'forget-space' });
    expect(parseChatCommand('Scope team.', 'message')).toEqual({ kind: 'scope', choice: 'team' });
    expect(parseChatCommand('settings cited-only on.', 'message')).toEqual({ kind: 'settings', argument: 'cited-only on' });
    for (const question of [
      'scope creep?',
      'settings for the VPN?',
      'status of the project?',
      'status of the project',
      'docs about travel',
      'forget the budget, what about travel?',
      'forget the budget, what about travel',
      'What is the hotel limit?',
    ]) {
      expect(parseChatCommand(question, 'message'), question).toBeUndefined();
    }
  });
});
