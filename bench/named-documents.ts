// `npm run bench:named [-- --data-dir DIR --space eval --set DIR --questions FILE --json]`
// How well a question that names a document ("in the Nike 10-K", "im Netflix-Bericht", "volgens het
// jaarverslag van Nike") is focused on it (src/conversation/named-documents.ts), over a space where an
// evaluation set was ingested (`folio eval … --data-dir DIR` or `bench:answers`): the share of the
// written questions (bench/fixtures/named-document-questions.jsonl and -2.jsonl: the rules were chosen
// on them; -heldout.jsonl: mostly not; -blind.jsonl: written after they were fixed; -3.jsonl and
// -4.jsonl: written by helpers that saw no code, measured before the opening words were added;
// -5.jsonl: the same, measured before the file-name forms were added)
// focused on their document, per language; questions marked `"by": "none"` (unnamed-document-questions.jsonl)
// count when nothing is focused (those focused on their own document anyway are counted apart). Over the set's own questions, which name documents only now and then,
// how many were focused and how many of those on the right document. Nothing is asked or answered.
// With an embedding model configured (e.g. FOLIO_MODEL_PROVIDER=local), questions no rule focuses may be
// focused on the document they describe (src/conversation/described-documents.ts).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { loadConfig } from '../src/config.ts';
import { EmbeddedDocumentDescriptions } from '../src/conversation/described-documents.ts';
import { spaceWordsIn, questionFocus } from '../src/conversation/question-focus.ts';
import { createLogger } from '../src/log.ts';
import { buildModels } from '../src/models/build-models.ts';
import { parseSpaceId } from '../src/spaces/space-id.ts';
import { SqliteKnowledgeStore } from '../src/store/sqlite/sqlite-knowledge-store.ts';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const options = new Command('bench:named')
  .requiredOption('--data-dir <dir>', 'data dir where the evaluation set is ingested')
  .option('--space <space>', 'the space it is in', 'eval')
  .option('--set <dir>', 'the evaluation set', resolve(repositoryRoot, '..', 'shared', 'eval', 'mmlongbench'))
  .option(
    '--questions <file>',
    'JSONL of {lang, doc, question, by?} naming their document (by "none": naming none)',
    join(repositoryRoot, 'bench', 'fixtures', 'named-document-questions.jsonl'),
  )
  .option('--json', 'print JSON')
  .parse()
  .opts<{ dataDir: string; space: string; set: string; questions: string; json?: boolean }>();

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(line => line.trim())
    .map(line => JSON.parse(line) as { lang?: string; doc: string; question: string; by?: string });
const store = new SqliteKnowledgeStore({ dataDir: options.dataDir });
const log = createLogger({ level: 'warn' });
const embedding = buildModels(loadConfig(process.env).models, { log }).models.embedding;
const descriptions = embedding ? new EmbeddedDocumentDescriptions(embedding, log) : undefined;
try {
  const space = parseSpaceId(options.space);
  const ready = (await store.listDocuments(space)).filter(record => record.status === 'ready');
  const focusOf = async (question: string) => (await questionFocus({ question }, ready, space, spaceWordsIn(store, [space]), descriptions))?.documents ?? [];
  const named: Record<string, { questions: number; right: number; ownDocument: number; misses: string[] }> = {};
  for (const { lang = 'en', doc, question, by } of lines(options.questions)) {
    const entry = (named[by === 'none' ? `${lang}, naming none` : lang] ??= { questions: 0, right: 0, ownDocument: 0, misses: [] });
    const focused = await focusOf(question);
    entry.questions += 1;
    const onItsOwn = focused.length > 0 && focused.every(record => record.name === doc);
    if (by === 'none' ? focused.length === 0 : onItsOwn) entry.right += 1;
    else entry.misses.push(`${question} → ${focused.map(record => record.name).join(', ') || 'none'}${onItsOwn ? ' (its own document)' : ''}`);
    if (by === 'none' && onItsOwn) entry.ownDocument += 1;
  }
  const set = { questions: 0, focused: 0, right: 0 };
  for (const file of ['questions.jsonl', 'unanswerable.jsonl']) {
    for (const { doc, question } of lines(join(options.set, file))) {
      const focused = await focusOf(question);
      set.questions += 1;
      if (focused.length === 0) continue;
      set.focused += 1;
      if (focused.some(record => record.name === doc)) set.right += 1;
    }
  }
  const total = Object.values(named).reduce((sum, entry) => ({ questions: sum.questions + entry.questions, right: sum.right + entry.right }), {
    questions: 0,
    right: 0,
  });
  if (options.json) {
    console.log(JSON.stringify({ documents: ready.length, embeddings: embedding?.id ?? 'none', named, total, set }));
  } else {
    console.log(`bench:named — ${ready.length} documents in ${space}; descriptions by embeddings: ${embedding?.id ?? 'none'}`);
    for (const [lang, entry] of Object.entries(named)) {
      const own = lang.endsWith('naming none') ? ` (${entry.ownDocument} more focused on their own document)` : '';
      console.log(`  ${lang}: ${entry.right}/${entry.questions} focused as they should be${own}`);
    }
    console.log(`  all: ${total.right}/${total.questions} = ${(total.right / total.questions).toFixed(3)}`);
    for (const entry of Object.values(named)) for (const miss of entry.misses) console.log(`    miss: ${miss}`);
    console.log(`the set's own questions: ${set.focused} of ${set.questions} focused, ${set.right} of those on their document`);
  }
} finally {
  await store.close();
}
