import { createFolioApp } from '../app.ts';
import type { Answer } from '../answer/types.ts';
import type { Config } from '../config.ts';
import { createLogger } from '../log.ts';
import { parseSpaceId } from '../spaces/space-id.ts';

export interface AskCommandOptions {
  space: string;
  json?: boolean;
}

/**
 * `folio ask "<q>" --space S`: the answer streamed to stdout with its sources after it, or with --json
 * one object `{answer, citations, figures, grounded, language, modelCalls, timings, ...}`.
 * Logs (warnings only, unless FOLIO_LOG_LEVEL says more) go to stderr.
 */
export async function askCommand(config: Config, question: string, options: AskCommandOptions): Promise<number> {
  const space = parseSpaceId(options.space);
  const log = createLogger({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const app = createFolioApp(config, { log });
  try {
    let streamed = false;
    const answer = await app.ask({
      spaces: await app.readableSpaces(space),
      question,
      onEvent: options.json
        ? undefined
        : event => {
            if (event.type !== 'text') return;
            streamed = true;
            process.stdout.write(event.delta);
          },
    });
    if (options.json) {
      console.log(JSON.stringify(toJson(answer)));
    } else {
      // A streamed draft may still carry citation numbers the check removed: print the checked answer.
      if (streamed) process.stdout.write('\n\n— checked answer —\n');
      console.log(answer.answer);
      printSources(answer);
    }
    return 0;
  } finally {
    await app.close();
  }
}

function toJson(answer: Answer) {
  return {
    id: answer.id,
    answer: answer.answer,
    citations: answer.citations.map(citation => ({ n: citation.n, document: citation.document, documentId: citation.documentId, pages: citation.pages, nodeId: citation.nodeId, section: citation.titlePath })),
    figures: answer.figures,
    grounded: answer.grounded,
    extractive: answer.extractive,
    language: answer.language,
    closest: answer.closest,
    notes: answer.notes,
    modelCalls: answer.modelCalls,
    usage: answer.usage,
    timings: answer.timings,
  };
}

function printSources(answer: Answer): void {
  if (answer.citations.length > 0) {
    console.log('\nSources:');
    for (const citation of answer.citations) {
      const pages = citation.pages.length === 1 ? `p. ${citation.pages[0]}` : `pp. ${citation.pages.join(', ')}`;
      console.log(`  [${citation.n}] ${citation.document} · ${pages}${citation.titlePath.length > 0 ? ` · ${citation.titlePath.join(' › ')}` : ''}`);
    }
  }
  if (answer.figures.length > 0) {
    console.log('\nFigures used:');
    for (const figure of answer.figures) console.log(`  ${figure.document} · p. ${figure.page}: ${figure.description.replace(/\s+/gu, ' ').slice(0, 300)}`);
  }
  for (const note of answer.notes) console.log(`\nNote: ${note}`);
}
