import { z } from 'zod';
import { askBody, requestSchema } from '../request-bodies.ts';
import { replies } from '../reply-bodies.ts';
import type { Schema } from './openapi-parts.ts';

/** The components' schemas: the bodies the API gives (reply-bodies.ts), and the ask request it takes. */
export const schemas: Record<string, Schema> = { ...replySchemas(), AskRequest: requestSchema(askBody) };

/** Each registered reply as a component, its references to the others as `#/components/schemas/<id>`. */
function replySchemas(): Record<string, Schema> {
  const generated = z.toJSONSchema(replies, {
    uri: id => `#/components/schemas/${id}`,
    // `.int()` says "a safe integer" with bounds no reader needs.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  return Object.fromEntries(Object.entries(generated.schemas).map(([name, { $schema: _dialect, $id: _id, ...schema }]) => [name, schema]));
}
