import { describe, expect, it } from 'vitest';
import { modelPlanSchema } from '../../../src/answer/plan-question.ts';
import { generateJson, ModelOutputInvalidError } from '../../../src/models/generate-json.ts';
import { parseJsonLoosely } from '../../../src/models/robust-json.ts';
import { ScriptedLanguageModel } from '../../fakes/scripted-language-model.ts';

/**
 * What test/models/robust-json.test.ts (its own seeded fuzz of 3000 mutations and long hostile
 * strings) leaves out: nesting 100,000 deep, in every shape a model could produce it, closed and
 * unclosed, bare, fenced or after prose; and the same replies through generateJson with the real
 * plan schema. Nothing may overflow the stack (a RangeError would escape as an internal error):
 * the parser returns a value or throws its ordinary error, quickly.
 */

const depth = 100_000;
const deepInputs: Array<[string, string]> = [
  ['[[[[… unclosed', '['.repeat(depth)],
  ['[[[[…]]]] closed (valid JSON)', '['.repeat(depth) + ']'.repeat(depth)],
  ['{"a":{"a":… unclosed', '{"a":'.repeat(depth)],
  ['{"a":{"a":…1}}}} closed (valid JSON)', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
  ['[{[{… alternating, closed', `${'[{"k":'.repeat(depth / 2)}null${'}]'.repeat(depth / 2)}`],
  ['lenient syntax (unquoted keys, trailing commas) 100k deep', `${'{a:['.repeat(depth / 2)}1,${']}'.repeat(depth / 2)}`],
  ['deep JSON in a ```json fence', `\`\`\`json\n${'['.repeat(depth)}${']'.repeat(depth)}\n\`\`\``],
  ['deep JSON after prose', `Here is the plan: ${'{"x":'.repeat(depth)}0${'}'.repeat(depth)} — done.`],
  ['deep, then cut off', `{"subQuestions": ${'['.repeat(depth)}"a"`],
];

/** Runs `parse` and says how it ended; a stack overflow is reported as such, not thrown through. */
function outcome(parse: () => unknown): { ok: true } | { ok: false; error: unknown } {
  try {
    parse();
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

describe('robust JSON against deep nesting (100,000 levels)', () => {
  it.each(deepInputs)('%s: a value or an ordinary parse error, never a stack overflow', (_name, text) => {
    const started = performance.now();
    const result = outcome(() => parseJsonLoosely(text));
    if (!result.ok) {
      expect(result.error).toBeInstanceOf(Error);
      expect(result.error).not.toBeInstanceOf(RangeError);
      expect((result.error as Error).message).not.toMatch(/call stack/i);
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a model that answers the plan call with deep nesting twice gets model_output_invalid, not a crash', async () => {
    for (const [name, text] of deepInputs) {
      const model = new ScriptedLanguageModel().script(text, text);
      const started = performance.now();
      const thrown = await generateJson(model, { prompt: 'How many vacation days do I get?' }, modelPlanSchema, { name: 'plan' }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(thrown, name).toBeInstanceOf(ModelOutputInvalidError);
      expect(thrown, name).toMatchObject({ code: 'model_output_invalid', retryable: true });
      // The corrective call echoed at most 8000 characters of the reply back.
      expect(String(model.calls[1].prompt).length, name).toBeLessThan(20_000);
      expect(performance.now() - started, name).toBeLessThan(5000);
    }
  });
});
