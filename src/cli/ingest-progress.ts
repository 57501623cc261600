import { basename } from 'node:path';
import cliProgress from 'cli-progress';
import type { IngestEvent } from '../index.ts';

export interface IngestProgress {
  update(index: number, event: IngestEvent): void;
  stop(): void;
}

/** One progress bar per file on a terminal; silent when stderr is not a TTY (logs and pipes stay clean). */
export function createIngestProgress(files: string[]): IngestProgress | null {
  if (!process.stderr.isTTY) return null;
  const multibar = new cliProgress.MultiBar(
    {
      stream: process.stderr,
      format: ' {name} |{bar}| {stage} {value}/{total}',
      hideCursor: true,
      clearOnComplete: false,
      stopOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const width = Math.min(32, Math.max(...files.map(file => basename(file).length)));
  const bars = files.map(file => multibar.create(1, 0, { name: basename(file).slice(0, width).padEnd(width), stage: 'queued' }));
  let stopped = false;
  return {
    update(index, event) {
      const bar = bars[index];
      if (!bar || stopped) return;
      if (event.type === 'page') {
        bar.setTotal(event.pageCount);
        bar.update(event.page, { stage: 'parsing' });
      } else if (event.type === 'figure') bar.update({ stage: `describing ${event.done}/${event.total}` });
      else bar.update(event.stage === 'ready' ? bar.getTotal() : bar.getProgress() * bar.getTotal(), { stage: event.stage });
    },
    stop() {
      if (stopped) return;
      stopped = true;
      multibar.stop();
    },
  };
}
