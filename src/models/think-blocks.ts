/**
 * Reasoning models served without a reasoning parser (Qwen3, DeepSeek-R1 on Ollama, vLLM or LM Studio)
 * write their chain of thought into the answer as `<think>…</think>`. It is not part of the answer and
 * must never reach users or the JSON parser.
 */
const open = '<think>';
const close = '</think>';

/**
 * The text without think blocks. An unclosed block (the output was cut off while thinking) drops the
 * rest; a `</think>` with no opening tag (templates such as Qwen3-Thinking-2507 put `<think>` into the
 * prompt) drops everything before it.
 */
export function stripThinkBlocks(text: string): string {
  let rest = text;
  const firstClose = rest.indexOf(close);
  const firstOpen = rest.indexOf(open);
  if (firstClose >= 0 && (firstOpen < 0 || firstClose < firstOpen)) rest = rest.slice(firstClose + close.length);
  let visible = '';
  for (;;) {
    const start = rest.indexOf(open);
    if (start < 0) return (visible + rest).trimStart();
    visible += rest.slice(0, start);
    const end = rest.indexOf(close, start + open.length);
    if (end < 0) return visible.trimStart();
    rest = rest.slice(end + close.length);
  }
}

/**
 * The streaming counterpart: feed deltas in order, get the visible part of each. A tag split across
 * deltas is held back until it is complete. (A `</think>` without an opening tag cannot be undone once
 * the text before it was streamed; the final text from stripThinkBlocks is authoritative.)
 */
export class ThinkBlockFilter {
  private pending = '';
  private inside = false;
  private started = false;

  push(delta: string): string {
    this.pending += delta;
    let visible = '';
    for (;;) {
      if (this.inside) {
        const end = this.pending.indexOf(close);
        if (end < 0) {
          this.pending = this.pending.slice(-(close.length - 1));
          break;
        }
        this.pending = this.pending.slice(end + close.length);
        this.inside = false;
        continue;
      }
      const start = this.pending.indexOf(open);
      if (start >= 0) {
        visible += this.pending.slice(0, start);
        this.pending = this.pending.slice(start + open.length);
        this.inside = true;
        continue;
      }
      const held = partialTagLength(this.pending, open);
      visible += this.pending.slice(0, this.pending.length - held);
      this.pending = this.pending.slice(this.pending.length - held);
      break;
    }
    return this.emit(visible);
  }

  /** What is left at the end of the stream (a held-back partial tag that never completed). */
  flush(): string {
    const rest = this.inside ? '' : this.pending;
    this.pending = '';
    return this.emit(rest);
  }

  /** Leading whitespace is dropped, as stripThinkBlocks does (models put blank lines after `</think>`). */
  private emit(visible: string): string {
    if (this.started) return visible;
    const trimmed = visible.trimStart();
    if (trimmed) this.started = true;
    return trimmed;
  }
}

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
function partialTagLength(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length -= 1) {
    if (tag.startsWith(text.slice(-length))) return length;
  }
  return 0;
}
