import { describe, expect, it } from 'vitest';
import { documentOpening } from './document-opening.ts';
import type { Block, BlockKind } from './types.ts';

const block = (page: number, kind: BlockKind, text: string, order: number): Block => ({
  page,
  kind,
  text,
  order,
  bbox: { x: 0, y: 0, width: 100, height: 20 },
});

describe('documentOpening', () => {
  it('is the first pages’ text in reading order, figure text included, each running head once', () => {
    const blocks = [
      block(1, 'paragraph', 'Division of Medical\n  Quality Assurance', 2),
      block(1, 'page-header', 'Exhibit 300 - Integrated Personnel Management System', 0),
      block(1, 'figure', 'Florida Department of Health', 1),
      block(1, 'page-footer', 'Page 1 of 15', 3),
      block(2, 'page-header', 'Exhibit 300 - Integrated Personnel Management System', 4),
      block(2, 'paragraph', 'Section A', 5),
    ];
    expect(documentOpening({ blocks })).toBe(
      'Exhibit 300 - Integrated Personnel Management System Florida Department of Health Division of Medical Quality Assurance Section A',
    );
  });

  it('runs on past a cover without words to the first page that has some', () => {
    const blocks = [block(1, 'figure', '', 0), block(3, 'heading', 'Nebraska Historic Buildings Survey', 1), block(7, 'paragraph', 'Too late to name it.', 2)];
    expect(documentOpening({ blocks })).toBe('Nebraska Historic Buildings Survey');
    expect(documentOpening({ blocks: [block(1, 'figure', '', 0), block(7, 'paragraph', 'Too late to name it.', 1)] })).toBeUndefined();
  });

  it('stops at a word after about 400 characters', () => {
    const opening = documentOpening({ blocks: [block(1, 'paragraph', 'word '.repeat(200), 0)] })!;
    expect(opening.length).toBeLessThanOrEqual(400);
    expect(opening.length).toBeGreaterThan(390);
    expect(opening.endsWith('word')).toBe(true);
  });
});
