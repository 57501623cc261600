// `npm run bench:load [-- --soak-minutes 10 --modes in-process,bullmq --json]`
// The real service (`folio serve`, and in BullMQ mode 2 × `folio worker` on a redis-server started for the
// run) under concurrent load on loopback: a fake OpenAI-compatible model with 300–800 ms per call,
// pre-ingested documents, then a burst of 50 questions (some streamed), 20 uploads and signed Slack
// mentions at once, then a soak of steady traffic while the processes' RSS is sampled. Prints p50/p95/p99
// latencies, errors, Slack ack times and memory; `--json` prints the raw results.
import { availableParallelism, loadavg } from 'node:os';
import { Command, InvalidArgumentError } from 'commander';
import { formatLoadReport } from './lib/load-report.ts';
import { runLoad, type LoadSettings } from './lib/load-run.ts';
import type { LoadMode } from './lib/load-service.ts';
import { positiveInteger } from './lib/search-benchmark.ts';

const modes = (value: string): LoadMode[] => {
  const list = value.split(',').map(mode => mode.trim());
  for (const mode of list) if (mode !== 'in-process' && mode !== 'bullmq') throw new InvalidArgumentError('in-process, bullmq, or both joined by a comma');
  return list as LoadMode[];
};
const minutes = (value: string): number => {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 60) throw new InvalidArgumentError('minutes between 0 and 60');
  return parsed;
};

const program = new Command('bench:load')
  .option('--modes <list>', 'in-process, bullmq, or both', modes, ['in-process', 'bullmq'] as LoadMode[])
  .option('--questions <count>', 'concurrent questions in the burst', positiveInteger, 50)
  .option('--sse-percent <percent>', 'share of the burst questions asked with text/event-stream', positiveInteger, 30)
  .option('--ingests <count>', 'concurrent uploads of new documents in the burst', positiveInteger, 20)
  .option('--slack <count>', 'concurrent signed Slack mentions in the burst', positiveInteger, 30)
  .option('--pre-ingest <count>', 'documents ingested before the burst', positiveInteger, 4)
  .option('--soak-minutes <minutes>', 'steady traffic after the burst, memory sampled each second', minutes, 1)
  .option('--soak-concurrency <count>', 'question loops during the soak', positiveInteger, 4)
  .option('--latency-min-ms <ms>', 'shortest model call', positiveInteger, 300)
  .option('--latency-max-ms <ms>', 'longest model call', positiveInteger, 800)
  .option('--model-concurrency <count>', 'FOLIO_MODEL_CONCURRENCY of the service', positiveInteger, 16)
  .option('--workers <count>', 'folio worker processes in BullMQ mode', positiveInteger, 2)
  .option('--seed <number>', 'random seed (questions, latencies)', positiveInteger, 7)
  .option('--json', 'print JSON')
  .parse();
const options = program.opts<{
  modes: LoadMode[];
  questions: number;
  ssePercent: number;
  ingests: number;
  slack: number;
  preIngest: number;
  soakMinutes: number;
  soakConcurrency: number;
  latencyMinMs: number;
  latencyMaxMs: number;
  modelConcurrency: number;
  workers: number;
  seed: number;
  json?: boolean;
}>();

const settings: LoadSettings = {
  modes: options.modes,
  questions: options.questions,
  sseShare: Math.min(100, options.ssePercent) / 100,
  ingests: options.ingests,
  slackEvents: options.slack,
  preIngest: Math.max(1, options.preIngest),
  soakSeconds: Math.round(options.soakMinutes * 60),
  soakConcurrency: Math.max(1, options.soakConcurrency),
  modelLatencyMs: [options.latencyMinMs, Math.max(options.latencyMinMs, options.latencyMaxMs)],
  modelConcurrency: Math.max(1, options.modelConcurrency),
  workers: Math.max(1, options.workers),
  seed: options.seed,
  log: line => process.stderr.write(`${line}\n`),
};

const machine = { cores: availableParallelism(), loadAverageAtStart: loadavg().map(value => Math.round(value * 100) / 100), node: process.version };
const results = await runLoad(settings);
if (options.json) console.log(JSON.stringify({ machine, settings: { ...settings, log: undefined }, results }));
else {
  console.log(formatLoadReport(settings, results));
  console.log(`\nmachine: ${machine.cores} cores, load average at start ${machine.loadAverageAtStart.join(' / ')}, Node ${machine.node}`);
}
const failed = results.some(
  result =>
    result.burst.ask.errors +
      result.burst.upload.errors +
      result.burst.ingestToReady.errors +
      result.burst.slackAck.errors +
      result.burst.slackAck.over3s +
      result.soak.asks.errors +
      result.soak.slackAck.errors +
      result.soak.slackAck.over3s >
    0,
);
process.exitCode = failed ? 1 : 0;
