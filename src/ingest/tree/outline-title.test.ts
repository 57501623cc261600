import { describe, expect, it } from 'vitest';
import type { Block } from '../types.ts';
import { completedOutlineTitle } from './outline-title.ts';

const block = (text: string, order: number): Block => ({ page: 5, kind: 'paragraph', text, bbox: { x: 0, y: 40 * order, width: 600, height: 30 }, order });

describe('completedOutlineTitle', () => {
  it('reads a title the outline cut at 62 characters whole from the blocks of its page', () => {
    const blocks = [
      block('Low-income children are less likely to enroll in college,', 0),
      block('less likely to graduate', 1),
      block('Source: IHEP (2010)', 2),
    ];
    const completed = completedOutlineTitle('Low-income children are less likely to enroll in college, les', blocks);
    expect(completed.title).toBe('Low-income children are less likely to enroll in college, less likely to graduate');
    expect(completed.blocks).toEqual(blocks.slice(0, 2));
  });

  it('keeps a short title, and one no run of the page continues, as written', () => {
    expect(completedOutlineTitle('About  IHEP', [block('About IHEP and its mission, founded in 1993', 0)])).toEqual({ title: 'About IHEP', blocks: [] });
    const elsewhere = 'Change in Highest Level of Attainment by African Americans, 20';
    expect(completedOutlineTitle(elsewhere, [block('Source: IHEP (2010). Portraits of Low-Income Young Adults', 0)])).toEqual({ title: elsewhere, blocks: [] });
  });
});
