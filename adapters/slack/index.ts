import { App, ExpressReceiver, SocketModeReceiver } from '@slack/bolt';
import type { WebClientOptions } from '@slack/web-api';
import { FolioError, type Folio, type Logger, type SlackConfig } from '../../src/index.ts';
import { BackgroundTasks } from '../shared/background-tasks.ts';
import { IngestFollower } from '../shared/ingest-follower.ts';
import type { SurfaceAdapter } from '../types.ts';
import { StreamingSupport } from './streaming-support.ts';
import { boltLogger } from './bolt-logger.ts';
import { registerSlackRoutes } from './routes.ts';
import type { SlackAdapterSettings, SlackHandlerDependencies } from './slack-dependencies.ts';
import { SlackFileRecords } from './slack-file-records.ts';
import { slackBotScopes } from './slack-surface.ts';
import { StateInstallationStore } from './state-installation-store.ts';

export const slackPaths = { events: '/slack/events', install: '/slack/install', oauthRedirect: '/slack/oauth_redirect' } as const;

export interface SlackAdapterOptions extends Partial<Omit<SlackAdapterSettings, 'fileHosts' | 'maxFileBytes'>> {
  /** Extra Web API client settings (tests shorten retries). `slackApiUrl` comes from SLACK_API_URL. */
  webClientOptions?: Omit<WebClientOptions, 'slackApiUrl' | 'logger'>;
}

export interface SlackSurfaceAdapter extends SurfaceAdapter {
  /** Resolves when the work started by earlier events (ingest, answers, commands) has finished. */
  whenIdle(): Promise<void>;
}

const defaultProgressIntervalMs = 2_500;
const defaultIngestWaitMs = 30 * 60_000;
/** Characters of answer text gathered before each chat.appendStream (the web-api's default). */
const defaultStreamBufferChars = 256;
/** On shutdown, work in flight (an answer being written) gets this long to finish. */
const stopGraceMs = 20_000;

/**
 * The Slack bot: Bolt 5 with HTTP events on the shared express app (`/slack/events`, signatures
 * verified, OAuth install at `/slack/install` for many workspaces), or Socket Mode when an app token is
 * set. Events are acknowledged at once and handled in the background (processBeforeResponse: false).
 */
export async function createSlackAdapter(app: Folio, config: SlackConfig, log: Logger, options: SlackAdapterOptions = {}): Promise<SlackSurfaceAdapter> {
  const slackLog = log.child({ component: 'slack' });
  const oauth = config.oauth;
  if (!config.botToken && !oauth)
    throw configInvalid('SLACK_BOT_TOKEN (one workspace) or SLACK_CLIENT_ID/SECRET/STATE_SECRET (OAuth installs) is required for Slack');
  if (config.appToken && !config.botToken)
    throw configInvalid('Socket Mode (SLACK_APP_TOKEN) needs SLACK_BOT_TOKEN: OAuth installs for many workspaces work with HTTP events only');
  if (!config.appToken && !config.signingSecret) throw configInvalid('SLACK_SIGNING_SECRET is required for HTTP events');
  // With both a bot token and OAuth settings, the OAuth installs win (Bolt accepts only one of them).
  const multiWorkspace = Boolean(oauth) && !config.appToken;

  const clientOptions: WebClientOptions = { ...options.webClientOptions, ...(config.apiUrl ? { slackApiUrl: withTrailingSlash(config.apiUrl) } : {}) };
  const logger = boltLogger(slackLog);
  const installations = multiWorkspace ? new StateInstallationStore(app.surfaceState) : undefined;
  const publicUrl = app.config.server.publicUrl?.replace(/\/+$/, '');

  const receiver = config.appToken
    ? new SocketModeReceiver({ appToken: config.appToken, logger, installerOptions: { clientOptions } })
    : new ExpressReceiver({
        signingSecret: config.signingSecret!,
        logger,
        endpoints: slackPaths.events,
        processBeforeResponse: false,
        ...(multiWorkspace && oauth
          ? {
              clientId: oauth.clientId,
              clientSecret: oauth.clientSecret,
              stateSecret: oauth.stateSecret,
              installationStore: installations,
              scopes: slackBotScopes,
              redirectUri: publicUrl ? `${publicUrl}${slackPaths.oauthRedirect}` : undefined,
              installerOptions: { installPath: slackPaths.install, redirectUriPath: slackPaths.oauthRedirect, clientOptions, directInstall: true },
            }
          : {}),
      });

  const bolt = new App({
    receiver,
    token: multiWorkspace ? undefined : config.botToken,
    clientOptions,
    logger,
    deferInitialization: true,
    // Bolt's default conversation store keeps state in memory per process; Folio keeps none there.
    convoStore: false,
  });
  try {
    await bolt.init(); // single workspace: auth.test checks the token and learns the bot's user id
  } catch (error) {
    throw new FolioError({
      code: 'config_invalid',
      message: `Slack rejected the bot token or could not be reached: ${(error as Error).message}`,
      userMessage: 'Folio could not connect to Slack; an administrator needs to check SLACK_BOT_TOKEN.',
      cause: error,
    });
  }

  const tasks = new BackgroundTasks(slackLog, 'slack');
  const follower = new IngestFollower(app, { statusHint: '`/folio docs` shows when it is ready.' });
  const settings: SlackAdapterSettings = {
    fileHosts: config.fileHosts,
    maxFileBytes: app.config.ingest.maxFileBytes,
    allowInsecureLoopbackDownloads: options.allowInsecureLoopbackDownloads ?? false,
    progressIntervalMs: options.progressIntervalMs ?? defaultProgressIntervalMs,
    ingestWaitMs: options.ingestWaitMs ?? defaultIngestWaitMs,
    streamBufferChars: options.streamBufferChars ?? defaultStreamBufferChars,
  };
  const dependencies: SlackHandlerDependencies = {
    app,
    log: slackLog,
    settings,
    tasks,
    follower,
    fileRecords: new SlackFileRecords(app.surfaceState),
    streaming: new StreamingSupport(slackLog),
    installations,
  };
  registerSlackRoutes(bolt, dependencies);
  bolt.error(async error => {
    slackLog.error({ code: error.code, message: error.message }, 'a Slack handler failed');
  });

  const mode = config.appToken ? 'Socket Mode' : `HTTP events at ${slackPaths.events}`;
  return {
    name: 'slack',
    summary: `Slack: ${mode} (${multiWorkspace ? `OAuth installs at ${slackPaths.install}` : 'single workspace'})`,
    routes(expressApp) {
      if (receiver instanceof ExpressReceiver) expressApp.use(receiver.router);
    },
    async start() {
      follower.start();
      if (receiver instanceof SocketModeReceiver) await bolt.start();
    },
    async stop() {
      const grace = new Promise<void>(resolve => setTimeout(resolve, stopGraceMs).unref());
      await Promise.race([tasks.drain(), grace]);
      follower.stop();
      if (receiver instanceof SocketModeReceiver) await bolt.stop();
    },
    whenIdle: () => tasks.drain(),
  };
}

function configInvalid(detail: string): FolioError {
  return new FolioError({
    code: 'config_invalid',
    message: `Invalid Slack configuration: ${detail}`,
    userMessage: 'Folio is misconfigured; an administrator needs to fix its Slack settings.',
  });
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
