import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FolioError } from '../../src/errors.ts';
import { generateJson, ModelOutputInvalidError } from '../../src/models/generate-json.ts';
import { ScriptedLanguageModel } from '../fakes/scripted-language-model.ts';
import { captureLog } from './capture-log.ts';

const planSchema = z.object({
  subQuestions: z.array(z.string()).min(1),
  tasks: z.array(z.string()).default([]),
});

describe('generateJson', () => {
  it('sends the JSON Schema derived from zod (without $schema) and reads a fenced, trailing-comma reply', async () => {
    const model = new ScriptedLanguageModel().script('Sure:\n```json\n{"subQuestions": ["When are refunds paid?",],}\n```');
    const result = await generateJson(model, { system: 'Plan.', prompt: 'When are refunds paid?' }, planSchema, { name: 'plan' });
    expect(result.value).toEqual({ subQuestions: ['When are refunds paid?'], tasks: [] });
    expect(result.calls).toBe(1);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(model.calls[0].jsonSchema).toEqual({
      name: 'plan',
      schema: {
        type: 'object',
        properties: {
          subQuestions: { type: 'array', items: { type: 'string' }, minItems: 1 },
          tasks: { type: 'array', items: { type: 'string' }, default: [] },
        },
        required: ['subQuestions'],
      },
    });
  });

  it('makes one corrective call that shows the model its reply and the problem', async () => {
    const { log, warnings } = captureLog();
    const model = new ScriptedLanguageModel().script('{"subQuestions": []}', '{"subQuestions": ["When are refunds paid?"]}');
    const result = await generateJson(model, { prompt: 'When are refunds paid?' }, planSchema, { name: 'plan', log });
    expect(result.value.subQuestions).toEqual(['When are refunds paid?']);
    expect(result.calls).toBe(2);
    expect(result.usage.inputTokens).toBe(model.calls.reduce((sum, request) => sum + Math.ceil(String(request.prompt).length / 4), 0));
    const corrective = String(model.calls[1].prompt);
    expect(corrective.startsWith('When are refunds paid?\n\n')).toBe(true);
    expect(corrective).toContain('{"subQuestions": []}');
    expect(corrective).toMatch(/Too small: expected array to have >=1 items\s+→ at subQuestions/);
    expect(corrective).toMatch(/only the corrected JSON/);
    expect(model.calls[1].jsonSchema?.name).toBe('plan');
    expect(warnings()[0]).toMatchObject({ msg: 'model reply is not the requested JSON', calls: 1, name: 'plan' });
  });

  it('appends the correction as a text part when the prompt has parts', async () => {
    const model = new ScriptedLanguageModel().script('{"subQuestions": ["a"', '{"subQuestions": ["a"]}');
    await generateJson(model, { prompt: [{ type: 'text', text: 'Q' }] }, planSchema, { name: 'plan' });
    const parts = model.calls[1].prompt as Array<{ type: string; text: string }>;
    expect(parts).toHaveLength(2);
    expect(parts[1].text).toMatch(/incomplete \(cut off\?\)/);
  });

  it('throws model_output_invalid with the calls and usage spent when the retry fails too', async () => {
    const model = new ScriptedLanguageModel().script('I cannot help with that.', 'Still no JSON, sorry.');
    const error = await generateJson(model, { prompt: 'Q' }, planSchema, { name: 'plan' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelOutputInvalidError);
    expect(error).toBeInstanceOf(FolioError);
    const invalid = error as ModelOutputInvalidError;
    expect(invalid.code).toBe('model_output_invalid');
    expect(invalid.calls).toBe(2);
    expect(invalid.usage.outputTokens).toBe(Math.ceil('I cannot help with that.'.length / 4) + Math.ceil('Still no JSON, sorry.'.length / 4));
    expect(invalid.userMessage).toMatch(/could not be understood/);
    expect(model.calls).toHaveLength(2);
  });

  it('uses a given JSON Schema as is and passes provider failures through', async () => {
    const schema = { type: 'object', properties: { subQuestions: { type: 'array' } } };
    const model = new ScriptedLanguageModel().script('{"subQuestions": ["x"]}');
    await generateJson(model, { prompt: 'Q' }, planSchema, { name: 'plan', jsonSchema: schema });
    expect(model.calls[0].jsonSchema).toEqual({ name: 'plan', schema });

    const unavailable = new FolioError({ code: 'model_unavailable', message: 'down', userMessage: 'down', retryable: true });
    const failing = new ScriptedLanguageModel().script(unavailable);
    await expect(generateJson(failing, { prompt: 'Q' }, planSchema, { name: 'plan' })).rejects.toBe(unavailable);
  });
});
