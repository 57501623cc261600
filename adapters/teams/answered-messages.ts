import type { SurfaceState } from '../../src/index.ts';

/** As long as the core keeps an answer for feedback (90 days): after that a rating would be refused anyway. */
const keptSeconds = 90 * 24 * 3600;

/** Where a bot message is: the tenant and the conversation id without `;messageid=…`. */
export interface MessagePlace {
  tenantId: string;
  conversationId: string;
}

/**
 * Which answer each of Folio's answer messages shows, in the shared state store. Teams' own 👍/👎
 * (the feedback loop) names only the message it was given on (the invoke's `replyToId`), so the answer
 * id is looked up here by the message's id.
 */
export class AnsweredMessages {
  constructor(private readonly state: SurfaceState) {}

  async remember(place: MessagePlace, messageId: string, answerId: string): Promise<void> {
    await this.state.set(keyOf(place, messageId), { answerId }, { ttlSeconds: keptSeconds });
  }

  /** The answer a message shows; undefined for any other message (or one older than 90 days). */
  async answerOf(place: MessagePlace, messageId: string): Promise<string | undefined> {
    return (await this.state.get<{ answerId: string }>(keyOf(place, messageId)))?.answerId;
  }
}

function keyOf(place: MessagePlace, messageId: string): string {
  return `teams:answer-message:${place.tenantId}:${place.conversationId}:${messageId}`;
}
