import type { Answer, AskEvent, AskOutcome, ConversationTurn, Folio, Logger, SpaceId } from '../../src/index.ts';
import { replyForError } from './reply-for-error.ts';

export type AskStage = Extract<AskEvent, { type: 'stage' }>['stage'];

/** A directions outcome: no answer, the core's words in `message` (no documents, still reading, rate limited). */
export type DirectionsOutcome = Exclude<AskOutcome, { answer: Answer }>;

/**
 * Where one question's reply is shown while it is made and how it ends; each chat platform implements
 * it (Slack: thread status + stream, Teams: streamed or edited reply). `M` is the platform's message.
 */
export interface ChatReply<M> {
  /** What Folio is doing now. */
  stage(stage: AskStage): void;
  /** Answer text as the model writes it (citations not yet checked); only called when everyone may see the draft. */
  append(delta: string): void;
  /** The final message, for everyone in the conversation; resolves with its id where the platform gives one. */
  finish(message: M): Promise<string | undefined>;
  /**
   * The final message for the asker alone. `answer` is the answer it shows, if any; `shareable` says its
   * asker may post it for everyone later.
   */
  finishPrivately(message: M, answer?: { id: string; shareable: boolean }): Promise<void>;
  /** Called last, whatever happened (clears a status line). */
  close?(): Promise<void>;
}

/** One question asked in a chat conversation: what the platform knows and how it writes. */
export interface ChatQuestion<M> {
  /** "Slack", "Teams": names the platform in logs. */
  platform: string;
  app: Folio;
  log: Logger;
  space: SpaceId;
  question: string;
  /** The platform's user id of the asker (question limit, private answers). */
  asker?: string;
  correlationId: string;
  /**
   * `DocumentSource.messageRef` of the message the question's thread started from (the question's own
   * message at the top level): the documents it shared are searched first (question-focus.ts).
   */
  threadRef?: string;
  /** The question is a reply in a thread; the thread's first message then also focuses it by the documents it names. */
  inThread?: boolean;
  /** Aborted when the asker stops the answer; nothing more is posted then. */
  signal?: AbortSignal;
  /** Opens the reply. `draftIsPublic` false: nothing of the answer may be shown to everyone before its delivery is known. */
  openReply(draftIsPublic: boolean): Promise<ChatReply<M>>;
  /** The thread's earlier turns, oldest first. */
  history(): Promise<ConversationTurn[]>;
  answerMessage(answer: Answer): Promise<M>;
  directionsMessage(outcome: DirectionsOutcome): M;
  errorMessage(text: string): M;
  /** After an answer was shown to everyone: `messageId` is the shown message's (feedback, follow-ups). */
  answered?(answer: Answer, messageId: string | undefined): Promise<void>;
}

/**
 * Answers a question in a chat conversation, the same way on every platform: reads the conversation's
 * settings (who may see the draft), opens the reply, asks every space the conversation may read with the
 * thread's earlier turns (without them when the thread cannot be read), streams the stages and, where
 * everyone may see it, the text; then shows the answer or the core's directions to everyone or only to
 * the asker, as the outcome's delivery says. A failure is told in plain words where the answer would have
 * been (privately where answers are private); an answer the asker stopped ends silently.
 */
export async function answerInConversation<M>(chat: ChatQuestion<M>): Promise<void> {
  const { app, log, space, correlationId } = chat;
  // Until the settings are read, a failure is told in the conversation.
  let draftIsPublic = true;
  let reply: ChatReply<M> | undefined;
  try {
    draftIsPublic = (await app.draftDelivery(space)) === 'thread';
    reply = await chat.openReply(draftIsPublic);
    const shown = reply;
    shown.stage('planning');
    const spaces = await app.readableSpaces(space);
    const history = await chat.history().catch(error => {
      log.warn({ err: error, correlationId, space }, 'could not read the thread; answering without its earlier turns');
      return [];
    });
    const outcome = await app.ask({
      spaces,
      question: chat.question,
      history,
      correlationId,
      asker: chat.asker,
      focus: chat.threadRef ? { threadRef: chat.threadRef, inThread: chat.inThread } : undefined,
      signal: chat.signal,
      onEvent: event => {
        if (event.type === 'stage') shown.stage(event.stage);
        if (event.type === 'text' && draftIsPublic) shown.append(event.delta);
      },
    });
    const answer = 'answer' in outcome ? outcome.answer : undefined;
    const message = answer ? await chat.answerMessage(answer) : chat.directionsMessage(outcome as DirectionsOutcome);
    if (outcome.delivery === 'private') {
      await shown.finishPrivately(message, answer && { id: answer.id, shareable: outcome.shareable });
    } else {
      const messageId = await shown.finish(message);
      if (answer) await chat.answered?.(answer, messageId);
    }
    if (answer)
      log.info(
        { correlationId, answerId: answer.id, space, outcome: outcome.kind, delivery: outcome.delivery, citations: answer.citations.length },
        `answered a ${chat.platform} question`,
      );
  } catch (error) {
    if (chat.signal?.aborted) return;
    const message = chat.errorMessage(replyForError(error, log, { correlationId, space }));
    // Tried once: a conversation that is gone or a revoked token refuses every message alike.
    try {
      reply ??= await chat.openReply(draftIsPublic);
      await (draftIsPublic ? reply.finish(message) : reply.finishPrivately(message));
    } catch (finishError) {
      log.warn({ err: finishError, correlationId }, 'could not tell the conversation why the answer failed');
    }
  } finally {
    await reply?.close?.().catch(error => log.debug({ err: error, correlationId }, 'could not close a chat reply'));
  }
}
