import type { SpaceSettings } from '../../src/index.ts';
import type { SettingsCommandResult } from '../shared/settings-command.ts';
import { escapeMrkdwn } from './slack-mrkdwn.ts';
import { slackCommand } from './slack-surface.ts';

const usage = [
  `\`${slackCommand} settings visibility private\` shows answers only to the person who asked (with a button to share them in the thread); \`visibility thread\` posts them for everyone.`,
  `\`${slackCommand} settings cited-only on\` posts an answer for everyone only when it cites a document, otherwise only the asker sees it; \`off\` posts every answer.`,
  `\`${slackCommand} settings rate 5\` lets each person ask at most 5 questions a minute here; \`rate off\` removes the limit.`,
].map(line => `• ${line}`);

/** The settings of a conversation in mrkdwn, for `/folio settings` (only the person who typed it sees it). */
export function settingsText(result: SettingsCommandResult, options: { direct: boolean }): string {
  if (result.kind === 'unknown') return [`There is no setting called \`${escapeMrkdwn(result.word)}\`.`, ...usage].join('\n');
  const lines = settingLines(result.settings);
  if (result.kind === 'changed') return `Changed. *Settings here now* (anyone in this conversation can change them):\n${lines.join('\n')}`;
  return [
    '*Settings here* (anyone in this conversation can change them):',
    ...lines,
    ...(options.direct ? ['_In our direct messages every answer is private anyway._'] : []),
    ...usage,
  ].join('\n');
}

function settingLines(settings: SpaceSettings): string[] {
  const limit = settings.questionsPerUserPerMinute;
  return [
    `• *Visibility:* ${settings.visibility === 'private' ? 'private: only the person who asked sees the answer' : 'thread: answers are posted in the thread for everyone'}`,
    `• *Cited only:* ${settings.citedOnly ? 'on: answers without a citation go only to the person who asked' : 'off'}`,
    `• *Questions per person per minute:* ${limit === null ? 'no limit' : String(limit)}`,
  ];
}
