import type { WebClient } from '@slack/web-api';
import type { Folio, Logger, SpaceId } from '../../src/index.ts';
import type { BackgroundTasks } from '../shared/background-tasks.ts';
import type { IngestFollower } from '../shared/ingest-follower.ts';
import type { StreamingSupport } from './streaming-support.ts';
import type { SlackFileRecords } from './slack-file-records.ts';
import type { StateInstallationStore } from './state-installation-store.ts';

/** Adapter settings that are not environment variables (tests shorten the waits and allow loopback). */
export interface SlackAdapterSettings {
  fileHosts: string[];
  maxFileBytes: number;
  /** Plain-http downloads from 127.0.0.1 (the fake Slack in tests); never a production default. */
  allowInsecureLoopbackDownloads: boolean;
  /** Smallest gap between two edits of one progress or answer message. */
  progressIntervalMs: number;
  /** How long a question waits for the files shared with it before it gives up on them. */
  ingestWaitMs: number;
  /** Answer text gathered before each chat.appendStream: fewer calls (rate limits) against smoother text. */
  streamBufferChars: number;
}

/** What every handler gets: the core app and the adapter's own helpers (built once in index.ts). */
export interface SlackHandlerDependencies {
  app: Folio;
  log: Logger;
  settings: SlackAdapterSettings;
  tasks: BackgroundTasks;
  follower: IngestFollower;
  fileRecords: SlackFileRecords;
  /** Which workspaces refused chat.startStream (their answers are posted and edited instead). */
  streaming: StreamingSupport;
  /** Set for multi-workspace (OAuth) installs. */
  installations?: StateInstallationStore;
}

/** One conversation turn the bot is working on: where it came from and where replies go. */
export interface SlackConversation {
  client: WebClient;
  /** The bot token for this workspace (downloads need it explicitly). */
  token: string;
  botUserId?: string;
  teamId: string;
  channelId: string;
  userId?: string;
  space: SpaceId;
  /** The message being handled. */
  messageTs: string;
  /** Replies go into this thread (the message's own thread, or the message itself). */
  threadTs: string;
}
