import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { pageCountLabel, parseConversationSpace, spaceOfConversation, type DocumentRecord, type SpaceId } from '../../src/index.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import { forgetSpacePrompt } from './forget-space-prompt.ts';
import { runScopeCommand } from '../shared/scope-command.ts';
import { runSettingsCommand } from '../shared/settings-command.ts';
import { refreshSuggestedPrompts } from './on-assistant-thread.ts';
import type { SlackHandlerDependencies } from './slack-dependencies.ts';
import { settingsText } from './settings-text.ts';
import { escapeMrkdwn } from './slack-mrkdwn.ts';
import { slackCommand } from './slack-surface.ts';
import { isDirectMessageChannel } from './slack-space.ts';

const helpText = [
  '*Folio* reads the documents shared in this conversation and answers questions about them, with pages.',
  '• Drop a PDF, PowerPoint or Word file here: I read it and post a summary in its thread.',
  '• `@Folio <question>` answers in a thread, citing document and page (in a DM, just ask).',
  `• \`${slackCommand} docs\` lists the documents here; \`${slackCommand} forget <document>\` removes one; \`${slackCommand} forget-space\` removes them all (after asking).`,
  `• \`${slackCommand} status\` shows what I am reading; \`${slackCommand} scope team\` also uses the documents shared with the whole workspace (\`${slackCommand} scope channel\` stops that).`,
  `• \`${slackCommand} settings\` shows how I answer here (in the thread or privately, only with citations, questions per minute) and how to change it.`,
].join('\n');

/**
 * `/folio help | docs | forget <doc> | forget-space | status | scope channel|team | settings …`. Acknowledged at once
 * (Slack wants an answer within 3 s); the reply follows through `respond`, visible only to the person who
 * asked. Anyone in the conversation may change its scope and settings; the core logs who did.
 */
export function onFolioCommand(dependencies: SlackHandlerDependencies) {
  return async ({ command, ack, respond, context, client }: SlackCommandMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const teamId = context.teamId ?? command.team_id;
    const isDirectMessage = isDirectMessageChannel(command.channel_id, command.channel_name === 'directmessage' ? 'im' : undefined);
    const space = spaceOfConversation({ platform: 'slack', teamId, channelId: command.channel_id, userId: command.user_id, isDirectMessage });
    dependencies.tasks.run('slack command', async () => {
      let reply: string | { text: string; blocks: unknown[] };
      try {
        reply = await runCommand(dependencies, space, command.text ?? '', command.user_id);
        // The DM's "Try asking" prompts name its documents: forgetting one or changing the scope changes them.
        if (isDirectMessage && /^\s*(forget|scope)\b/i.test(command.text ?? '')) refreshSuggestedPrompts(dependencies, client, { teamId, userId: command.user_id, channelId: command.channel_id });
      } catch (error) {
        reply = replyForError(error, dependencies.log, { space, command: 'folio' });
      }
      await respond({ response_type: 'ephemeral', ...(typeof reply === 'string' ? { text: reply } : reply) });
    });
  };
}

async function runCommand(dependencies: SlackHandlerDependencies, space: SpaceId, input: string, userId: string): Promise<string | { text: string; blocks: unknown[] }> {
  const { app } = dependencies;
  const [word = 'help', ...rest] = input.trim().split(/\s+/).filter(Boolean);
  const argument = rest.join(' ');
  switch (word.toLowerCase()) {
    case 'help':
      return helpText;
    case 'docs':
      return documentList(dependencies, space);
    case 'forget': {
      if (!argument) return `Say which document: \`${slackCommand} forget <name>\` (\`${slackCommand} docs\` lists them).`;
      const outcome = await app.forget(space, argument);
      return `Forgot *${escapeMrkdwn(outcome.record.name)}*: it no longer answers questions here.`;
    }
    // Asks first: the buttons' handler (on-forget-space.ts) forgets.
    case 'forget-space':
      return forgetSpacePrompt(space, await app.listDocuments(space));
    case 'status':
      return status(dependencies, space);
    case 'scope': {
      const result = await runScopeCommand(app, space, argument);
      if (result.kind === 'no-team-space') return 'This conversation has no workspace-wide space to share.';
      if (result.kind === 'changed') {
        return result.includeTeam
          ? 'Questions here now also use the documents shared with the whole workspace.'
          : 'Questions here now use only the documents shared in this conversation.';
      }
      return `Questions here use ${result.includeTeam ? 'this conversation’s documents and the workspace-wide ones' : 'only this conversation’s documents'}. Change it with \`${slackCommand} scope channel\` or \`${slackCommand} scope team\`.`;
    }
    case 'settings': {
      const result = await runSettingsCommand(app, space, argument, userId);
      return settingsText(result, { direct: parseConversationSpace(space).place === 'direct' });
    }
    default:
      return `I do not know \`${slackCommand} ${escapeMrkdwn(word)}\`.\n${helpText}`;
  }
}

async function documentList(dependencies: SlackHandlerDependencies, space: SpaceId): Promise<string> {
  const spaces = await dependencies.app.readableSpaces(space);
  const sections: string[] = [];
  for (const readable of spaces) {
    const records = await dependencies.app.listDocuments(readable);
    const title = readable === space ? 'Documents here' : 'Workspace-wide documents';
    if (records.length === 0) {
      if (readable === space) sections.push(`${title}: none yet. Drop a PDF, PowerPoint or Word file into this conversation and I will read it.`);
      continue;
    }
    sections.push(`*${title}* (${records.length}):\n${records.slice(0, 40).map(documentLine).join('\n')}${records.length > 40 ? `\n…and ${records.length - 40} more` : ''}`);
  }
  return sections.join('\n\n');
}

function documentLine(record: DocumentRecord): string {
  const name = `*${escapeMrkdwn(record.name)}*`;
  if (record.status === 'ready') return `• ${name} · ${pageCountLabel(record.pageCount, record.stats?.slides)}${record.stats ? `, ${record.stats.sections} sections` : ''}`;
  if (record.status === 'failed') return `• ${name} · could not be read${record.error ? `: ${escapeMrkdwn(record.error.message)}` : ''}`;
  return `• ${name} · ${record.status}…`;
}

async function status(dependencies: SlackHandlerDependencies, space: SpaceId): Promise<string> {
  const { app } = dependencies;
  const records = await app.listDocuments(space);
  const count = (predicate: (record: DocumentRecord) => boolean) => records.filter(predicate).length;
  const inProgress = records.filter(record => record.status !== 'ready' && record.status !== 'failed');
  const { includeTeam } = await app.getScope(space);
  const lines = [
    `*Documents here:* ${count(record => record.status === 'ready')} ready, ${inProgress.length} being read, ${count(record => record.status === 'failed')} failed.`,
    ...inProgress.slice(0, 10).map(record => `• reading *${escapeMrkdwn(record.name)}* (${record.status})`),
    `*Scope:* ${includeTeam ? 'this conversation and the workspace-wide documents' : 'this conversation only'}.`,
    `*Answers:* ${app.config.models.provider === 'offline' ? 'quoted from the documents (no language model configured)' : `written by a language model (${app.config.models.provider}), with page citations`}.`,
  ];
  const pages = records.filter(record => record.status === 'ready').reduce((sum, record) => sum + record.pageCount, 0);
  if (pages > 0) lines.splice(1, 0, `${pages} pages in total.`);
  return lines.join('\n');
}
