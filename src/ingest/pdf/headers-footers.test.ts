import { describe, expect, it } from 'vitest';
import type { Block } from '../types.ts';
import { markHeadersAndFooters } from './headers-footers.ts';

function block(page: number, text: string, x: number, y: number): Block {
  return { page, text, kind: 'paragraph', bbox: { x, y, width: 40, height: 10 }, order: 0 };
}

const letter = { width: 612, height: 792 };

describe('markHeadersAndFooters', () => {
  it('marks a lone page number at the bottom but not stacked axis ticks of a chart near the top', () => {
    const blocks = [
      block(1, '80', 100, 40),
      block(1, '70', 100, 60),
      block(1, '60', 100, 80),
      block(1, 'Body text in the middle of the page.', 72, 400),
      block(1, '17', 300, 770),
    ];
    markHeadersAndFooters(blocks, [letter]);
    expect(blocks.map(item => item.kind)).toEqual(['paragraph', 'paragraph', 'paragraph', 'paragraph', 'page-footer']);
  });

  it('needs the repeat at about the same height on at least half of the pages', () => {
    const blocks = [
      block(1, 'Annual report 2023', 72, 30),
      block(2, 'Annual report 2024', 72, 32),
      block(3, 'Annual report 2025', 72, 90),
      block(4, 'Unrelated', 72, 30),
    ];
    markHeadersAndFooters(blocks, [letter, letter, letter, letter]);
    expect(blocks.map(item => item.kind)).toEqual(['page-header', 'page-header', 'paragraph', 'paragraph']);
  });

  it('marks a letterhead footer of some 200 characters repeated on every page', () => {
    const footer =
      "Association de Protection Civile de l'Isère – APC 38 – 1 Rue des Marronniers, 38600 Fontaine, France Tél : 04 76 25 04 30 - - Email : isere@protection-civile.org - Site Internet : www.protectioncivile-38.org";
    const blocks = [block(1, 'Article 1', 72, 300), block(1, footer, 163, 760), block(2, 'Article 2', 72, 300), block(2, footer, 163, 760)];
    markHeadersAndFooters(blocks, [letter, letter]);
    expect(blocks.map(item => item.kind)).toEqual(['paragraph', 'page-footer', 'paragraph', 'page-footer']);
  });
});
