import type { Context } from '@slack/bolt';
import type { SlackHandlerDependencies } from './slack-dependencies.ts';

/**
 * `app_uninstalled`, and `tokens_revoked` for the bot token: the workspace's installation is deleted so
 * its token is neither kept nor used. (Slack sends both, in no fixed order; deleting twice is fine.)
 * With a single bot token there is nothing stored; the log says why events stopped.
 */
export function onUninstall(dependencies: SlackHandlerDependencies) {
  return async ({ event, body, context }: { event: { type: string; tokens?: { bot?: string[] } }; body: unknown; context: Context }): Promise<void> => {
    if (event.type === 'tokens_revoked' && !event.tokens?.bot?.length) return; // only user tokens: the bot keeps working
    const teamId = context.teamId ?? (body as { team_id?: string }).team_id;
    const enterpriseId = context.enterpriseId;
    const isEnterpriseInstall = context.isEnterpriseInstall === true;
    if (!dependencies.installations) {
      dependencies.log.warn(
        { teamId, event: event.type },
        'Folio was uninstalled from the Slack workspace (or its bot token revoked); its events stop until it is reinstalled',
      );
      return;
    }
    await dependencies.installations.deleteInstallation({ teamId, enterpriseId, isEnterpriseInstall });
    dependencies.log.info({ teamId, enterpriseId, event: event.type }, 'removed a Slack installation');
  };
}
