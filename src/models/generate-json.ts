import { z } from 'zod';
import { FolioError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { renderPrompt } from './prompt-template.ts';
import { parseJsonLoosely } from './robust-json.ts';
import type { GenerateRequest, LanguageModel, ModelUsage } from './types.ts';

export interface GeneratedJson<T> {
  value: T;
  /** Model calls made: 1, or 2 after a corrective retry. */
  calls: number;
  usage: ModelUsage;
  /** Wall time of all calls. */
  ms: number;
}

/**
 * The model's output could not be read as the requested JSON, even after the corrective retry.
 * Carries the calls and usage spent, so callers can account for them before falling back.
 */
export class ModelOutputInvalidError extends FolioError {
  constructor(
    readonly model: string,
    readonly problem: string,
    readonly calls: number,
    readonly usage: ModelUsage,
    readonly ms: number,
  ) {
    super({
      code: 'model_output_invalid',
      message: `${model} did not return valid JSON after ${calls} calls: ${problem.slice(0, 300)}`,
      userMessage: "The AI model's reply could not be understood. Please try again.",
      retryable: true,
    });
  }
}

/** Previous replies longer than this are shortened in the corrective prompt. */
const maxEchoedReplyChars = 8000;

/**
 * Asks for JSON matching `schema`: sends the JSON Schema (derived from the zod schema unless given),
 * reads the reply loosely (fences, prose, trailing commas…), validates it with zod, and on failure makes
 * ONE corrective call that shows the model its reply and what was wrong. A second failure throws
 * ModelOutputInvalidError (code `model_output_invalid`); provider failures propagate as they are.
 */
export async function generateJson<T>(
  model: LanguageModel,
  request: Omit<GenerateRequest, 'jsonSchema' | 'onText'>,
  schema: z.ZodType<T>,
  options: { name: string; jsonSchema?: Record<string, unknown>; log?: Logger },
): Promise<GeneratedJson<T>> {
  const started = performance.now();
  const jsonSchema = { name: options.name, schema: options.jsonSchema ?? jsonSchemaOf(schema) };
  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  let current: GenerateRequest = { ...request, jsonSchema };
  for (let calls = 1; ; calls += 1) {
    const result = await model.generate(current);
    usage.inputTokens += result.usage.inputTokens;
    usage.outputTokens += result.usage.outputTokens;
    const outcome = readReply(result.text, schema);
    if (outcome.ok) return { value: outcome.value, calls, usage, ms: Math.round(performance.now() - started) };
    options.log?.warn({ model: model.id, name: options.name, calls, problem: outcome.problem.slice(0, 300) }, 'model reply is not the requested JSON');
    if (calls >= 2) throw new ModelOutputInvalidError(model.id, outcome.problem, calls, usage, Math.round(performance.now() - started));
    current = { ...request, jsonSchema, prompt: await withCorrection(request.prompt, outcome.problem, result.text) };
  }
}

/** The JSON Schema of what the model must write (zod's input side: before defaults and transforms). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  // Gemini's responseJsonSchema rejects the `$schema` keyword; the others accept its absence.
  return rest;
}

function readReply<T>(text: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; problem: string } {
  let parsed: unknown;
  try {
    parsed = parseJsonLoosely(text);
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
  const validated = schema.safeParse(parsed);
  if (validated.success) return { ok: true, value: validated.data };
  return { ok: false, problem: `the JSON does not match the schema:\n${z.prettifyError(validated.error)}` };
}

async function withCorrection(prompt: GenerateRequest['prompt'], problem: string, previousReply: string): Promise<GenerateRequest['prompt']> {
  const echoed = previousReply.length > maxEchoedReplyChars ? `${previousReply.slice(0, maxEchoedReplyChars)}\n[…]` : previousReply;
  const correction = await renderPrompt('json-correction', { problem, previousReply: echoed || '(empty)' });
  return typeof prompt === 'string' ? `${prompt}\n\n${correction}` : [...prompt, { type: 'text', text: correction }];
}
