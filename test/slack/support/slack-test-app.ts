import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { createSlackAdapter, type SlackAdapterOptions, type SlackSurfaceAdapter } from '../../../adapters/slack/index.ts';
import { createFolio, type FolioOverrides } from '../../../src/folio.ts';
import type { Folio } from '../../../src/folio-api.ts';
import { loadConfig } from '../../../src/config.ts';
import { silentLogger, type Logger } from '../../../src/log.ts';
import { FakeSlackApi, type FakeEphemeralMessage } from '../../fakes/fake-slack-api.ts';

export const signingSecret = 'test-signing-secret-0123456789';

export interface SignedPostOptions {
  /** Unix seconds; now by default (older than 5 minutes is a replay). */
  timestamp?: number;
  secret?: string;
  retryNum?: number;
  contentType?: string;
}

export interface SlackTestApp {
  fake: FakeSlackApi;
  app: Folio;
  adapter: SlackSurfaceAdapter;
  baseUrl: string;
  /** POSTs a body to /slack/events signed like Slack signs it. */
  post(body: string, options?: SignedPostOptions): Promise<Response>;
  /** Sends an Events API callback; returns the HTTP status. */
  sendEvent(event: Record<string, unknown>, options?: SignedPostOptions & { eventId?: string; teamId?: string }): Promise<{ status: number; eventId: string }>;
  /** Sends `assistant_thread_started` (or `assistant_thread_context_changed`) as Slack does when a person opens the agent view. */
  sendAssistantThread(thread: {
    userId?: string;
    channelId?: string;
    threadTs?: string;
    contextChannelId?: string;
    type?: 'assistant_thread_started' | 'assistant_thread_context_changed';
  }): Promise<{ status: number; eventId: string }>;
  /** Sends `/folio <text>`; the reply arrives at fake.responses. */
  sendCommand(text: string, options?: { channelId?: string; userId?: string; channelName?: string }): Promise<{ status: number; responsePath: string }>;
  /** Clicks a button under a message. */
  /** A block_actions click: a plain button by default, or Slack's feedback_buttons (`type`), whose value is the chosen button's. */
  /** `ephemeral`: the click is on that private message (its response_url acts on it; Slack sends no `message` then). */
  clickButton(action: {
    actionId: string;
    value: string;
    userId?: string;
    channelId?: string;
    type?: 'button' | 'feedback_buttons';
    blockId?: string;
    ephemeral?: FakeEphemeralMessage;
    message?: { ts: string; thread_ts?: string };
  }): Promise<{ status: number; responsePath: string }>;
  close(): Promise<void>;
}

/** `v0=` HMAC-SHA256 of `v0:<timestamp>:<body>` with the signing secret, as Slack signs requests. */
export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/**
 * A Folio app (SQLite in a temporary dir, offline models, in-process queue with workers running) and its
 * Slack adapter on a local express server, with Bolt's Web API client pointed at a FakeSlackApi.
 */
