import type { BlockKind, FontFacts } from '../../types.ts';
import { isMathFontName, isMonospaceFontName } from '../font-style.ts';
import { endsLikeSentence, isCaptionText, sectionNumbering } from './block-patterns.ts';
import type { DocumentFontStats } from './font-stats.ts';
import { dominantFont, type TextLine } from './text-line.ts';

/** Bigger than body text by this factor: a heading even when not bold (11.5 pt over 10 pt is not). */
const headingSizeRatio = 1.18;

export interface TextBlockFacts {
  lines: TextLine[];
  text: string;
  listItem: boolean;
  /** A detected table or figure is right above or below (loosens the caption pattern). */
  nearFigureOrTable: boolean;
}

/** Font facts of a block: the size, name and weight covering most of its characters. */
export function blockFont(lines: TextLine[]): FontFacts {
  const font = dominantFont(lines.flatMap(line => line.runs));
  return { size: font.fontSize, bold: font.bold, italic: font.italic, name: font.fontName || undefined };
}

/**
 * Decides what a text block is. Heading candidates are honest about why they are headings (font
 * facts are filled in); the tree builder ranks them into levels.
 */
export function classifyTextBlock(block: TextBlockFacts, font: FontFacts, stats: DocumentFontStats): BlockKind {
  const { lines, text } = block;
  const runs = lines.flatMap(line => line.runs);
  const characterCount = runs.reduce((sum, run) => sum + run.text.length, 0) || 1;
  const share = (test: (fontName: string) => boolean) => runs.filter(run => test(run.fontName)).reduce((sum, run) => sum + run.text.length, 0) / characterCount;
  if (share(isMonospaceFontName) >= 0.8) return 'code';
  if (share(isMathFontName) >= 0.4) return 'formula';
  const captionFont = font.italic || font.bold || Math.abs(font.size - stats.bodyFontSize) >= 0.5;
  if (isCaptionText(text, block.nearFigureOrTable || captionFont)) return 'caption';
  const weight = dominantFont(runs).weight;
  if (block.listItem && !(looksLikeHeadingFont(font, weight, stats) && sectionNumbering(text))) return 'list';
  return isHeading(lines, text, font, weight, stats) ? 'heading' : 'paragraph';
}

function looksLikeHeadingFont(font: FontFacts, weight: number, stats: DocumentFontStats): boolean {
  return font.size >= stats.bodyFontSize * headingSizeRatio || isStronger(font, weight, stats);
}

/**
 * Set in a clearly heavier face than body text: bold over a non-bold body, or two weight steps up
 * (Medium over Light, Semibold over Regular), which is how many CJK and sans documents mark headings.
 */
function isStronger(font: FontFacts, weight: number, stats: DocumentFontStats): boolean {
  if (font.bold && !stats.bodyBold) return true;
  return weight >= (stats.bodyWeight ?? (stats.bodyBold ? 700 : 400)) + 200;
}

function isHeading(lines: TextLine[], text: string, font: FontFacts, weight: number, stats: DocumentFontStats): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 2 || lines.length > 3 || text.length > 200) return false;
  // Code and markup set in a display font are not headings.
  if (/[<>{}=;]|\w\(/.test(text)) return false;
  const sentence = endsLikeSentence(text);
  if (font.size >= stats.bodyFontSize * headingSizeRatio && !sentence) return true;
  if (lines.length > 2 || text.length > 150) return false;
  // Small bold text is labels and table headers rather than section titles.
  // Small bold text is labels and table headers; a heavier weight without bold needs at least body size.
  const minimumSize = stats.bodyFontSize * (font.bold && !stats.bodyBold ? 0.85 : 0.98);
  if (isStronger(font, weight, stats) && !sentence && font.size >= minimumSize) return true;
  if (isItalicTitle(lines, text, font, stats)) return true;
  const numbering = sectionNumbering(text);
  const shortTitle = lines.length === 1 && text.length <= 90 && !sentence && font.size >= stats.bodyFontSize * 0.95;
  return shortTitle && (numbering === 'multi-level' || numbering === 'letter-or-roman');
}

/**
 * A lone italic line at body size in Title Case ("Elastic Stop Nut") is a run-in style heading in
 * manuals and handbooks. Sentence-case italic lines are emphasis or quotations, so they are not.
 */
function isItalicTitle(lines: TextLine[], text: string, font: FontFacts, stats: DocumentFontStats): boolean {
  if (!font.italic || stats.bodyItalic || lines.length !== 1 || Math.abs(font.size - stats.bodyFontSize) > 0.6) return false;
  const words = text.split(/\s+/).filter(word => /\p{L}/u.test(word));
  if (words.length === 0 || words.length > 8 || text.length > 70 || endsLikeSentence(text) || /:$/.test(text)) return false;
  const significant = words.filter(word => word.replace(/[^\p{L}]/gu, '').length > 3);
  const capitalized = significant.filter(word => /^[^\p{L}]*\p{Lu}/u.test(word));
  return significant.length > 0 && capitalized.length === significant.length;
}
