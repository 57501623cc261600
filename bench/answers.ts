// `npm run bench:answers [-- --set DIR --data-dir DIR --json]`
// Answer-level evaluation on a question set with gold pages (default ../shared/eval/mmlongbench): ingests
// it once into --data-dir (reused on later runs), then asks every question through the ask pipeline,
// offline unless a model is configured, per document and over the whole space. Prints context recall,
// cited gold, false not-found, answer shown and abstention (the `folio eval --answers` table), and the
// page hit@3 of the same search next to it. See docs/asking.md and docs/benchmarks.md.
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { evalCommand } from '../src/cli/eval-command.ts';
import { loadConfig } from '../src/config.ts';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

const program = new Command('bench:answers')
  .option('--set <dir>', 'evaluation set (docs/*.pdf, questions.jsonl, unanswerable.jsonl)', resolve(repositoryRoot, '..', 'shared', 'eval', 'mmlongbench'))
  .option('--data-dir <dir>', 'where the ingested set is kept between runs', join(tmpdir(), 'folio-bench-answers'))
  .option('--scope <scope>', 'doc, space or both', 'both')
  .option('--json', 'print JSON lines instead of tables')
  .parse();
const options = program.opts<{ set: string; dataDir: string; scope: string; json?: boolean }>();

const config = loadConfig();
const retrieval = await evalCommand(config, options.set, { dataDir: options.dataDir, scope: options.scope, json: options.json });
const answers = await evalCommand(config, options.set, { dataDir: options.dataDir, scope: options.scope, json: options.json, answers: true });
process.exitCode = Math.max(retrieval, answers);
