import { formatTable } from './format-table.ts';
import type { ScaleSettings } from './scale-corpus.ts';
import type { ScaleProgress } from './scale-ingest.ts';
import type { PhaseResult, QuestionResults } from './scale-questions.ts';

export interface ScaleReport {
  store: ScaleProgress['store'];
  settings: ScaleSettings;
  dataDir: string;
  /** Over all runs that generated this data dir; `thisRun` only what this run committed. */
  ingest: ScaleProgress['ingest'] & { unitsPerSecond: number; documentsPerSecond: number; commitUnitsPerSecond: number; thisRun: ScaleProgress['ingest'] };
  generationComplete: boolean;
  questions?: QuestionResults;
  questionSpaces: number;
  loadAverage: { atStart: number[]; atEnd: number[] };
  cores: number;
  date: string;
}

const phaseLabels: Record<PhaseResult['phase'], string> = {
  'first-large': 'first question, large space (fresh process each)',
  'later-large': 'later questions, large space',
  'first-small': 'first question, small space',
  'later-small': 'later questions, small space',
  'first-spread': 'first question in each other space',
  'later-large-after-spread': 'later questions, large space, after those',
};

export function formatScaleReport(report: ScaleReport): string {
  const { settings, ingest } = report;
  const lines = [
    `bench:scale — ${report.store}, ${settings.spaces} spaces, ${settings.units} units (large space ${settings.largeUnits}, small ${settings.smallUnits}, ${settings.pagesPerDocument} pages per document); data dir ${report.dataDir}`,
    `ingest: ${ingest.units} units in ${ingest.documents} documents, ${(ingest.wallMs / 1000).toFixed(1)} s: ${ingest.unitsPerSecond} units/s, ${ingest.documentsPerSecond} documents/s (commitDocument alone: ${ingest.commitUnitsPerSecond} units/s)${ingest.thisRun.units === 0 && report.generationComplete ? ', data dir reused' : ingest.thisRun.units < ingest.units ? `, ${ingest.thisRun.units} units in this run` : ''}`,
  ];
  if (!report.generationComplete) lines.push('generation stopped at the time limit: run the same command again to go on (the data dir keeps what is stored)');
  const questions = report.questions;
  if (questions) {
    const cell = (phase: PhaseResult, pick: (phase: PhaseResult) => { count: number; p50: number; p95: number }) => {
      const value = pick(phase);
      return value.count === 0 ? '–' : `${value.p50} / ${value.p95}`;
    };
    lines.push(
      '',
      formatTable<PhaseResult>(
        [
          { header: 'phase (API process, loopback, offline)', value: phase => phaseLabels[phase.phase] },
          { header: 'n', value: phase => `${phase.count}${phase.truncated ? '*' : ''}`, align: 'right' },
          { header: 'wall p50 / p95 ms', value: phase => cell(phase, entry => entry.wallMs), align: 'right' },
          { header: 'max ms', value: phase => String(phase.wallMs.max), align: 'right' },
          { header: 'askQuestion p50 / p95', value: phase => cell(phase, entry => entry.serverMs), align: 'right' },
          { header: 'CPU p50 / p95 ms', value: phase => cell(phase, entry => entry.cpuMs), align: 'right' },
          {
            header: 'outcomes',
            value: phase =>
              Object.entries(phase.outcomes)
                .map(([outcome, count]) => `${outcome} ${count}`)
                .join(', '),
          },
        ],
        questions.phases,
      ),
    );
    if (questions.phases.some(phase => phase.truncated)) lines.push('* cut short by the time limit');
    const rss = questions.rssMb;
    const growth = rss.afterSpread - rss.afterFirst;
    lines.push(
      '',
      `RSS of the API process: ${rss.atStart} MB at start, ${rss.afterFirst} MB after the first question, ${rss.afterLater} MB after the later ones, ${rss.afterSpread} MB after questions in ${rss.spreadSpaces} other spaces (peak ${rss.peakDuringSpread} MB): ${growth >= 0 ? '+' : ''}${growth} MB since the first question`,
      `  by spaces asked: ${questions.rssSeriesMb.map(point => `${point.spaces}: ${point.rssMb}`).join(', ')} MB`,
      `serve start-up (spawn to listening): p50 ${questions.serveStartMs.p50} ms, max ${questions.serveStartMs.max} ms over ${questions.serveStartMs.count} processes`,
      targetsLine(questions),
    );
  }
  lines.push(
    `machine: ${report.cores} cores, load average ${report.loadAverage.atStart.join(' / ')} at start, ${report.loadAverage.atEnd.join(' / ')} at the end; ${report.date}`,
  );
  return lines.join('\n');
}

/** Issue 20's targets: first question p95 < 300 ms, later p95 < 100 ms (large space), RSS within 200 MB. */
function targetsLine(questions: QuestionResults): string {
  const phase = (name: PhaseResult['phase']) => questions.phases.find(entry => entry.phase === name);
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const first = phase('first-large');
  const later = phase('later-large');
  const growth = questions.rssMb.afterSpread - questions.rssMb.afterFirst;
  return [
    'targets:',
    first ? `first question in the large space p95 ${first.wallMs.p95} ms < 300 ms ${mark(first.wallMs.p95 < 300)};` : '',
    later ? `later p95 ${later.wallMs.p95} ms < 100 ms ${mark(later.wallMs.p95 < 100)};` : '',
    `RSS growth ${growth} MB ≤ 200 MB ${mark(growth <= 200)}`,
  ]
    .filter(Boolean)
    .join(' ');
}
