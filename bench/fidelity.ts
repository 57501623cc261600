// `npm run bench:fidelity [-- --docling-dir D --pageindex-dir P --daya-dir A --json --verbose --check-targets]`
// Reads reference corpora with the pipeline and scores Folio's trees against Docling's ground truth
// and PageIndex's trees. See docs/benchmarks.md.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { loadConfig } from '../src/config.ts';
import { readDocument } from '../src/ingest/read-document.ts';
import { runFidelityBenchmark, type FidelityResults } from './lib/fidelity-benchmark.ts';
import { pathExists } from './lib/fidelity-corpus.ts';
import { formatFidelityReport } from './lib/fidelity-report.ts';
import { fidelityTargets, fidelityTotals } from './lib/fidelity-totals.ts';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const defaultCorpus = (name: string) => resolve(repositoryRoot, '..', 'shared', 'corpus', name);
const sections = ['docling', 'pageindex', 'daya'] as const;

const program = new Command('bench:fidelity')
  .option('--docling-dir <dir>', 'Docling corpus (docs/*.pdf, groundtruth/*.json)', defaultCorpus('docling'))
  .option('--pageindex-dir <dir>', 'PageIndex corpus (docs/*.pdf, trees/*_structure.json)', defaultCorpus('pageindex'))
  .option('--daya-dir <dir>', 'DAYA corpus (*.pdf, *.PageIndex_tree.json); skipped when the default is missing')
  .option('--only <sections>', `comma-separated subset of ${sections.join(',')}`, sections.join(','))
  .option('--json', 'print results and totals as JSON on stdout')
  .option('--verbose', 'list missed and extra titles per document')
  .option('--check-targets', 'exit 1 when a total is below its target')
  .parse();

const options = program.opts<{
  doclingDir: string;
  pageindexDir: string;
  dayaDir?: string;
  only: string;
  json?: boolean;
  verbose?: boolean;
  checkTargets?: boolean;
}>();

try {
  const wanted = new Set(options.only.split(',').map(name => name.trim()));
  const unknown = [...wanted].filter(name => !(sections as readonly string[]).includes(name));
  if (unknown.length > 0) exitWithUsage(`unknown section(s) in --only: ${unknown.join(', ')}`);

  const missing: string[] = [];
  const required = async (section: string, directory: string) => {
    if (!wanted.has(section)) return undefined;
    if (await pathExists(directory)) return resolve(directory);
    missing.push(`${section} corpus not found at ${resolve(directory)}`);
    return undefined;
  };
  const doclingDirectory = await required('docling', options.doclingDir);
  const pageIndexDirectory = await required('pageindex', options.pageindexDir);
  const dayaDirectory = options.dayaDir
    ? await required('daya', options.dayaDir)
    : wanted.has('daya') && (await pathExists(defaultCorpus('daya')))
      ? defaultCorpus('daya')
      : undefined;
  if (missing.length > 0) {
    exitWithUsage(`${missing.join('\n')}\nPass --docling-dir / --pageindex-dir, or leave a corpus out with --only.`);
  }

  const results = await runFidelityBenchmark(
    { doclingDirectory, pageIndexDirectory, dayaDirectory },
    {
      reader: readDocument,
      config: loadConfig().ingest,
      onDocument: (section, name) => process.stderr.write(`[${section}] ${name}\n`),
    },
  );
  const totals = fidelityTotals(results);
  console.log(
    options.json ? JSON.stringify({ targets: fidelityTargets, totals, results }, null, 2) : formatFidelityReport(results, { verbose: options.verbose }),
  );
  reportReaderFailures(results);
  process.exitCode = anyFailed(results) || (options.checkTargets && !targetsMet(totals)) ? 1 : 0;
} catch (error) {
  console.error(`bench:fidelity could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}

function exitWithUsage(message: string): never {
  console.error(message);
  process.exit(2);
}

function allDocuments(results: FidelityResults) {
  return [...(results.docling ?? []), ...(results.pageIndex ?? []), ...(results.daya ?? [])];
}

function anyFailed(results: FidelityResults): boolean {
  return allDocuments(results).some(result => result.status === 'failed');
}

/** A pipeline that throws on everything is a setup problem, not a fidelity score: say so plainly. */
function reportReaderFailures(results: FidelityResults): void {
  const failures = allDocuments(results).filter(result => result.error);
  if (failures.length === 0) return;
  console.error(`\n${failures.length} document(s) could not be read:`);
  for (const failure of failures) console.error(`  ${failure.name} [${failure.status}, ${failure.error!.code}]: ${failure.error!.message}`);
}

function targetsMet(totals: ReturnType<typeof fidelityTotals>): boolean {
  const atLeast = (value: number | null | undefined, target: number) => value === undefined || (value !== null && value >= target);
  return (
    atLeast(totals.docling?.headings.precision, fidelityTargets.headingPrecision) &&
    atLeast(totals.docling?.headings.recall, fidelityTargets.headingRecall) &&
    atLeast(totals.docling?.tables.recall, fidelityTargets.tableRecall) &&
    atLeast(totals.pageIndex?.titleMatch, fidelityTargets.pageIndexTitleMatch) &&
    atLeast(totals.daya?.titleMatch, fidelityTargets.pageIndexTitleMatch)
  );
}
