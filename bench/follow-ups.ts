// `npm run bench:follow-ups [-- --data-dir DIR --space eval --exchanges FILE --json]`
// Two-turn exchanges over an ingested evaluation set (bench/fixtures/follow-up-exchanges.jsonl, written
// over ../shared/eval/mmlongbench's documents): the first question is asked, then the follow-up ("and
// the advertising expense?") with the first turn and its answer as history, through Folio.ask as a chat
// asks it: over the whole space, and in the thread of the document's share (focused on it). Prints how
// often the follow-up's gold page is in its context, and how often it was rewritten. Offline unless a
// model is configured (FOLIO_MODEL_PROVIDER and its settings, as `folio serve` reads them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { loadConfig } from '../src/config.ts';
import { createFolio } from '../src/folio.ts';
import { silentLogger } from '../src/log.ts';
import { parseSpaceId } from '../src/spaces/space-id.ts';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const options = new Command('bench:follow-ups')
  .requiredOption('--data-dir <dir>', 'data dir where the evaluation set is ingested')
  .option('--space <space>', 'the space it is in', 'eval')
  .option('--exchanges <file>', 'JSONL of {doc, pages, first, followUp}', join(repositoryRoot, 'bench', 'fixtures', 'follow-up-exchanges.jsonl'))
  .option('--json', 'print JSON')
  .parse()
  .opts<{ dataDir: string; space: string; exchanges: string; json?: boolean }>();

const exchanges = readFileSync(options.exchanges, 'utf8')
  .split('\n')
  .filter(line => line.trim())
  .map(line => JSON.parse(line) as { doc: string; pages: number[]; first: string; followUp: string });
const folio = createFolio(loadConfig({ ...process.env, FOLIO_DATA_DIR: options.dataDir }), { log: silentLogger() });
try {
  const space = parseSpaceId(options.space);
  const records = await folio.listDocuments(space);
  const results: Record<'space' | 'thread', { exchanges: number; goldInContext: number; rewritten: number; misses: string[] }> = {
    space: { exchanges: 0, goldInContext: 0, rewritten: 0, misses: [] },
    thread: { exchanges: 0, goldInContext: 0, rewritten: 0, misses: [] },
  };
  for (const exchange of exchanges) {
    const record = records.find(candidate => candidate.name === exchange.doc);
    if (!record) throw new Error(`${exchange.doc} is not in ${space}: ingest the set into ${options.dataDir} first`);
    for (const scope of ['space', 'thread'] as const) {
      const focus = scope === 'thread' ? { documents: [record.id] } : undefined;
      const first = await folio.ask({ spaces: [space], question: exchange.first, focus });
      const history = [
        { role: 'user' as const, text: exchange.first },
        { role: 'assistant' as const, text: 'answer' in first ? first.answer.answer : '' },
      ];
      const outcome = await folio.ask({ spaces: [space], question: exchange.followUp, history, focus });
      if (!('answer' in outcome)) throw new Error(`no answer: ${outcome.kind}`);
      const { answer } = outcome;
      const entry = results[scope];
      entry.exchanges += 1;
      if (answer.rewritten) entry.rewritten += 1;
      if (answer.context.some(passage => passage.documentId === record.id && passage.pages.some(page => exchange.pages.includes(page))))
        entry.goldInContext += 1;
      else entry.misses.push(`${exchange.followUp} (${answer.rewritten ?? 'not rewritten'})`);
    }
  }
  if (options.json) console.log(JSON.stringify({ provider: folio.config.models.provider, results }));
  else {
    console.log(`bench:follow-ups — ${exchanges.length} exchanges, ${folio.config.models.provider}`);
    for (const [scope, entry] of Object.entries(results)) {
      console.log(
        `  ${scope}: follow-up's gold page in context ${entry.goldInContext}/${entry.exchanges} = ${(entry.goldInContext / entry.exchanges).toFixed(3)}; rewritten ${entry.rewritten}`,
      );
      for (const miss of entry.misses) console.log(`    miss: ${miss}`);
    }
  }
} finally {
  await folio.close();
}
