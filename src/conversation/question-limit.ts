import type { SpaceId } from '../spaces/space-id.ts';
import type { StateStore } from '../state/types.ts';

const windowMs = 60_000;
/** A counter outlives its minute by this much, so a process whose clock runs a little late still finds it. */
const counterSlackSeconds = 60;

/** What counting one more question came to: within the limit, or over it until the minute ends. */
export type QuestionCount = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts a question by `asker` in `space` against `limit` questions per minute. The minute is the clock's
 * (a fixed window, from :00 to :59), counted in the shared state store, so every Folio process counts
 * the same questions; a refused question counts too, so asking faster never shortens the wait.
 */
export async function countQuestion(state: StateStore, question: { space: SpaceId; asker: string; limit: number }, now = Date.now()): Promise<QuestionCount> {
  const window = Math.floor(now / windowMs);
  const count = await state.increment(`questions:${question.space}:${question.asker}:${window}`, { ttlSeconds: windowMs / 1000 + counterSlackSeconds });
  if (count <= question.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)) };
}
