import { readFile } from 'node:fs/promises';
import { createFolio, FolioError, parseSpaceId, silentLogger, type Config, type Folio, type SearchResult, type SpaceId } from '../index.ts';
import { parseBatchQuestion } from './batch-question.ts';

export interface SearchCommandOptions {
  space: string;
  k?: string;
  batch?: string;
  json?: boolean;
}

/** `folio search "<q>"` or `folio search --batch questions.jsonl`; returns the exit code. */
export async function searchCommand(config: Config, question: string | undefined, options: SearchCommandOptions): Promise<number> {
  const space = parseSpaceId(options.space);
  const k = Math.max(1, Number(options.k ?? 10) || 10);
  if (!options.batch && !question?.trim()) {
    throw new FolioError({
      code: 'internal',
      message: 'search without a question',
      userMessage: 'Give a question, e.g. folio search "what is the refund policy?" --space handbook, or --batch questions.jsonl.',
    });
  }
  // Query vectors come from the configured embedding model, the one the units were embedded with.
  const folio = createFolio(config, { log: silentLogger() });
  try {
    if (options.batch) return await runBatch(folio, space, options.batch, k);
    const result = await folio.search([space], question!, { k });
    if (options.json)
      console.log(
        JSON.stringify({
          pages: result.pages.slice(0, k).map(page => ({ document: page.documentName, page: page.page, score: page.score })),
          hits: jsonHits(result),
        }),
      );
    else printHuman(result, k);
    return 0;
  } finally {
    await folio.close();
  }
}

async function runBatch(folio: Folio, space: SpaceId, path: string, k: number): Promise<number> {
  const lines = (await readFile(path, 'utf8')).split('\n').filter(line => line.trim().length > 0);
  let failures = 0;
  for (const [index, line] of lines.entries()) {
    const parsed = parseBatchQuestion(line);
    if (!parsed) {
      console.error(`line ${index + 1}: expected {id, question, doc?}`);
      failures += 1;
      continue;
    }
    const { id, question, doc } = parsed;
    const record = doc ? await folio.findDocument(space, doc).catch(() => null) : null;
    if (doc && !record) {
      console.log(JSON.stringify({ id, pages: [], hits: [], error: `no document named ${doc} in this space` }));
      failures += 1;
      continue;
    }
    const result = await folio.search([space], question, { documentIds: record ? [record.id] : undefined, k });
    const pages = result.pages.slice(0, Math.max(k, 10));
    console.log(
      JSON.stringify({
        id,
        pages: pages.map(page => page.page),
        // Without `doc` the pages may come from several documents: this says which.
        ...(record ? {} : { documentPages: pages.map(page => ({ document: page.documentName, page: page.page })) }),
        hits: jsonHits(result),
      }),
    );
  }
  return failures === 0 ? 0 : 1;
}

function jsonHits(result: SearchResult) {
  return result.hits.map(hit => ({
    document: hit.unit.documentName,
    nodeId: hit.unit.nodeId,
    title: hit.unit.titlePath[hit.unit.titlePath.length - 1] ?? '',
    path: hit.unit.titlePath,
    page: hit.unit.page,
    score: hit.score,
  }));
}

function printHuman(result: SearchResult, k: number) {
  if (result.hits.length === 0) {
    console.log('Nothing found. Try other words, or check the space with: folio docs --space <space>');
    return;
  }
  console.log(
    `Pages: ${result.pages
      .slice(0, k)
      .map(page => `${page.documentName} · p. ${page.page}`)
      .join(', ')}\n`,
  );
  result.hits.forEach((hit, index) => {
    const snippet = hit.unit.text.replace(/\s+/g, ' ').trim().slice(0, 160);
    console.log(`${index + 1}. ${hit.unit.documentName} · p. ${hit.unit.page} · ${hit.unit.titlePath.join(' › ')}`);
    console.log(`   ${snippet}${hit.unit.text.length > 160 ? '…' : ''}`);
  });
}
