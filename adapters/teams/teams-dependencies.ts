import type { Folio, Logger } from '../../src/index.ts';
import type { BackgroundTasks } from '../shared/background-tasks.ts';
import type { IngestFollower } from '../shared/ingest-follower.ts';
import type { AnsweredMessages } from './answered-messages.ts';
import type { ConversationReplies } from './conversation-replies.ts';
import type { GraphClient } from './graph/graph-client.ts';
import type { SeenTurns } from './seen-turns.ts';

/** Adapter settings that are not environment variables (tests shorten the waits and allow loopback). */
export interface TeamsAdapterSettings {
  /** Host names files may be downloaded from (TEAMS_FILE_HOSTS; "*.x.com" matches subdomains). */
  fileHosts: string[];
  maxFileBytes: number;
  /** Plain-http downloads from 127.0.0.1 (the fakes in tests); never a production default. */
  allowInsecureLoopbackDownloads: boolean;
  /** Smallest gap between two edits of one progress or answer message. */
  progressIntervalMs: number;
  /** Smallest gap between two requests of one streamed answer (Teams allows one a second). */
  streamIntervalMs: number;
  /** How long a file share waits for its ingest before saying it is still being read. */
  ingestWaitMs: number;
}

/** What every handler gets (built once in index.ts). */
export interface TeamsHandlerDependencies {
  app: Folio;
  log: Logger;
  settings: TeamsAdapterSettings;
  replies: ConversationReplies;
  tasks: BackgroundTasks;
  follower: IngestFollower;
  /** Questions and answers Folio saw, for follow-ups where Graph cannot read the thread. */
  seenTurns: SeenTurns;
  /** Which answer each answer message shows, for Teams' 👍/👎 on it. */
  answeredMessages: AnsweredMessages;
  /** Absent when no app registration (id + secret) is configured: channel and chat files cannot be read. */
  graph?: GraphClient;
}
