import { describe, expect, it } from 'vitest';
import { layoutPage } from '../layout.ts';
import type { PageContent, TextRun } from '../page-content.ts';
import type { DocumentFontStats } from './font-stats.ts';

function run(text: string, x: number, top: number, size: number, fontName: string, style: Partial<TextRun> = {}): TextRun {
  return {
    text,
    bbox: { x, y: top, width: text.length * size * 0.5, height: size * 1.2 },
    fontSize: size,
    fontName,
    bold: false,
    italic: false,
    endsLine: true,
    ...style,
  };
}

function page(runs: TextRun[]): PageContent {
  return { page: 1, width: 612, height: 792, runs, graphics: { rulings: [], rectangles: [], images: [], paths: [] } };
}

const body = 'Widgets are made of smaller widgets in most of the factories we visited last year.';
const lightBody: DocumentFontStats = { bodyFontSize: 11.5, bodyBold: false, bodyWeight: 300, bodyItalic: false };
const regularBody: DocumentFontStats = { bodyFontSize: 10, bodyBold: false, bodyWeight: 400, bodyItalic: false };

function kinds(runs: TextRun[], stats: DocumentFontStats): Array<[string, string]> {
  return layoutPage(page(runs), { tables: [], figures: [] }, stats).map(block => [block.kind, block.text]);
}

describe('heading rules', () => {
  it('takes a Medium line over a Light body for a heading, but not a smaller one', () => {
    const runs = [
      run('Current state of widgets', 72, 100, 12, 'KoPubDotumMedium'),
      run(body, 72, 120, 11.5, 'KoPubBatangLight'),
      run('Widget table note', 72, 200, 10, 'KoPubDotumMedium'),
      run(body, 72, 220, 11.5, 'KoPubBatangLight'),
    ];
    expect(kinds(runs, lightBody)).toEqual([
      ['heading', 'Current state of widgets'],
      ['paragraph', body],
      ['paragraph', 'Widget table note'],
      ['paragraph', body],
    ]);
    // Over a Regular body the same Medium line is only one step heavier: not a heading.
    expect(kinds(runs, { ...lightBody, bodyWeight: 400 })[0][0]).toBe('paragraph');
  });

  it('makes "(2) Title" in a heading weight a heading, and a body-weight "1) note" a list', () => {
    const runs = [
      run('(2) Standard terms of widget insurance', 72, 100, 12.5, 'KoPubDotumMedium'),
      run(body, 72, 120, 11.5, 'KoPubBatangLight'),
      run('1) Widgets are defined in the standard terms.', 72, 300, 11.5, 'KoPubBatangLight'),
    ];
    expect(kinds(runs, lightBody)).toEqual([
      ['heading', '(2) Standard terms of widget insurance'],
      ['paragraph', body],
      ['list', '1) Widgets are defined in the standard terms.'],
    ]);
  });

  it('takes a lone Title Case italic line for a heading, not a sentence-case one', () => {
    const runs = [
      run('Elastic Stop Nut', 72, 100, 10, 'Times-Italic', { italic: true }),
      run(body, 72, 112, 10, 'Times-Roman'),
      run('as the makers of widgets', 72, 200, 10, 'Times-Italic', { italic: true }),
      run(body, 72, 212, 10, 'Times-Roman'),
    ];
    expect(kinds(runs, regularBody)).toEqual([
      ['heading', 'Elastic Stop Nut'],
      ['paragraph', body],
      ['paragraph', 'as the makers of widgets'],
      ['paragraph', body],
    ]);
    expect(kinds(runs, { ...regularBody, bodyItalic: true })[0][0]).toBe('paragraph');
  });

  it('reads right-to-left lines from right to left, embedded Latin words included', () => {
    const runs = [
      run('تحسين الإنتاجية بلغة', 300, 100, 14, 'Times-Bold', { bold: true, endsLine: false }),
      run('R', 285, 100, 14, 'Times-Bold', { bold: true, endsLine: false }),
      run('و', 270, 100, 14, 'Times-Bold', { bold: true, endsLine: false }),
      run('Python', 224, 100, 14, 'Times-Bold', { bold: true }),
    ];
    expect(kinds(runs, regularBody).map(([, text]) => text)).toEqual(['تحسين الإنتاجية بلغة R و Python']);
    const leftToRight = [run('Widgets', 72, 100, 14, 'Times-Bold', { bold: true, endsLine: false }), run('today', 130, 100, 14, 'Times-Bold', { bold: true })];
    expect(kinds(leftToRight, regularBody).map(([, text]) => text)).toEqual(['Widgets today']);
  });
});
