import { describe, expect, it } from 'vitest';
import { ScriptedLanguageModel } from '../fakes/scripted-language-model.ts';

describe('ScriptedLanguageModel (the in-memory model other tests use)', () => {
  it('answers from the script, then from the reply function, and records every request', async () => {
    const model = new ScriptedLanguageModel({ reply: request => `echo: ${request.prompt}` }).script('scripted');
    expect((await model.generate({ prompt: 'one' })).text).toBe('scripted');
    expect((await model.generate({ prompt: 'two' })).text).toBe('echo: two');
    expect(model.calls.map(request => request.prompt)).toEqual(['one', 'two']);
  });

  it('adds its latency before the first token and streams in chunks', async () => {
    const model = new ScriptedLanguageModel({ latencyMs: 80, chunkSize: 4, reply: () => 'abcdefghij' });
    const deltas: string[] = [];
    const result = await model.generate({ prompt: 'q', onText: delta => deltas.push(delta) });
    expect(deltas).toEqual(['abcd', 'efgh', 'ij']);
    expect(result.firstTokenMs).toBeGreaterThanOrEqual(75);
    expect(result.usage).toEqual({ inputTokens: 1, outputTokens: 3 });
  });

  it('throws scripted errors and honours the abort signal', async () => {
    await expect(new ScriptedLanguageModel().script(new Error('scripted failure')).generate({ prompt: 'q' })).rejects.toThrow('scripted failure');
    const model = new ScriptedLanguageModel({ latencyMs: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled')), 20);
    await expect(model.generate({ prompt: 'q', signal: controller.signal })).rejects.toThrow('cancelled');
  });
});
