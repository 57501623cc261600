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
  /**
   * The gold answer's text, when the set has one ("Not answerable" or null for unanswerable questions).
   * A list ("['Dresden', 'Köln']" in MMLongBench, or a JSON array) is kept as it is written, in brackets.
   */
  answer: z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()])), z.null()])
    .transform(answer => (answer === null ? undefined : Array.isArray(answer) ? JSON.stringify(answer) : String(answer)))
    .optional(),
  answer_format: z.string().optional(),
  /** ISO 639-1 code of the question's language, when the set says. */
  lang: z.string().optional(),
});

export type EvalQuestion = z.infer<typeof questionSchema>;

export interface EvalSet {
  documentPaths: string[];
  /** Answerable questions (at least one gold page). */
  questions: EvalQuestion[];
  /** Questions the documents do not answer (`unanswerable.jsonl`, optional; `pages: []`). */
  unanswerable: EvalQuestion[];
}

/**
 * An evaluation set laid out like ../shared/eval/mmlongbench: `docs/*.pdf`, `questions.jsonl` with
 * `{id, doc, question, pages, source, evidence_sources?, answer?}` per line (pages 1-based), and
 * optionally `unanswerable.jsonl` in the same shape with `pages: []`.
 */
export async function readEvalSet(setDir: string, options: { limit?: number } = {}): Promise<EvalSet> {
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
  const questions = parseQuestions(raw, 'questions.jsonl')
    .filter(question => question.pages.length > 0)
    .slice(0, options.limit ?? Infinity);
  const unanswerableRaw = await readFile(join(setDir, 'unanswerable.jsonl'), 'utf8').catch(() => '');
  const documentNames = new Set(names);
  const unanswerable = parseQuestions(unanswerableRaw, 'unanswerable.jsonl')
    .filter(question => question.pages.length === 0 && documentNames.has(question.doc))
    .slice(0, options.limit ?? Infinity);
  const needed = new Set([...questions, ...unanswerable].map(question => question.doc));
  const documentPaths = names
    .filter(name => needed.has(name))
    .sort()
    .map(name => join(documentsDir, name));
  return { documentPaths, questions, unanswerable };
}

function parseQuestions(raw: string, file: string): EvalQuestion[] {
  return raw
    .split('\n')
    .filter(line => line.trim().length > 0)
    .map((line, index) => {
      const parsed = questionSchema.safeParse(safeJson(line));
      if (!parsed.success) {
        throw new FolioError({
          code: 'internal',
          message: `${file} line ${index + 1}: ${parsed.error.message}`,
          userMessage: `${file} line ${index + 1} is not {id, doc, question, pages, source}; fix that line and run again.`,
        });
      }
      return parsed.data;
    });
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
