import type { ModelSpeed } from './types.ts';

/**
 * The short call that measures a model's speed before its first question: ~250 prompt tokens read,
 * then up to `speedProbeOutputTokens` written. Reading ends at the first token; the rest is writing.
 */
export const speedProbePrompt = `${'The committee reviewed the quarterly figures, the staffing plan and the budget for the next year. '.repeat(16)}\nCount from one to thirty in words, separated by commas.`;
export const speedProbeOutputTokens = 48;

/** Tokens a second read and written, from one timed call (milliseconds from its start). */
export function speedOf(timing: { inputTokens: number; outputTokens: number; firstTokenMs: number; totalMs: number }): ModelSpeed {
  return {
    promptTokensPerSecond: round(timing.inputTokens / Math.max(timing.firstTokenMs / 1000, 0.001)),
    generationTokensPerSecond: round(Math.max(1, timing.outputTokens - 1) / Math.max((timing.totalMs - timing.firstTokenMs) / 1000, 0.001)),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
