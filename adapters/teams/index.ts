import { CloudAdapter, type AuthConfiguration, type Request as AgentsRequest, type WebResponse } from '@microsoft/agents-hosting';
import express, { type Express, type RequestHandler } from 'express';
import type { Folio, Logger, TeamsConfig } from '../../src/index.ts';
import { BackgroundTasks } from '../shared/background-tasks.ts';
import { IngestFollower } from '../shared/ingest-follower.ts';
import { replyForError } from '../shared/reply-for-error.ts';
import type { SurfaceAdapter } from '../types.ts';
import { AnsweredMessages } from './answered-messages.ts';
import { ConversationReplies, type BotIdentity } from './conversation-replies.ts';
import { GraphAppToken } from './graph/graph-app-token.ts';
import { GraphClient } from './graph/graph-client.ts';
import { createTurnHandler } from './routes.ts';
import { SeenTurns } from './seen-turns.ts';
import type { TeamsAdapterSettings, TeamsHandlerDependencies } from './teams-dependencies.ts';

/** Adapter options that are not environment variables: test seams and timings. */
export interface TeamsAdapterOptions {
  /** The Entra ID token endpoint per tenant for app-only Graph tokens; tests point it at a fake. */
  tokenUrl?: (tenantId: string) => string;
  /** The app registration Graph tokens are requested for; TEAMS_APP_ID / TEAMS_APP_PASSWORD by default. */
  graphCredentials?: { clientId: string; clientSecret: string };
  /** Plain-http downloads from loopback hosts (the fakes in tests). Never set in production. */
  allowInsecureLoopbackDownloads?: boolean;
  /** Smallest gap between two edits of one message (default 2.5 s). */
  progressIntervalMs?: number;
  /**
   * Smallest gap between two requests of a streamed answer (default 1.5 s: Teams throttles a stream to
   * one request a second and recommends buffering the model's text for 1.5 to 2 s).
   */
  streamIntervalMs?: number;
  /** How long a file share waits for its ingest before saying it is still being read (default 30 min). */
  ingestWaitMs?: number;
  fetch?: typeof fetch;
  /**
   * The Entra authority whose published keys sign incoming tokens (the SDK's default,
   * https://login.microsoftonline.com, plus the tenant); tests point it at a local OpenID provider.
   */
  authority?: string;
}

export const teamsMessagesPath = '/api/messages';

const entraTokenUrl = (tenantId: string) => `https://login.microsoftonline.com/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;

/**
 * The Microsoft Teams bot on the Microsoft 365 Agents SDK (the successor of the archived Bot Framework
 * SDK, same CloudAdapter/TurnContext model): `POST /api/messages` on the shared express app. With an app
 * id, every request's JWT is validated by the SDK; without one, authentication is off (local testing
 * only), which start-up and the summary say loudly.
 */
export async function createTeamsAdapter(app: Folio, config: TeamsConfig, log: Logger, options: TeamsAdapterOptions = {}): Promise<SurfaceAdapter> {
  const authenticated = Boolean(config.appId);
  // validateIssuer: Entra signs every tenant's tokens with the same keys, so without it a token another
  // tenant obtained for this app id passes the signature and audience checks (the SDK leaves it off by default).
  const authConfig: AuthConfiguration = authenticated
    ? {
        clientId: config.appId,
        clientSecret: config.appPassword,
        tenantId: config.tenantId,
        validateIssuer: true,
        ...(options.authority ? { authority: options.authority } : {}),
      }
    : {};
  const adapter = new CloudAdapter(authConfig);
  const identity: BotIdentity = authenticated ? CloudAdapter.createIdentity(config.appId!) : {};
  const settings: TeamsAdapterSettings = {
    fileHosts: config.fileHosts,
    maxFileBytes: app.config.ingest.maxFileBytes,
    allowInsecureLoopbackDownloads: options.allowInsecureLoopbackDownloads ?? false,
    progressIntervalMs: options.progressIntervalMs ?? 2500,
    streamIntervalMs: options.streamIntervalMs ?? 1500,
    ingestWaitMs: options.ingestWaitMs ?? 30 * 60_000,
  };
  const credentials =
    options.graphCredentials ?? (config.appId && config.appPassword ? { clientId: config.appId, clientSecret: config.appPassword } : undefined);
  const graph = credentials
    ? new GraphClient({
        graphUrl: config.graphUrl,
        fetch: options.fetch,
        token: new GraphAppToken({
          ...credentials,
          tokenUrl: options.tokenUrl ?? entraTokenUrl,
          scope: `${new URL(config.graphUrl).origin}/.default`,
          fetch: options.fetch,
        }),
      })
    : undefined;
  const dependencies: TeamsHandlerDependencies = {
    app,
    log,
    settings,
    graph,
    replies: new ConversationReplies(adapter, identity),
    tasks: new BackgroundTasks(log, 'teams'),
    follower: new IngestFollower(app, { statusHint: 'Ask me “docs” later to see when it is ready.' }),
    seenTurns: new SeenTurns(app.surfaceState),
    answeredMessages: new AnsweredMessages(app.surfaceState),
  };
  const onTurn = createTurnHandler(dependencies);
  // The SDK's default tells users "please fix the source code"; this says what happened in plain words.
  adapter.onTurnError = async (context, error) => {
    const text = replyForError(error, log, { activityType: context.activity.type });
    await context.sendActivity(text).catch(sendError => log.warn({ err: sendError }, 'could not send a Teams error reply'));
  };

  const process: RequestHandler = async (request, response) => {
    try {
      await adapter.process(request as unknown as AgentsRequest, response as unknown as WebResponse, onTurn);
    } catch (error) {
      log.warn({ err: error }, 'Teams request could not be processed');
      if (!response.headersSent) response.status(400).json({ error: 'not a valid Bot Framework activity' });
    }
  };
  const authorize: RequestHandler = (request, response, next) => {
    void adapter.authorizeRequest(request as unknown as AgentsRequest, response as unknown as WebResponse, next);
  };

  return {
    name: 'teams',
    summary: authenticated
      ? `Teams: Bot Framework activities at ${teamsMessagesPath} (app ${config.appId}, JWT validated${graph ? ', Graph for channel files' : ''})`
      : `Teams: ${teamsMessagesPath} with AUTHENTICATION DISABLED (no TEAMS_APP_ID; local testing only)`,
    routes(server: Express) {
      server.post(teamsMessagesPath, express.json({ limit: '1mb' }), ...(authenticated ? [authorize] : []), process);
    },
    async start() {
      dependencies.follower.start();
      if (!authenticated) {
        log.warn(
          { path: teamsMessagesPath },
          '!!! TEAMS AUTHENTICATION IS DISABLED: TEAMS_APP_ID is not set, so anyone who can reach /api/messages can talk to the bot and make it post to any serviceUrl. Use this only for local testing; set TEAMS_APP_ID and TEAMS_APP_PASSWORD in production. !!!',
        );
      }
    },
    async stop() {
      dependencies.follower.stop();
      await dependencies.tasks.drain();
    },
  };
}
