import type { Request } from 'express';
import type { z } from 'zod';
import { parseSpaceId, type SpaceId } from '../../src/index.ts';
import { inputInvalid } from './http-errors.ts';

/** The `:space` of the URL as a SpaceId: `handbook` is `web:handbook`; unsafe names are refused (400). */
export function spaceParam(request: Request): SpaceId {
  return parseSpaceId(String(request.params.space ?? ''));
}

/** The JSON body checked against `schema`; a mismatch is a 400 naming the first problem. */
export function jsonBody<Schema extends z.ZodType>(request: Request, schema: Schema, example: string): z.infer<Schema> {
  if (!request.is('application/json')) {
    throw inputInvalid(`content-type ${request.get('content-type') ?? 'none'}`, `Send a JSON body (Content-Type: application/json), e.g. ${example}.`);
  }
  const parsed = schema.safeParse(request.body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw inputInvalid(`invalid body: ${where}${issue.message}`, `The request body is not as expected (${where}${issue.message}); send e.g. ${example}.`);
}
