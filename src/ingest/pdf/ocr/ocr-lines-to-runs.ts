import type { TextRun } from '../page-content.ts';

/** The parts of tesseract.js's block output this mapping reads. */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface OcrWord {
  text: string;
  confidence: number;
  bbox: OcrBox;
}
export interface OcrLine {
  words: OcrWord[];
  bbox: OcrBox;
  rowAttributes?: { row_height?: number };
}
export interface OcrBlock {
  paragraphs: Array<{ lines: OcrLine[] }>;
}

/** Words below this confidence (0–100) are mostly specks, rules and picture texture read as letters. */
const minWordConfidence = 30;

/**
 * One TextRun per recognised line, in page points: pixel boxes are divided by `scale` (pixels per
 * point of the rendered image). The font size comes from tesseract's row height, else the box height.
 */
export function ocrLinesToRuns(blocks: OcrBlock[], scale: number): TextRun[] {
  const runs: TextRun[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words.filter(word => word.text.trim() !== '' && word.confidence >= minWordConfidence);
        if (words.length === 0) continue;
        const x0 = Math.min(...words.map(word => word.bbox.x0));
        const y0 = Math.min(...words.map(word => word.bbox.y0));
        const x1 = Math.max(...words.map(word => word.bbox.x1));
        const y1 = Math.max(...words.map(word => word.bbox.y1));
        const heightPx = line.rowAttributes?.row_height || line.bbox.y1 - line.bbox.y0;
        runs.push({
          text: words.map(word => word.text.trim()).join(' '),
          bbox: { x: round(x0 / scale), y: round(y0 / scale), width: round((x1 - x0) / scale), height: round((y1 - y0) / scale) },
          fontSize: round(heightPx / scale),
          fontName: 'ocr',
          bold: false,
          italic: false,
          endsLine: true,
        });
      }
    }
  }
  return runs;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
