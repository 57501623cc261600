/**
 * Tracks the process's peak resident memory. Sampling rss every ~50 ms catches what the event loop lets
 * it see; `resourceUsage().maxRSS` (the kernel's high-water mark, in KiB) catches the peaks that happen
 * inside long synchronous work, when the timer cannot fire.
 */
export interface MemorySampler {
  /** Peak RSS in bytes since the sampler started. */
  peakRssBytes(): number;
  /** Starts a window (one document); closing it returns the peak seen while it was open, in bytes. */
  openWindow(): { close(): number };
  stop(): void;
}

export function startMemorySampler(options: { intervalMs?: number } = {}): MemorySampler {
  const windows = new Set<{ peakBytes: number }>();
  let peakBytes = process.memoryUsage().rss;
  const record = (rssBytes: number) => {
    peakBytes = Math.max(peakBytes, rssBytes);
    for (const window of windows) window.peakBytes = Math.max(window.peakBytes, rssBytes);
  };
  const timer = setInterval(() => record(process.memoryUsage().rss), options.intervalMs ?? 50);
  timer.unref();

  return {
    peakRssBytes: () => Math.max(peakBytes, maxRssBytes()),
    openWindow() {
      const window = { peakBytes: process.memoryUsage().rss };
      const maxRssAtOpen = maxRssBytes();
      windows.add(window);
      return {
        close() {
          record(process.memoryUsage().rss);
          windows.delete(window);
          // The kernel's high-water mark rising while this window was open means this window set it.
          const maxRssAtClose = maxRssBytes();
          return maxRssAtClose > maxRssAtOpen ? Math.max(window.peakBytes, maxRssAtClose) : window.peakBytes;
        },
      };
    },
    stop: () => clearInterval(timer),
  };
}

export function maxRssBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}
