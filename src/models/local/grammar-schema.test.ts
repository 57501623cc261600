import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemaOf } from '../generate-json.ts';
import { grammarSchema } from './grammar-schema.ts';

describe('grammarSchema', () => {
  it("keeps what node-llama-cpp's grammar enforces and turns anyOf into oneOf", () => {
    const schema = jsonSchemaOf(
      z.object({
        name: z
          .string()
          .min(1)
          .max(20)
          .regex(/^[a-z]+$/u),
        tags: z
          .array(z.union([z.string(), z.object({ id: z.number().int() })]))
          .min(1)
          .max(3)
          .default([]),
        score: z.number().min(0).max(1),
        when: z.string().datetime().optional(),
        link: z.url().optional(),
      }),
    );
    expect(grammarSchema(schema)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 20 },
        tags: {
          type: 'array',
          items: { oneOf: [{ type: 'string' }, { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], additionalProperties: false }] },
          minItems: 1,
          maxItems: 3,
        },
        score: { type: 'number' },
        when: { type: 'string', format: 'date-time' },
        link: { type: 'string' },
      },
      required: ['name', 'score'],
      additionalProperties: false,
    });
  });
});
