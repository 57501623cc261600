import { readFile } from 'node:fs/promises';
import {
  createFolio,
  createLogger,
  FolioError,
  parseSpaceId,
  plainChatText,
  type Answer,
  type AskOutcome,
  type Config,
  type Folio,
  type SpaceId,
} from '../index.ts';
import { parseBatchQuestion } from './batch-question.ts';

export interface AskCommandOptions {
  space: string;
  json?: boolean;
  /** A JSONL file of `{id, question, doc?}`: every line answered in this one process. */
  batch?: string;
  /** Documents (names or ids) asked first; the whole space when they do not answer (`--doc`, repeatable). */
  doc?: string[];
}

/**
 * `folio ask "<q>" --space S`: the answer streamed to stdout with its sources after it, or with --json
 * one object `{outcome, answer, citations, context, figures, grounded, language, modelCalls, timings, ...}`
 * (`outcome`: answered, not_found, no_documents or still_reading; the last two carry only the message).
 * `--batch FILE.jsonl` answers one question per line (`doc` restricts it to that document) and prints
 * one JSON line each: the same object with the line's `id` (the answer's own id as `answerId`). Logs (warnings only, unless FOLIO_LOG_LEVEL says more) go to stderr.
 */
export async function askCommand(config: Config, question: string | undefined, options: AskCommandOptions): Promise<number> {
  const space = parseSpaceId(options.space);
  if (!options.batch && !question?.trim()) {
    throw new FolioError({
      code: 'question_empty',
      message: 'ask without a question',
      userMessage: 'Give a question, e.g. folio ask "how long is the warranty?" --space handbook, or --batch questions.jsonl.',
    });
  }
  const log = createLogger({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const app = createFolio(config, { log });
  try {
    if (options.batch) return await askBatch(app, space, options.batch);
    let streamed = false;
    const outcome = await app.ask({
      spaces: await app.readableSpaces(space),
      question: question!,
      focus: options.doc && options.doc.length > 0 ? { documents: options.doc } : undefined,
      onEvent: options.json
        ? undefined
        : event => {
            if (event.type !== 'text') return;
            streamed = true;
            process.stdout.write(event.delta);
          },
    });
    if (options.json) {
      console.log(JSON.stringify(outcomeJson(outcome)));
    } else if ('answer' in outcome) {
      // A streamed draft may still carry citation numbers the check removed: print the checked answer.
      if (streamed) process.stdout.write('\n\n— checked answer —\n');
      console.log(outcome.answer.answer);
      printSources(outcome.answer);
    } else {
      console.log(plainChatText(outcome.message));
    }
    return 0;
  } finally {
    await app.close();
  }
}

/** One JSON line per input line; a bad line or an unknown `doc` gets `{id?, error}` and a non-zero exit code. */
async function askBatch(app: Folio, space: SpaceId, path: string): Promise<number> {
  const text = await readFile(path, 'utf8').catch(() => {
    throw new FolioError({
      code: 'input_invalid',
      message: `cannot read ${path}`,
      userMessage: `Cannot read ${path}: give a JSONL file of {id, question, doc?} lines.`,
    });
  });
  const spaces = await app.readableSpaces(space);
  let failures = 0;
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim().length === 0) continue;
    const parsed = parseBatchQuestion(line);
    if (!parsed) {
      console.log(JSON.stringify({ line: index + 1, error: 'expected {id, question, doc?}' }));
      failures += 1;
      continue;
    }
    const { id, question, doc } = parsed;
    const record = doc ? await app.findDocument(space, doc).catch(() => null) : null;
    if (doc && !record) {
      console.log(JSON.stringify({ id, error: `no document named ${doc} in this space` }));
      failures += 1;
      continue;
    }
    try {
      const outcome = await app.ask({ spaces, question, documentIds: record ? [record.id] : undefined });
      // `id` is the line's; the answer's own id (for feedback) moves to `answerId`.
      console.log(JSON.stringify({ ...outcomeJson(outcome), ...('answer' in outcome ? { answerId: outcome.answer.id } : {}), id }));
    } catch (error) {
      // One question failing (too long, empty) must not cost the others their answers.
      const message = error instanceof FolioError ? error.userMessage : String(error);
      console.log(JSON.stringify({ id, error: message }));
      failures += 1;
    }
  }
  return failures === 0 ? 0 : 1;
}

function outcomeJson(outcome: AskOutcome) {
  if (!('answer' in outcome)) {
    return {
      outcome: outcome.kind,
      answer: plainChatText(outcome.message),
      citations: [],
      context: [],
      figures: [],
      grounded: false,
      language: outcome.language,
      reading: outcome.reading.map(record => record.name),
      unreadable: outcome.unreadable.map(record => record.name),
    };
  }
  return { outcome: outcome.kind, ...answerJson(outcome.answer), reading: outcome.reading.map(record => record.name) };
}

function answerJson(answer: Answer) {
  return {
    id: answer.id,
    answer: answer.answer,
    citations: answer.citations.map(citation => ({
      n: citation.n,
      document: citation.document,
      documentId: citation.documentId,
      pages: citation.pages,
      labels: citation.labels,
      pagesLabel: citation.pagesLabel,
      nodeId: citation.nodeId,
      section: citation.titlePath,
      quotes: citation.quotes,
    })),
    context: answer.context,
    figures: answer.figures,
    grounded: answer.grounded,
    extractive: answer.extractive,
    language: answer.language,
    closest: answer.closest,
    notes: answer.notes,
    plan: answer.plan,
    ...(answer.focus ? { focus: answer.focus } : {}),
    ...(answer.rewritten ? { rewritten: answer.rewritten } : {}),
    modelCalls: answer.modelCalls,
    usage: answer.usage,
    timings: answer.timings,
  };
}

function printSources(answer: Answer): void {
  if (answer.focus && !answer.focus.widened) console.log(`\n(From ${answer.focus.documents.map(document => document.name).join(', ')}.)`);
  if (answer.citations.length > 0) {
    console.log('\nSources:');
    for (const citation of answer.citations) {
      console.log(
        `  [${citation.n}] ${citation.document} · ${citation.pagesLabel}${citation.titlePath.length > 0 ? ` · ${citation.titlePath.join(' › ')}` : ''}`,
      );
    }
  }
  if (answer.figures.length > 0) {
    console.log('\nFigures used:');
    for (const figure of answer.figures) console.log(`  ${figure.document} · ${figure.pageLabel}: ${figure.description.replace(/\s+/gu, ' ').slice(0, 300)}`);
  }
  for (const note of answer.notes) console.log(`\nNote: ${note}`);
}
