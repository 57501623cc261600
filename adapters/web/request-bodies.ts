import { z } from 'zod';

/**
 * The JSON bodies the REST API takes: the handlers validate requests with them, and /openapi.json
 * describes them from them (openapi/schemas.ts), so the two cannot drift apart.
 */
export const askBody = z.object({
  question: z.string().meta({ description: 'Not empty; at most FOLIO_MAX_QUESTION_CHARS characters' }),
  history: z
    .array(z.object({ role: z.enum(['user', 'assistant']), text: z.string().max(20_000) }))
    .max(20)
    .optional()
    .meta({ description: 'The conversation so far, oldest first: a follow-up ("and in 2022?") is read with it' }),
  focus: z
    .object({ documents: z.array(z.string().min(1).max(500)).min(1).max(20) })
    .optional()
    .meta({
      description:
        'Documents (names or ids) to answer from first; when they do not answer, the whole space is asked and the answer says so in a note. An unknown document is 404',
    }),
});

export const searchBody = z.object({
  question: z.string(),
  k: z.number().int().min(1).max(100).optional().meta({ description: 'How many hits (default 10)' }),
});

export const feedbackBody = z.object({
  rating: z.enum(['up', 'down']),
  comment: z.string().max(2000).optional(),
});

/** A body's JSON Schema (draft 2020-12, what OpenAPI 3.1 uses) as the request must be written. */
export function requestSchema(body: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(body, { io: 'input' });
  return schema;
}
