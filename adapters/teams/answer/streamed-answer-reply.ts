import type { ConversationReference } from '@microsoft/agents-activity';
import type { Logger } from '../../../src/index.ts';
import { shorten } from '../../shared/shorten.ts';
import type { TeamsMessage } from '../cards/adaptive-card.ts';
import { messageActivity, type ConversationReplies } from '../conversation-replies.ts';
import { answerPreview } from './citation-markers.ts';
import { cancelledByUser, connectorRefusal, postFinal, type AnswerReply } from './answer-reply.ts';

/** Teams shows at most 1,000 characters of an informative update. */
const informativeMaxChars = 1000;
/** What a streamed preview may grow to; the final message carries the whole (shortened) answer. */
const previewMaxChars = 6000;

type Update = { streamType: 'informative' | 'streaming'; text: string };

/**
 * An answer streamed into a personal chat with Teams' streaming protocol
 * (learn.microsoft.com/microsoftteams/platform/bots/streaming-ux, "Stream message through REST API"):
 * `typing` activities with a `streaminfo` entity, first informative updates (the stages, shown as a
 * progress bar), then the answer text as it is written (`streaming`, each the whole text so far), then
 * the final `message` whose `streaminfo` says `final`. The first update's response id is the `streamId`
 * every later one names; `streamSequence` counts 1, 2, 3… and is left off the final message.
 *
 * Teams throttles a stream to one request a second and wants each request sent only after the previous
 * one succeeded, so updates go out one at a time, at most one per `intervalMs`, the latest state
 * winning (a stage nobody could read in time is skipped; once the answer is being written, stages are
 * no longer shown). When Teams refuses the stream (streaming not allowed, too slow, too large) the
 * answer is still posted: into the streamed message, or as a reply. When the asker presses Stop, Teams
 * answers 403 "cancelled by user": `onCancelled` is called and nothing more is posted.
 */
export class StreamedAnswerReply implements AnswerReply {
  private streamId?: string;
  private sequence = 0;
  private latest?: Update;
  private sentText?: string;
  private writing = false;
  private finishing = false;
  private state: 'open' | 'broken' | 'cancelled' = 'open';
  private lastSentAtMs = 0;
  private pumping?: Promise<void>;

  constructor(
    private readonly dependencies: { replies: ConversationReplies; log: Logger },
    private readonly reference: ConversationReference,
    private readonly options: { intervalMs: number; onCancelled: () => void },
  ) {}

  stage(line: string): void {
    if (this.writing) return;
    this.queue({ streamType: 'informative', text: shorten(line, informativeMaxChars) });
  }

  write(written: string): void {
    const text = answerPreview(written, previewMaxChars);
    if (!text) return;
    this.writing = true;
    this.queue({ streamType: 'streaming', text });
  }

  async finish(message: TeamsMessage): Promise<string | undefined> {
    this.finishing = true;
    this.latest = undefined;
    await this.pumping;
    if (this.state === 'cancelled') return undefined;
    await this.paced();
    const { streamId } = this;
    const attempts: Array<{ name: string; run: () => Promise<string | undefined> }> = [];
    if (streamId && this.state === 'open') {
      attempts.push({ name: 'final stream message', run: () => this.sendFinal(streamId, message) });
      // Teams rejects a message whole when it cannot parse an entity: the stream still ends, with the text.
      if (message.text !== undefined && (message.entities || message.channelData)) {
        attempts.push({ name: 'plain final stream message', run: () => this.sendFinal(streamId, { text: message.text }) });
      }
    }
    // A stream Teams stopped (e.g. after two minutes) keeps its message: the answer replaces its text.
    if (streamId) {
      attempts.push({
        name: 'edit of the streamed message',
        run: async () => {
          await this.dependencies.replies.update(this.reference, streamId, message);
          return streamId;
        },
      });
    }
    return postFinal(this.dependencies, this.reference, message, attempts);
  }

  private queue(update: Update): void {
    if (this.finishing || this.state !== 'open') return;
    this.latest = update;
    this.kick();
  }

  private kick(): void {
    if (this.pumping) return;
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
      // An update queued while the pump was ending.
      if (this.latest && !this.finishing && this.state === 'open') this.kick();
    });
  }

  private async pump(): Promise<void> {
    while (this.latest && !this.finishing && this.state === 'open') {
      // When the pace allows, the update is taken at once (in the same tick it was queued in).
      if (this.waitMs() > 0) await this.paced();
      const update = this.latest;
      this.latest = undefined;
      if (!update || this.finishing) return;
      if (update.text === this.sentText) continue;
      await this.sendUpdate(update);
    }
  }

  private async sendUpdate(update: Update): Promise<void> {
    this.sequence += 1;
    const streamInfo = {
      type: 'streaminfo',
      streamType: update.streamType,
      streamSequence: this.sequence,
      ...(this.streamId ? { streamId: this.streamId } : {}),
    };
    this.lastSentAtMs = Date.now();
    try {
      const id = await this.dependencies.replies.send(this.reference, { type: 'typing', text: update.text, entities: [streamInfo] });
      this.sentText = update.text;
      if (!this.streamId) {
        if (!id) throw new Error('Teams answered the first stream update without a stream id');
        this.streamId = id;
      }
    } catch (error) {
      this.broke(error);
    }
  }

  private async sendFinal(streamId: string, message: TeamsMessage): Promise<string> {
    const activity = messageActivity(message);
    // No streamSequence on the final message: Teams requires it to be left off.
    activity.entities = [...(message.entities ?? []), { type: 'streaminfo', streamId, streamType: 'final' }];
    await this.dependencies.replies.send(this.reference, activity);
    return streamId;
  }

  private broke(error: unknown): void {
    const refusal = connectorRefusal(error);
    if (cancelledByUser(refusal)) {
      this.state = 'cancelled';
      this.dependencies.log.info({ streamId: this.streamId }, 'the asker stopped a streamed Teams answer');
      this.options.onCancelled();
      return;
    }
    this.state = 'broken';
    this.dependencies.log.warn(
      { ...refusal, streamId: this.streamId, reason: refusal.status === undefined && error instanceof Error ? error.message : undefined },
      'Teams refused an answer stream update; the answer will be posted as a message',
    );
  }

  /** Waits until Teams' one-request-a-second pace allows the next request. */
  private async paced(): Promise<void> {
    const waitMs = this.waitMs();
    if (waitMs > 0) await new Promise(resolve => setTimeout(resolve, waitMs));
  }

  private waitMs(): number {
    return this.lastSentAtMs + this.options.intervalMs - Date.now();
  }
}
