import { describe, expect, it } from 'vitest';
import type { BoundingBox } from '../../../documents/document-tree.ts';
import { clusterBoxes } from './cluster-boxes.ts';

/** A row of `count` 2×2 pt marks spaced `stepPt` apart, starting at (x, y). */
function marks(count: number, x: number, y: number, stepPt: number): BoundingBox[] {
  return Array.from({ length: count }, (_, index) => ({ x: x + (index % 100) * stepPt, y: y + Math.floor(index / 100) * stepPt, width: 2, height: 2 }));
}

const clusterSizes = (clusters: number[][]) => clusters.map(cluster => cluster.length).sort((first, second) => first - second);

describe('clusterBoxes', () => {
  it('joins boxes within the gap and keeps farther ones apart', () => {
    const boxes = [...marks(5, 0, 0, 8), ...marks(3, 200, 0, 8), { x: 100, y: 300, width: 5, height: 5 }];
    expect(clusterSizes(clusterBoxes(boxes, 10))).toEqual([1, 3, 5]);
  });

  it('gives the same grouping on dense pages, where a coarse grid replaces the sweep', () => {
    // 2,500 + 1,600 marks: past the sweep's limit. The two fields are 100 pt apart.
    const boxes = [...marks(2500, 0, 0, 4), ...marks(1600, 0, 200, 4)];
    expect(clusterSizes(clusterBoxes(boxes, 10))).toEqual([1600, 2500]);
  });
});
