import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { parseChatCommand, parseConversationSpace, spaceOfConversation, type ChatText, type SpaceId } from '../../src/index.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import { forgetSpacePrompt } from './forget-space-prompt.ts';
import { runScopeCommand } from '../shared/scope-command.ts';
import { runSettingsCommand } from '../shared/settings-command.ts';
import { documentsOverview, forgetNamedDocument, spaceStatus, type OverviewWords } from '../shared/space-overview.ts';
import { refreshSuggestedPrompts } from './on-assistant-thread.ts';
import type { SlackHandlerDependencies } from './slack-dependencies.ts';
import { settingsText } from './settings-text.ts';
import { chatTextToMrkdwn, escapeMrkdwn } from './slack-mrkdwn.ts';
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
        if (isDirectMessage && /^\s*(forget|scope)\b/i.test(command.text ?? ''))
          refreshSuggestedPrompts(dependencies, client, { teamId, userId: command.user_id, channelId: command.channel_id });
      } catch (error) {
        reply = replyForError(error, dependencies.log, { space, command: 'folio' });
      }
      await respond({ response_type: 'ephemeral', ...(typeof reply === 'string' ? { text: reply } : reply) });
    });
  };
}

const overviewWords: OverviewWords = { teamWide: 'workspace-wide', command: words => `\`${slackCommand} ${words}\`` };
const mrkdwnLines = (lines: ChatText[]) => lines.map(chatTextToMrkdwn).join('\n');

async function runCommand(
  dependencies: SlackHandlerDependencies,
  space: SpaceId,
  input: string,
  userId: string,
): Promise<string | { text: string; blocks: unknown[] }> {
  const { app } = dependencies;
  const command = parseChatCommand(input, 'slash') ?? { kind: 'help' };
  switch (command.kind) {
    case 'help':
      return helpText;
    case 'docs':
      return mrkdwnLines(await documentsOverview(app, space, overviewWords));
    case 'status':
      return mrkdwnLines(await spaceStatus(app, space, overviewWords));
    case 'forget':
      return chatTextToMrkdwn(await forgetNamedDocument(app, space, command.document, overviewWords));
    // Asks first: the buttons' handler (on-forget-space.ts) forgets.
    case 'forget-space':
      return forgetSpacePrompt(space, await app.listDocuments(space));
    case 'scope': {
      const result = await runScopeCommand(app, space, command.choice);
      if (result.kind === 'no-team-space') return 'This conversation has no workspace-wide space to share.';
      if (result.kind === 'changed') {
        return result.includeTeam
          ? 'Questions here now also use the documents shared with the whole workspace.'
          : 'Questions here now use only the documents shared in this conversation.';
      }
      return `Questions here use ${result.includeTeam ? 'this conversation’s documents and the workspace-wide ones' : 'only this conversation’s documents'}. Change it with \`${slackCommand} scope channel\` or \`${slackCommand} scope team\`.`;
    }
    case 'settings': {
      const result = await runSettingsCommand(app, space, command.argument, userId);
      return settingsText(result, { direct: parseConversationSpace(space).place === 'direct' });
    }
    case 'unknown':
      return `I do not know \`${slackCommand} ${escapeMrkdwn(command.word)}\`.\n${helpText}`;
  }
}
