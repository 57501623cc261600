import type { ConversationTurn } from '../../src/index.ts';

/** Enough turns to resolve "it" and "that"; older turns rarely matter and cost prompt space. */
export const historyLimits = { maxTurns: 12, maxTurnChars: 2_000 } as const;

/** The last turns of a conversation (oldest first), each cut to a length the planner can use. */
export function boundedHistory(turns: ConversationTurn[]): ConversationTurn[] {
  return turns.slice(-historyLimits.maxTurns).map(turn => ({ role: turn.role, text: turn.text.slice(0, historyLimits.maxTurnChars) }));
}
