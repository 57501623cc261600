import { parseConversationSpace, type SpaceSettings } from '../../../src/index.ts';
import { runSettingsCommand, type SettingsCommandResult } from '../../shared/settings-command.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';
import type { TeamsTurn } from '../teams-turn.ts';

/**
 * "settings", "settings visibility private|thread", "settings cited-only on|off", "settings rate N|off"
 * (Slack's `/folio settings`): how Folio answers in this conversation. Anyone in it may change them, as
 * in Slack; the core logs who did. A wrong value is told by the core's error (see carryOut in routes.ts).
 */
export async function changeSettings(dependencies: TeamsHandlerDependencies, turn: TeamsTurn, argument: string): Promise<void> {
  const result = await runSettingsCommand(dependencies.app, turn.space, argument, turn.userId);
  const mention = turn.kind === 'personal' ? '' : '@Folio ';
  await dependencies.replies.reply(turn.reference, { text: settingsReply(result, mention, parseConversationSpace(turn.space).place === 'direct') });
}

function settingsReply(result: SettingsCommandResult, mention: string, personal: boolean): string {
  const usage = [
    `- **${mention}settings visibility private** sends answers only to the person who asked, in their personal chat with me; **visibility thread** posts them here for everyone.`,
    `- **${mention}settings cited-only on** posts an answer here only when it cites a document, otherwise only the asker gets it; **off** posts every answer.`,
    `- **${mention}settings rate 5** lets each person ask at most 5 questions a minute here; **rate off** removes the limit.`,
  ];
  if (result.kind === 'unknown') return [`There is no setting called “${result.word}”.`, ...usage].join('\n');
  const lines = settingLines(result.settings);
  if (result.kind === 'changed') return ['Changed. **Settings here now** (anyone in this conversation can change them):', ...lines].join('\n');
  return [
    '**Settings here** (anyone in this conversation can change them):',
    ...lines,
    ...(personal ? ['_In our personal chat every answer is private anyway._'] : []),
    ...usage,
  ].join('\n');
}

function settingLines(settings: SpaceSettings): string[] {
  const limit = settings.questionsPerUserPerMinute;
  return [
    `- **Visibility:** ${settings.visibility === 'private' ? 'private: only the person who asked gets the answer' : 'thread: answers are posted here for everyone'}`,
    `- **Cited only:** ${settings.citedOnly ? 'on: answers without a citation go only to the person who asked' : 'off'}`,
    `- **Questions per person per minute:** ${limit === null ? 'no limit' : String(limit)}`,
  ];
}
