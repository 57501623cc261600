import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { FolioError } from '../../errors.ts';

const questionSchema = z.object({
  id: z.string(),
  doc: z.string(),
  question: z.string(),
  pages: z.array(z.number().int().nonnegative()),
  source: z.string().default('unspecified'),
  evidence_sources: z.array(z.string()).optional(),
});

export type EvalQuestion = z.infer<typeof questionSchema>;

/**
 * An evaluation set laid out like ../shared/eval/mmlongbench: `docs/*.pdf` and `questions.jsonl`
 * with `{id, doc, question, pages, source, evidence_sources?}` per line (pages 1-based).
 */
export async function readEvalSet(setDir: string, options: { limit?: number } = {}): Promise<{ documentPaths: string[]; questions: EvalQuestion[] }> {
  const documentsDir = join(setDir, 'docs');
  const names = await readdir(documentsDir).catch(() => null);
  const raw = await readFile(join(setDir, 'questions.jsonl'), 'utf8').catch(() => null);
  if (!names || raw === null) {
    throw new FolioError({
      code: 'internal',
      message: `not an evaluation set: ${setDir}`,
      userMessage: `${setDir} is not an evaluation set: it needs a docs/ folder and a questions.jsonl file.`,
    });
  }
  const questions = raw
    .split('\n')
    .filter(line => line.trim().length > 0)
    .map((line, index) => {
      const parsed = questionSchema.safeParse(JSON.parse(line));
      if (!parsed.success) {
        throw new FolioError({
          code: 'internal',
          message: `questions.jsonl line ${index + 1}: ${parsed.error.message}`,
          userMessage: `questions.jsonl line ${index + 1} is not {id, doc, question, pages, source}; fix that line and run again.`,
        });
      }
      return parsed.data;
    })
    .filter(question => question.pages.length > 0)
    .slice(0, options.limit ?? Infinity);
  const needed = new Set(questions.map(question => question.doc));
  const documentPaths = names.filter(name => needed.has(name)).sort().map(name => join(documentsDir, name));
  return { documentPaths, questions };
}
