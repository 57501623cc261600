import type { FigureDescriber } from '../../models/types.ts';
import type { Block } from '../types.ts';

export interface DescribeFiguresOptions {
  describer: FigureDescriber;
  /** Reads a stored crop by its sha256. */
  loadPng: (sha256: string) => Promise<Uint8Array>;
  /** Calls in flight at once. */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Fills `figure.description` of every figure block, one model call per distinct image. A figure whose
 * call fails keeps its caption and the text inside it, and is counted as undescribed.
 */
export async function describeFigures(blocks: Block[], options: DescribeFiguresOptions): Promise<{ described: number; failed: number }> {
  const figures = blocks.filter(block => block.kind === 'figure' && block.figure);
  const bySha = new Map<string, Block[]>();
  for (const block of figures) bySha.set(block.figure!.sha256, [...(bySha.get(block.figure!.sha256) ?? []), block]);
  const queue = [...bySha.entries()];
  let done = 0;
  let described = 0;
  let failed = 0;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      options.signal?.throwIfAborted();
      const [sha256, sameImage] = next;
      const first = sameImage[0];
      try {
        const description = (
          await options.describer.describe({
            png: await options.loadPng(sha256),
            caption: first.figure!.caption,
            nearbyText: nearbyText(blocks, first),
            page: first.page,
            signal: options.signal,
          })
        ).trim();
        if (!description) throw new Error('empty description');
        for (const block of sameImage) block.figure!.description = description;
        described += sameImage.length;
      } catch (error) {
        if (options.signal?.aborted) throw error;
        failed += sameImage.length;
      }
      options.onProgress?.((done += 1), bySha.size);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return { described, failed };
}

/** The text just before and after a figure on its page: what the author says about it. */
function nearbyText(blocks: Block[], figure: Block): string {
  const index = blocks.indexOf(figure);
  const around = [blocks[index - 1], figure, blocks[index + 1]].filter(
    block => block && block.page === figure.page && block.kind !== 'page-header' && block.kind !== 'page-footer',
  );
  return around
    .map(block => block.text)
    .join('\n')
    .slice(0, 2000);
}