export async function startSlackTestApp(
  options: { env?: Record<string, string>; adapter?: SlackAdapterOptions; folio?: FolioOverrides; log?: Logger } = {},
): Promise<SlackTestApp> {
  const fake = await new FakeSlackApi().start();
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-slack-test-'));
  const config = loadConfig({
    FOLIO_DATA_DIR: dataDir,
    FOLIO_LOG_LEVEL: 'silent',
    FOLIO_OCR: 'off',
    FOLIO_PARSE_WORKERS: '1',
    FOLIO_MAX_FILE_MB: '1',
    SLACK_BOT_TOKEN: fake.botToken,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_API_URL: fake.apiUrl,
    SLACK_FILE_HOSTS: fake.host,
    ...options.env,
  });
  const log = options.log ?? silentLogger();
  const app = createFolio(config, { log, ...options.folio });
  await app.startWorkers();
  const adapter = await createSlackAdapter(app, config.slack!, log, {
    allowInsecureLoopbackDownloads: true,
    progressIntervalMs: 30,
    webClientOptions: { retryConfig: { retries: 2, factor: 1, minTimeout: 10, maxTimeout: 50 } },
    ...options.adapter,
  });
  const server = express();
  adapter.routes(server);
  const listening: Server = await new Promise(resolve => {
    const http = server.listen(0, '127.0.0.1', () => resolve(http));
  });
  await adapter.start();
  const baseUrl = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;

  const post = (body: string, postOptions: SignedPostOptions = {}) => {
    const timestamp = postOptions.timestamp ?? Math.floor(Date.now() / 1000);
    return fetch(`${baseUrl}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': postOptions.contentType ?? 'application/json',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': slackSignature(postOptions.secret ?? signingSecret, timestamp, body),
        ...(postOptions.retryNum !== undefined ? { 'x-slack-retry-num': String(postOptions.retryNum), 'x-slack-retry-reason': 'http_timeout' } : {}),
      },
      body,
    });
  };
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  const testApp: SlackTestApp = {
    fake,
    app,
    adapter,
    baseUrl,
    post,
    async sendEvent(event, eventOptions = {}) {
      const eventId = eventOptions.eventId ?? `Ev${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
      const teamId = eventOptions.teamId ?? 'T1';
      // Slack stores a message before it sends its event, so conversations.replies sees it.
      if ((event.type === 'message' || event.type === 'app_mention') && typeof event.ts === 'string' && typeof event.channel === 'string') {
        fake.addUserMessage({
          channel: event.channel,
          ts: event.ts,
          thread_ts: event.thread_ts as string | undefined,
          user: event.user as string | undefined,
          text: event.text as string | undefined,
        });
      }
      const body = JSON.stringify({
        token: 'legacy-verification-token',
        team_id: teamId,
        api_app_id: 'AFOLIO',
        event: { event_ts: event.ts ?? fake.nextTs(), ...event },
        type: 'event_callback',
        event_id: eventId,
        event_time: Math.floor(Date.now() / 1000),
        authorizations: [{ team_id: teamId, user_id: fake.botUserId, is_bot: true, is_enterprise_install: false }],
      });
      const response = await post(body, eventOptions);
      await response.arrayBuffer();
      return { status: response.status, eventId };
    },
    sendAssistantThread(thread) {
      return testApp.sendEvent({
        type: thread.type ?? 'assistant_thread_started',
        assistant_thread: {
          user_id: thread.userId ?? 'UALICE',
          context: thread.contextChannelId ? { channel_id: thread.contextChannelId, team_id: 'T1', enterprise_id: null } : {},
          channel_id: thread.channelId ?? 'DALICE',
          thread_ts: thread.threadTs ?? fake.nextTs(),
        },
      });
    },
    async sendCommand(text, commandOptions = {}) {
      const responsePath = `/respond/${randomUUID()}`;
      const response = await post(
        form({
          token: 'legacy-verification-token',
          team_id: 'T1',
          team_domain: 'fake',
          channel_id: commandOptions.channelId ?? 'C1',
          channel_name: commandOptions.channelName ?? 'general',
          user_id: commandOptions.userId ?? 'UALICE',
          user_name: 'alice',
          command: '/folio',
          text,
          api_app_id: 'AFOLIO',
          response_url: `${fake.baseUrl}${responsePath}`,
          trigger_id: 'trigger',
        }),
        { contentType: 'application/x-www-form-urlencoded' },
      );
      await response.arrayBuffer();
      return { status: response.status, responsePath };
    },
    async clickButton(action) {
      const responsePath = `/respond/${randomUUID()}`;
      const { ephemeral } = action;
      const channelId = ephemeral?.channel ?? action.channelId ?? 'C1';
      const blockId = action.blockId ?? 'folio_feedback';
      if (ephemeral) fake.respondsTo(responsePath, ephemeral);
      const payload = {
        type: 'block_actions',
        team: { id: 'T1', domain: 'fake' },
        user: { id: action.userId ?? 'UALICE', team_id: 'T1' },
        api_app_id: 'AFOLIO',
        token: 'legacy-verification-token',
        container: ephemeral
          ? {
              type: 'message',
              message_ts: ephemeral.ts,
              channel_id: channelId,
              is_ephemeral: true,
              ...(ephemeral.thread_ts ? { thread_ts: ephemeral.thread_ts } : {}),
            }
          : { type: 'message', message_ts: action.message?.ts ?? '1.000001', channel_id: channelId, is_ephemeral: false },
        trigger_id: 'trigger',
        channel: { id: channelId, name: 'general' },
        ...(ephemeral
          ? {}
          : {
              message: { ts: action.message?.ts ?? '1.000001', ...(action.message?.thread_ts ? { thread_ts: action.message.thread_ts } : {}), type: 'message' },
            }),
        response_url: `${fake.baseUrl}${responsePath}`,
        actions: [
          action.type === 'feedback_buttons'
            ? { type: 'feedback_buttons', action_id: action.actionId, block_id: blockId, value: action.value, action_ts: String(Date.now() / 1000) }
            : {
                type: 'button',
                action_id: action.actionId,
                block_id: blockId,
                value: action.value,
                action_ts: String(Date.now() / 1000),
                text: { type: 'plain_text', text: 'x' },
              },
        ],
      };
      const response = await post(form({ payload: JSON.stringify(payload) }), { contentType: 'application/x-www-form-urlencoded' });
      await response.arrayBuffer();
      return { status: response.status, responsePath };
    },
    async close() {
      await adapter.stop();
      await new Promise(resolve => listening.close(resolve));
      await app.close();
      await fake.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
