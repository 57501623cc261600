/**
 * The JSON Schemas the plan call sends to the model (Gemini's response schema, OpenAI's
 * `response_format`, a grammar for a local model). They require what planQuestion's own check
 * (modelPlanSchema) requires, so a reply that matches the schema is a usable plan: at least one
 * sub-question, every field present. Lengths are bounded so a slow model's plan ends in time.
 */
const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength });
const texts = (minItems: number, maxItems: number, maxLength: number) => ({ type: 'array', items: text(maxLength), minItems, maxItems });

/** The full plan: sub-questions, tasks, variants, HyDE passages and picks from the table of contents (prompts/plan.md). */
export const fullPlanJsonSchema: Record<string, unknown> = {
  type: 'object',
  properties: {
    language: { type: 'string', minLength: 2, maxLength: 12 },
    subQuestions: texts(1, 4, 400),
    tasks: texts(0, 5, 200),
    variants: texts(0, 12, 120),
    hyde: texts(0, 4, 800),
    picks: {
      type: 'array',
      items: { type: 'object', properties: { doc: { type: 'integer' }, node: { type: 'string', minLength: 1, maxLength: 12 } }, required: ['doc', 'node'] },
      maxItems: 8,
    },
  },
  required: ['language', 'subQuestions', 'tasks', 'variants', 'hyde', 'picks'],
};

/** The compact plan for a slow model (prompts/plan-compact.md): no table of contents, short fields. */
export const compactPlanJsonSchema: Record<string, unknown> = {
  type: 'object',
  properties: {
    language: { type: 'string', minLength: 2, maxLength: 5 },
    subQuestions: texts(1, 2, 160),
    variants: texts(1, 3, 40),
    hyde: texts(1, 1, 200),
  },
  required: ['language', 'subQuestions', 'variants', 'hyde'],
};
