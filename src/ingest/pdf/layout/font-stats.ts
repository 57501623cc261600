import { runWeight } from '../font-style.ts';
import type { TextRun } from '../page-content.ts';
import { mostCommon } from './text-line.ts';

/** Document-level font facts that heading detection compares each block against. */
export interface DocumentFontStats {
  /** The size (to 0.5 pt) that covers the most characters. */
  bodyFontSize: number;
  /** Most body-size characters are bold (then bold alone does not make a heading). */
  bodyBold: boolean;
  /** Weight of most body-size characters (400 when unknown): a Medium line over a Light body stands out. */
  bodyWeight?: number;
  /** Body text is mostly italic (then italic alone does not make a heading). */
  bodyItalic?: boolean;
}

/** Counts characters per font size and weight, page by page, without keeping the runs. */
export class FontStatsCollector {
  private readonly charactersBySize = new Map<number, number>();
  private readonly boldCharactersBySize = new Map<number, number>();
  private readonly italicCharactersBySize = new Map<number, number>();
  private readonly charactersBySizeAndWeight = new Map<string, number>();

  add(runs: TextRun[]): void {
    for (const run of runs) {
      const size = Math.round(run.fontSize * 2) / 2;
      const characters = run.text.replace(/\s+/g, '').length;
      this.charactersBySize.set(size, (this.charactersBySize.get(size) ?? 0) + characters);
      if (run.bold) this.boldCharactersBySize.set(size, (this.boldCharactersBySize.get(size) ?? 0) + characters);
      if (run.italic) this.italicCharactersBySize.set(size, (this.italicCharactersBySize.get(size) ?? 0) + characters);
      const key = `${size}|${runWeight(run)}`;
      this.charactersBySizeAndWeight.set(key, (this.charactersBySizeAndWeight.get(key) ?? 0) + characters);
    }
  }

  stats(): DocumentFontStats {
    const bodyFontSize = mostCommon(this.charactersBySize);
    if (bodyFontSize === undefined) return { bodyFontSize: 10, bodyBold: false, bodyWeight: 400, bodyItalic: false };
    const bodyCharacters = this.charactersBySize.get(bodyFontSize) ?? 0;
    const boldCharacters = this.boldCharactersBySize.get(bodyFontSize) ?? 0;
    const italicCharacters = this.italicCharactersBySize.get(bodyFontSize) ?? 0;
    const weights = new Map<number, number>();
    for (const [key, characters] of this.charactersBySizeAndWeight) {
      const [size, weight] = key.split('|').map(Number);
      if (size === bodyFontSize) weights.set(weight, characters);
    }
    return {
      bodyFontSize,
      bodyBold: boldCharacters > 0.5 * bodyCharacters,
      bodyWeight: mostCommon(weights) ?? 400,
      bodyItalic: italicCharacters > 0.5 * bodyCharacters,
    };
  }
}

export function measureFontStats(runs: TextRun[]): DocumentFontStats {
  const collector = new FontStatsCollector();
  collector.add(runs);
  return collector.stats();
}
