// `npm run bench:parse -- <dir-of-documents | files...> [--json] [--concurrency N] [--isolate] [--strict]`
// Runs the whole ingestion pipeline (no vision model) on every file and reports speed, memory and
// what was found. See docs/benchmarks.md.
import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from '../src/config.ts';
import { readDocument } from '../src/ingest/read-document.ts';
import { listDocuments } from './lib/list-documents.ts';
import { runParseBenchmark } from './lib/parse-benchmark.ts';
import { formatParseReport } from './lib/parse-report.ts';

const program = new Command('bench:parse')
  .argument('<paths...>', 'PDF/Office files, or directories holding them')
  .option('--json', 'print the report as JSON on stdout')
  .option(
    '--concurrency <count>',
    'documents read at the same time (default: as a batch ingest reads them, one per parse worker plus one; 1 with --isolate)',
    positiveInteger,
  )
  .option('--isolate', 'read each file in its own child process, so its peak RSS is exact')
  .option('--strict', 'also exit non-zero when the pipeline rejects a file (encrypted, damaged, ...)')
  .parse();

const options = program.opts<{ json?: boolean; concurrency?: number; isolate?: boolean; strict?: boolean }>();

try {
  const config = loadConfig();
  const documents = await listDocuments(program.args);
  if (documents.length === 0) {
    console.error(`No PDF or Office files found in: ${program.args.join(', ')}`);
    process.exit(2);
  }
  const report = await runParseBenchmark(
    {
      documents,
      concurrency: options.concurrency,
      isolate: options.isolate ?? false,
      onDocument: (row, finished, total) => process.stderr.write(`[${finished}/${total}] ${row.name}: ${row.status}, ${row.wallMs.toFixed(0)} ms\n`),
    },
    { reader: readDocument, config: config.ingest },
  );
  console.log(options.json ? JSON.stringify(report, null, 2) : formatParseReport(report));

  const { totals } = report;
  if (totals.failed === totals.documents) {
    const firstError = report.rows[0].error;
    console.error(`\nreadDocument failed on every document; first error: ${firstError?.code}: ${firstError?.message}`);
  }
  process.exitCode = totals.failed > 0 || (options.strict && totals.rejected > 0) ? 1 : 0;
} catch (error) {
  console.error(`bench:parse could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return parsed;
}
