import type { TextRun } from '../page-content.ts';
import { mostCommon } from './text-line.ts';

/** Document-level font facts that heading detection compares each block against. */
export interface DocumentFontStats {
  /** The size (to 0.5 pt) that covers the most characters. */
  bodyFontSize: number;
  /** Most body-size characters are bold (then bold alone does not make a heading). */
  bodyBold: boolean;
}

/** Counts characters per font size and weight, page by page, without keeping the runs. */
export class FontStatsCollector {
  private readonly charactersBySize = new Map<number, number>();
  private readonly boldCharactersBySize = new Map<number, number>();

  add(runs: TextRun[]): void {
    for (const run of runs) {
      const size = Math.round(run.fontSize * 2) / 2;
      const characters = run.text.replace(/\s+/g, '').length;
      this.charactersBySize.set(size, (this.charactersBySize.get(size) ?? 0) + characters);
      if (run.bold) this.boldCharactersBySize.set(size, (this.boldCharactersBySize.get(size) ?? 0) + characters);
    }
  }

  stats(): DocumentFontStats {
    const bodyFontSize = mostCommon(this.charactersBySize);
    if (bodyFontSize === undefined) return { bodyFontSize: 10, bodyBold: false };
    const boldCharacters = this.boldCharactersBySize.get(bodyFontSize) ?? 0;
    return { bodyFontSize, bodyBold: boldCharacters > 0.5 * (this.charactersBySize.get(bodyFontSize) ?? 0) };
  }
}

export function measureFontStats(runs: TextRun[]): DocumentFontStats {
  const collector = new FontStatsCollector();
  collector.add(runs);
  return collector.stats();
}
