/**
 * One chat message that is edited as work progresses (ingest stages, an answer being written). Slack
 * answers 429 above about one chat.update per second per channel and Teams throttles edits per
 * conversation; readers gain nothing from faster edits either. So changes go out at most every
 * `intervalMs` (~2.5 s in production): the latest content always wins, edits never overtake each
 * other, an edit that would change nothing is skipped, and `flush` sends the final content at once.
 */
export class ThrottledMessage<Content> {
  private latest?: Content;
  /** JSON of the content last sent (content may be a fresh but equal object each time). */
  private sentJson?: string;
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

  /** Sends `content` (or the latest content) now, after any edit in flight, and waits until every edit has finished. */
  async flush(content?: Content): Promise<void> {
    if (content !== undefined) this.latest = content;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.sendLatest();
  }

  private sendLatest(): Promise<void> {
    this.sending = this.sending.then(async () => {
      const content = this.latest;
      const json = JSON.stringify(content);
      if (content === undefined || json === this.sentJson) return;
      this.sentJson = json;
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
