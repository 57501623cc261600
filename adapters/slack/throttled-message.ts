/**
 * One Slack message that is edited as work progresses (ingest stages, a streaming answer). Slack allows
 * about one chat.update per second per channel before answering 429, and readers gain nothing from
 * faster edits, so changes are sent at most every `intervalMs`; the latest content always wins and
 * `flush` sends the final state at once.
 */
export class ThrottledMessage<Content> {
  private latest?: Content;
  private sent?: Content;
  private lastSentAtMs = 0;
  private timer?: NodeJS.Timeout;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly send: (content: Content) => Promise<void>,
    private readonly options: { intervalMs: number; onError: (error: unknown) => void },
  ) {}

  /** Replaces what the message should say; sent now or when the interval allows. */
  set(content: Content): void {
    this.latest = content;
    if (this.timer) return;
    const waitMs = Math.max(0, this.lastSentAtMs + this.options.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sendLatest();
    }, waitMs);
  }

  /** Sends the latest content now (if it was not sent yet) and waits until every send has finished. */
  async flush(content?: Content): Promise<void> {
    if (content !== undefined) this.latest = content;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.sendLatest();
  }

  /** Stops pending edits without sending them (the message is about to be replaced). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.sent = this.latest;
  }

  private sendLatest(): Promise<void> {
    this.sending = this.sending.then(async () => {
      const content = this.latest;
      if (content === undefined || content === this.sent) return;
      this.sent = content;
      this.lastSentAtMs = Date.now();
      try {
        await this.send(content);
      } catch (error) {
        this.options.onError(error);
      }
    });
    return this.sending;
  }
}
