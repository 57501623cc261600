import { z } from 'zod';

/** One line of a `--batch` JSONL file (`folio ask`, `folio search`): `doc` names the only document to read. */
export type BatchQuestion = z.infer<typeof batchQuestionSchema>;

const batchQuestionSchema = z.object({ id: z.union([z.string(), z.number()]), question: z.string().min(1), doc: z.string().optional() });

/** The line as a BatchQuestion, or undefined when it is not JSON of the shape `{id, question, doc?}`. */
export function parseBatchQuestion(line: string): BatchQuestion | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const parsed = batchQuestionSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
