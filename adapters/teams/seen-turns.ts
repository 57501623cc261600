import type { ConversationTurn, SurfaceState } from '../../src/index.ts';
import { boundedHistory, historyLimits } from '../shared/bounded-history.ts';
import type { TeamsTurn } from './teams-turn.ts';

interface SeenTurn extends ConversationTurn {
  atMs: number;
}

/** A thread nobody wrote in for this long is forgotten (the key expires). */
const keptSeconds = 7 * 24 * 3600;
/**
 * Personal and group chats have no threads: everything is one stream. A question there follows up only
 * on what was asked shortly before, not on yesterday's questions.
 */
const chatWindowMs = 60 * 60_000;

/**
 * The questions Folio was asked and the answers it gave, per conversation and channel thread, in the
 * shared state store (so every process sees them): the follow-up history wherever Graph cannot provide
 * the thread (personal and group chats, or a channel without the read permission). Bounded to the last
 * few turns and to a week without activity. Two answers finishing at the same moment in one thread may
 * keep only one of them (read-modify-write); the history is a help for the planner, not a record.
 */
export class SeenTurns {
  constructor(
    private readonly state: SurfaceState,
    private readonly now: () => number = Date.now,
  ) {}

  /** The turns before this one in its thread (channels) or recent chat (personal and group chats), oldest first. */
  async recent(turn: TeamsTurn): Promise<ConversationTurn[]> {
    const seen = (await this.state.get<SeenTurn[]>(keyOf(turn))) ?? [];
    const since = turn.threadRootId ? 0 : this.now() - chatWindowMs;
    return boundedHistory(seen.filter(entry => entry.atMs >= since));
  }

  /** Adds a question and the answer Folio gave to it. */
  async add(turn: TeamsTurn, question: string, answer: string): Promise<void> {
    const seen = (await this.state.get<SeenTurn[]>(keyOf(turn))) ?? [];
    const atMs = this.now();
    const added = [...seen, { role: 'user', text: question, atMs }, { role: 'assistant', text: answer, atMs }] satisfies SeenTurn[];
    const kept = added.slice(-historyLimits.maxTurns).map(entry => ({ ...entry, text: entry.text.slice(0, historyLimits.maxTurnChars) }));
    await this.state.set(keyOf(turn), kept, { ttlSeconds: keptSeconds });
  }
}

function keyOf(turn: TeamsTurn): string {
  return `teams:turns:${turn.tenantId}:${turn.conversationId}:${turn.threadRootId ?? 'chat'}`;
}
