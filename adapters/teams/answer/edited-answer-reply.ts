import type { ConversationReference } from '@microsoft/agents-activity';
import type { Logger } from '../../../src/index.ts';
import { ThrottledMessage } from '../../shared/throttled-message.ts';
import type { TeamsMessage } from '../cards/adaptive-card.ts';
import type { ConversationReplies } from '../conversation-replies.ts';
import { answerPreview } from './citation-markers.ts';
import { postFinal, type AnswerReply } from './answer-reply.ts';

const previewMaxChars = 6000;

type Content = { preview: TeamsMessage } | { final: TeamsMessage };

/**
 * An answer in a group chat or channel thread, where Teams does not stream: one reply, posted at once
 * with the first stage, edited (throttled) with the later stages and the answer as it is written
 * (ending in " …"), and finally replaced by the answer message.
 */
export class EditedAnswerReply implements AnswerReply {
  private finalId?: string;
  /** What the message says now, until the first change (the reply was posted with it). */
  private unchanged?: string;

  private constructor(
    private readonly dependencies: { replies: ConversationReplies; log: Logger },
    private readonly reference: ConversationReference,
    private readonly messageId: string | undefined,
    private readonly message: ThrottledMessage<Content>,
    firstLine: string,
  ) {
    this.unchanged = firstLine;
  }

  static async start(
    dependencies: { replies: ConversationReplies; log: Logger },
    reference: ConversationReference,
    firstLine: string,
    options: { intervalMs: number },
  ): Promise<EditedAnswerReply> {
    // Without the first reply the answer is still posted at the end, as a new reply.
    const messageId = await dependencies.replies.reply(reference, { text: firstLine }).catch(error => {
      dependencies.log.warn({ message: error instanceof Error ? error.message : String(error) }, 'could not post the Thinking… reply of a Teams answer');
      return undefined;
    });
    let reply: EditedAnswerReply | undefined;
    const message = new ThrottledMessage<Content>(
      async content => {
        if ('final' in content) return reply!.deliver(content.final);
        if (messageId) await dependencies.replies.update(reference, messageId, content.preview);
      },
      {
        intervalMs: options.intervalMs,
        onError: error => dependencies.log.warn({ message: error instanceof Error ? error.message : String(error) }, 'could not update a Teams answer message'),
      },
    );
    reply = new EditedAnswerReply(dependencies, reference, messageId, message, firstLine);
    return reply;
  }

  stage(line: string): void {
    if (line === this.unchanged) return;
    this.unchanged = undefined;
    this.message.set({ preview: { text: line } });
  }

  write(written: string): void {
    const preview = answerPreview(written, previewMaxChars);
    if (!preview) return;
    this.unchanged = undefined;
    this.message.set({ preview: { text: `${preview} …` } });
  }

  async finish(message: TeamsMessage): Promise<string | undefined> {
    await this.message.flush({ final: message });
    return this.finalId;
  }

  private async deliver(message: TeamsMessage): Promise<void> {
    const { messageId } = this;
    const edit = messageId
      ? [
          {
            name: 'edit of the answer message',
            run: async () => {
              await this.dependencies.replies.update(this.reference, messageId, message);
              return messageId;
            },
          },
        ]
      : [];
    this.finalId = await postFinal(this.dependencies, this.reference, message, edit);
  }
}
