import { describe, expect, it } from 'vitest';
import { modelBudgets } from './model-budgets.ts';

const settings = { planTimeoutMs: 20_000, answerTimeoutMs: 90_000, contextTokens: 2000 };

describe('modelBudgets', () => {
  it('gives a hosted model (no measured speed) the full plan, 2,048 output tokens and the configured deadlines', () => {
    expect(modelBudgets(undefined, { ...settings, contextTokens: 8000 })).toEqual({
      plan: 'full',
      tocMaxChars: 16_000,
      planMaxOutputTokens: 2048,
      planDeadlineMs: 20_000,
      contextTokens: 8000,
      answerMaxOutputTokens: 2048,
      answerDeadlineMs: 90_000,
      answer: 'write',
    });
  });

  it('has a model that reads slowly choose quotes, unless the setting says to write', () => {
    const cpu = { promptTokensPerSecond: 120, generationTokensPerSecond: 12 };
    const gpu = { promptTokensPerSecond: 3000, generationTokensPerSecond: 80 };
    expect(modelBudgets(cpu, settings).answer).toBe('choose');
    expect(modelBudgets(gpu, settings).answer).toBe('write');
    expect(modelBudgets(cpu, { ...settings, modelAnswer: 'write' }).answer).toBe('write');
    expect(modelBudgets(gpu, { ...settings, modelAnswer: 'choose' }).answer).toBe('choose');
    expect(modelBudgets(undefined, { ...settings, modelAnswer: 'choose' }).answer).toBe('choose');
  });

  it('gives a CPU model the compact plan that fits its deadline, and an answer it can finish in time', () => {
    // Qwen2.5-Coder 1.5B on two cores: ~120 prompt and ~12 output tokens a second.
    const budgets = modelBudgets({ promptTokensPerSecond: 120, generationTokensPerSecond: 12 }, settings);
    expect(budgets).toMatchObject({ plan: 'compact', tocMaxChars: 0, planMaxOutputTokens: 256, planDeadlineMs: 20_000, answerDeadlineMs: 90_000 });
    // Reading ~3,000 tokens takes ~25 s of the 72 s the deadline allows: what is left writes ~560 tokens.
    expect(budgets.answerMaxOutputTokens).toBeGreaterThan(300);
    expect(budgets.answerMaxOutputTokens).toBeLessThanOrEqual(600);
  });

  it('plans in full when the model reads and writes fast enough, and not at all when even the compact plan is late', () => {
    expect(modelBudgets({ promptTokensPerSecond: 2000, generationTokensPerSecond: 60 }, settings).plan).toBe('full');
    expect(modelBudgets({ promptTokensPerSecond: 40, generationTokensPerSecond: 4 }, settings)).toMatchObject({ plan: 'none', tocMaxChars: 0 });
    // A longer plan deadline buys the slow model its compact plan back.
    expect(modelBudgets({ promptTokensPerSecond: 40, generationTokensPerSecond: 4 }, { ...settings, planTimeoutMs: 60_000 }).plan).toBe('compact');
  });

  it('shrinks the answer to what the deadline leaves, never below a short answer', () => {
    const slow = { promptTokensPerSecond: 120, generationTokensPerSecond: 12 };
    expect(modelBudgets(slow, { ...settings, answerTimeoutMs: 40_000 }).answerMaxOutputTokens).toBeLessThan(modelBudgets(slow, settings).answerMaxOutputTokens);
    expect(modelBudgets(slow, { ...settings, answerTimeoutMs: 10_000 }).answerMaxOutputTokens).toBe(64);
  });
});
