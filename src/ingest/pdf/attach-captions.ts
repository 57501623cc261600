import { horizontalOverlap, verticalOverlap } from '../../documents/bounding-box.ts';
import type { Block } from '../types.ts';
import { isFigureCaptionText } from './layout/block-patterns.ts';

/** Captions sit right below (or above) their figure, at most about an inch away. */
const maxCaptionDistance = 72;

/** Copies the text of the caption closest to each rendered figure into `figure.caption`, in place. */
export function attachCaptions(blocks: Block[]): void {
  const captionsByPage = new Map<number, Block[]>();
  for (const block of blocks) {
    if (block.kind !== 'caption' || !isFigureCaptionText(block.text)) continue;
    const captions = captionsByPage.get(block.page) ?? [];
    captions.push(block);
    captionsByPage.set(block.page, captions);
  }
  for (const block of blocks) {
    if (block.kind !== 'figure' || !block.figure) continue;
    let best: Block | undefined;
    let bestDistance = maxCaptionDistance;
    for (const caption of captionsByPage.get(block.page) ?? []) {
      const overlap = horizontalOverlap(block.bbox, caption.bbox);
      if (overlap <= 0) continue;
      const distance = Math.max(-verticalOverlap(block.bbox, caption.bbox), 0);
      if (distance < bestDistance) {
        best = caption;
        bestDistance = distance;
      }
    }
    if (best) block.figure = { ...block.figure, caption: best.text };
  }
}
