import { replyForError } from '../../shared/reply-for-error.ts';
import type { TeamsHandlerDependencies } from '../teams-dependencies.ts';

/** The data of the 👍/👎 actions on an answer card (see cards/answer-card.ts). */
export interface FeedbackData {
  folioAction: 'feedback';
  answerId: string;
  rating: 'up' | 'down';
}

export function isFeedbackData(value: unknown): value is FeedbackData {
  const data = value as Partial<FeedbackData> | undefined;
  return data?.folioAction === 'feedback' && typeof data.answerId === 'string' && (data.rating === 'up' || data.rating === 'down');
}

/**
 * Stores a 👍/👎 click with the answer it rates (app.recordFeedback keeps one rating per person and
 * answer, so a repeated click changes nothing). Resolves with the words to show the person.
 */
export async function recordFeedback(dependencies: TeamsHandlerDependencies, data: FeedbackData, userId: string): Promise<string> {
  try {
    await dependencies.app.recordFeedback({ answerId: data.answerId, rating: data.rating, user: `teams:${userId}` });
    return data.rating === 'up' ? 'Thanks, glad it helped.' : 'Thanks for telling me. Rephrasing the question or naming the document often helps.';
  } catch (error) {
    return replyForError(error, dependencies.log, { answerId: data.answerId });
  }
}
