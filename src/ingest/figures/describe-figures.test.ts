import { describe, expect, it } from 'vitest';
import type { Block } from '../types.ts';
import type { FigureDescriber } from '../../models/types.ts';
import { describeFigures } from './describe-figures.ts';

const figure = (sha256: string, page: number, caption?: string): Block => ({
  page,
  kind: 'figure',
  text: 'Q1 Q2 Q3',
  bbox: { x: 0, y: 0, width: 100, height: 100 },
  order: 0,
  figure: { sha256, widthPx: 10, heightPx: 10, source: 'vector', caption },
});

describe('describeFigures', () => {
  it('describes each distinct image once, passes caption and nearby text, and reports progress', async () => {
    const calls: Array<{ caption?: string; nearbyText: string }> = [];
    const describer: FigureDescriber = {
      id: 'fake:vision',
      describe: async input => {
        calls.push({ caption: input.caption, nearbyText: input.nearbyText });
        return `A bar chart (${input.png.length} bytes)`;
      },
    };
    const blocks: Block[] = [
      { page: 1, kind: 'paragraph', text: 'Sales grew every quarter.', bbox: { x: 0, y: 0, width: 1, height: 1 }, order: 0 },
      figure('a', 1, 'Figure 1: Sales'),
      figure('a', 2),
      figure('b', 3),
    ];
    const progress: string[] = [];
    const result = await describeFigures(blocks, {
      describer,
      loadPng: async sha256 => new Uint8Array(sha256 === 'a' ? 3 : 5),
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    expect(result).toEqual({ described: 3, failed: 0 });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual({ caption: 'Figure 1: Sales', nearbyText: 'Sales grew every quarter.\nQ1 Q2 Q3' });
    expect(blocks[2].figure?.description).toBe('A bar chart (3 bytes)');
    expect(blocks[3].figure?.description).toBe('A bar chart (5 bytes)');
    expect(progress).toEqual(['1/2', '2/2']);
  });

  it('keeps the caption and counts a figure as undescribed when the model fails', async () => {
    const blocks = [figure('a', 1, 'Figure 1: Sales'), figure('b', 1)];
    const result = await describeFigures(blocks, {
      describer: { id: 'fake', describe: async ({ caption }) => (caption ? Promise.reject(new Error('503')) : '  ') },
      loadPng: async () => new Uint8Array(1),
    });
    expect(result).toEqual({ described: 0, failed: 2 });
    expect(blocks[0].figure?.caption).toBe('Figure 1: Sales');
    expect(blocks[0].figure?.description).toBeUndefined();
  });
});
