// `npm run bench:answers [-- --provider offline|local|openai --sample K --set DIR --data-dir DIR --scope doc|space|thread|both|all --json]`
// Answer-level evaluation on a question set with gold pages (default ../shared/eval/mmlongbench): ingests
// it once into --data-dir (reused on later runs; one per provider, since vectors differ), then asks every
// question (or every K-th, and every K-th unanswerable one) through the ask pipeline, per document and over
// the whole space. Prints context recall, cited gold, false not-found, answer shown and abstention per
// source, evidence and language, the share planned by the model, seconds per question p50/p95 and the
// first streamed token p50 (the `folio eval --answers` table), and the page hit@3 of the same search.
// `--provider` sets FOLIO_MODEL_PROVIDER for this run (default: whatever the environment configures).
// See docs/asking.md and docs/benchmarks.md.
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { evalCommand } from '../src/cli/eval-command.ts';
import { loadConfig } from '../src/config.ts';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

const program = new Command('bench:answers')
  .option('--set <dir>', 'evaluation set (docs/*.pdf, questions.jsonl, unanswerable.jsonl)', resolve(repositoryRoot, '..', 'shared', 'eval', 'mmlongbench'))
  .option('--provider <provider>', 'offline, local, openai or gemini (FOLIO_MODEL_PROVIDER for this run)')
  .option('--sample <k>', 'ask every k-th question and every k-th unanswerable one')
  .option('--data-dir <dir>', 'where the ingested set is kept between runs (default: one per provider under the temp dir)')
  .option('--scope <scope>', 'doc, space, thread, both (doc and space) or all', 'both')
  .option('--skip-retrieval', 'only the answers, not the page ranking first')
  .option('--json', 'print JSON lines instead of tables')
  .parse();
const options = program.opts<{ set: string; provider?: string; sample?: string; dataDir?: string; scope: string; skipRetrieval?: boolean; json?: boolean }>();

const config = loadConfig(options.provider ? { ...process.env, FOLIO_MODEL_PROVIDER: options.provider } : process.env);
const dataDir = options.dataDir ?? join(tmpdir(), `folio-bench-answers${config.models.provider === 'offline' ? '' : `-${config.models.provider}`}`);
const common = { dataDir, scope: options.scope, json: options.json };
const retrieval = options.skipRetrieval ? 0 : await evalCommand(config, options.set, common);
const answers = await evalCommand(config, options.set, { ...common, answers: true, sample: options.sample });
process.exitCode = Math.max(retrieval, answers);
