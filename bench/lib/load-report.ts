import { formatTable } from './format-table.ts';
import type { LatencySummary, LoadModeResult, LoadSettings } from './load-run.ts';

interface Row {
  mode: string;
  what: string;
  summary: LatencySummary;
  extra: string;
}

/** The bench's table: one line per measured thing per mode (ms), then memory per process (MB). */
export function formatLoadReport(settings: LoadSettings, results: LoadModeResult[]): string {
  const rows: Row[] = results.flatMap(result => {
    const { burst, soak } = result;
    return [
      { mode: result.mode, what: `burst: ask (${settings.questions} at once)`, summary: burst.ask, extra: `wall ${burst.wallSeconds} s` },
      { mode: result.mode, what: 'burst: SSE first text', summary: burst.askStreamingFirstText, extra: '' },
      { mode: result.mode, what: `burst: upload (${settings.ingests} at once)`, summary: burst.upload, extra: '' },
      { mode: result.mode, what: 'burst: upload → ready', summary: burst.ingestToReady, extra: '' },
      {
        mode: result.mode,
        what: `burst: Slack ack (${settings.slackEvents})`,
        summary: burst.slackAck,
        extra: `≥3 s: ${burst.slackAck.over3s}; answered ${burst.slackAnswered}/${burst.slackAck.count}`,
      },
      { mode: result.mode, what: `soak: ask (${settings.soakConcurrency} loops)`, summary: soak.asks, extra: `${soak.seconds} s` },
      { mode: result.mode, what: 'soak: Slack ack', summary: soak.slackAck, extra: `≥3 s: ${soak.slackAck.over3s}` },
    ];
  });
  const latency = formatTable<Row>(
    [
      { header: 'mode', value: row => row.mode },
      { header: 'what', value: row => row.what },
      { header: 'n', value: row => String(row.summary.count), align: 'right' },
      { header: 'p50 ms', value: row => String(row.summary.p50), align: 'right' },
      { header: 'p95 ms', value: row => String(row.summary.p95), align: 'right' },
      { header: 'p99 ms', value: row => String(row.summary.p99), align: 'right' },
      { header: 'max ms', value: row => String(row.summary.max), align: 'right' },
      { header: 'errors', value: row => String(row.summary.errors), align: 'right' },
      { header: 'notes', value: row => [row.extra, ...row.summary.errorSamples].filter(Boolean).join('; '), maxWidth: 70 },
    ],
    rows,
  );
  const memoryRows = results.flatMap(result => result.burst.memory.map((burst, index) => ({ mode: result.mode, burst, soak: result.soak.memory[index] })));
  const memory = formatTable(
    [
      { header: 'mode', value: (row: (typeof memoryRows)[number]) => row.mode },
      { header: 'process', value: row => `${row.burst.role} ${row.burst.pid}` },
      { header: 'burst peak MB', value: row => String(row.burst.peakMb), align: 'right' },
      { header: 'soak start MB', value: row => String(row.soak.startMb), align: 'right' },
      { header: 'soak peak MB', value: row => String(row.soak.peakMb), align: 'right' },
      { header: 'soak end MB', value: row => String(row.soak.endMb), align: 'right' },
      { header: '1st→last quarter MB', value: row => `${row.soak.firstQuarterMb}→${row.soak.lastQuarterMb}`, align: 'right' },
      { header: '2nd-half slope MB/min', value: row => String(row.soak.secondHalfSlopeMbPerMinute), align: 'right' },
    ],
    memoryRows,
  );
  const header = [
    `bench:load — model latency ${settings.modelLatencyMs[0]}–${settings.modelLatencyMs[1]} ms per call (streamed), FOLIO_MODEL_CONCURRENCY=${settings.modelConcurrency},`,
    `${settings.preIngest} documents pre-ingested, ${Math.round(settings.sseShare * 100)}% of questions streamed (SSE); loopback only`,
  ];
  return [...header, '', latency, '', memory].join('\n');
}
