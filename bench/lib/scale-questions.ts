// The question phases of bench:scale against the real API process: the first question in the large
// space (in the main process, then once more in each of several fresh processes), later questions in the
// large and the small space, one question in each of many other spaces while the process's RSS is
// read, and later questions in the large space again after those.
import type { ScaleCorpus, ScaleSpace } from './scale-corpus.ts';
import { rssOf } from './load-memory.ts';
import { startScaleService, type AskSample, type ScaleService } from './scale-service.ts';
import { percentile } from './search-benchmark.ts';

export interface QuestionSettings {
  dataDir: string;
  /** The serve process's store settings (WEAVIATE_URL …); SQLite in the data dir without them. */
  environment: Record<string, string>;
  large: ScaleSpace;
  small: ScaleSpace;
  /** The spaces of the RSS phase, one question each. */
  spread: ScaleSpace[];
  /** Later questions per phase, after each space's first. */
  questions: number;
  /** Fresh API processes whose first question is timed (the main process included). */
  firstRuns: number;
  seed: number;
  deadline: number;
  log: (line: string) => void;
}

export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface PhaseResult {
  phase: 'first-large' | 'later-large' | 'first-small' | 'later-small' | 'first-spread' | 'later-large-after-spread';
  count: number;
  wallMs: LatencyStats;
  serverMs: LatencyStats;
  cpuMs: LatencyStats;
  /** Replies by outcome (`answered`, `not_found`, …). */
  outcomes: Record<string, number>;
  /** The time limit cut the phase short. */
  truncated: boolean;
}

export interface QuestionResults {
  phases: PhaseResult[];
  /** The main API process's RSS in MB: before any question, after the first, after the later ones, after the spread phase. */
  rssMb: { atStart: number; afterFirst: number; afterLater: number; afterSpread: number; peakDuringSpread: number; spreadSpaces: number };
  /** RSS after every 50th space of the spread phase, MB. */
  rssSeriesMb: Array<{ spaces: number; rssMb: number }>;
  serveStartMs: LatencyStats;
}

export async function runQuestionPhases(corpus: ScaleCorpus, settings: QuestionSettings): Promise<QuestionResults> {
  const { large, small, questions } = settings;
  const largeQuestions = corpus.questions(large, questions * 2 + settings.firstRuns + 1, settings.seed);
  const smallQuestions = corpus.questions(small, questions + 1, settings.seed);
  const samples = new Map<PhaseResult['phase'], { asked: AskSample[]; truncated: boolean }>();
  const record = (phase: PhaseResult['phase'], sample: AskSample) => {
    const entry = samples.get(phase) ?? { asked: [], truncated: false };
    entry.asked.push(sample);
    samples.set(phase, entry);
  };
  const askAll = async (service: ScaleService, phase: PhaseResult['phase'], space: ScaleSpace, list: string[]) => {
    for (const question of list) {
      if (Date.now() > settings.deadline) {
        samples.set(phase, { asked: samples.get(phase)?.asked ?? [], truncated: true });
        return;
      }
      record(phase, await service.ask(space.name, question));
    }
  };

  const startMs: number[] = [];
  const main = await startScaleService({ dataDir: settings.dataDir, environment: settings.environment });
  startMs.push(main.startMs);
  settings.log(`[bench:scale] folio serve (pid ${main.pid}) at ${main.baseUrl} after ${Math.round(main.startMs)} ms`);
  const rss = { atStart: mb(rssOf(main.pid)), afterFirst: 0, afterLater: 0, afterSpread: 0, peakDuringSpread: 0, spreadSpaces: 0 };
  const rssSeriesMb: QuestionResults['rssSeriesMb'] = [];
  try {
    const first = await main.ask(large.name, largeQuestions[0]);
    record('first-large', first);
    rss.afterFirst = mb(first.rssBytes);
    settings.log(`[bench:scale] first question in ${large.name} (${large.units} units): ${Math.round(first.wallMs)} ms; RSS ${rss.afterFirst} MB`);
    await askAll(main, 'later-large', large, largeQuestions.slice(1, 1 + questions));
    await askAll(main, 'first-small', small, smallQuestions.slice(0, 1));
    await askAll(main, 'later-small', small, smallQuestions.slice(1));
    rss.afterLater = mb(rssOf(main.pid));
    settings.log(`[bench:scale] later questions done; RSS ${rss.afterLater} MB; now one question in each of ${settings.spread.length} spaces`);
    for (const [position, space] of settings.spread.entries()) {
      if (Date.now() > settings.deadline) {
        samples.set('first-spread', { asked: samples.get('first-spread')?.asked ?? [], truncated: true });
        break;
      }
      const sample = await main.ask(space.name, corpus.questions(space, 1, settings.seed)[0]);
      record('first-spread', sample);
      rss.spreadSpaces = position + 1;
      rss.peakDuringSpread = Math.max(rss.peakDuringSpread, mb(sample.rssBytes));
      if ((position + 1) % 50 === 0 || position + 1 === settings.spread.length) {
        rssSeriesMb.push({ spaces: position + 1, rssMb: mb(sample.rssBytes) });
        settings.log(`[bench:scale] ${position + 1}/${settings.spread.length} spaces asked; RSS ${mb(sample.rssBytes)} MB`);
      }
    }
    rss.afterSpread = mb(rssOf(main.pid));
    await askAll(main, 'later-large-after-spread', large, largeQuestions.slice(1 + questions, 1 + 2 * questions));
  } finally {
    await main.stop();
  }

  // The first question again, each time in a fresh process (a p95 of first questions needs several).
  for (let run = 1; run < settings.firstRuns && Date.now() < settings.deadline; run++) {
    const fresh = await startScaleService({ dataDir: settings.dataDir, environment: settings.environment });
    startMs.push(fresh.startMs);
    try {
      const sample = await fresh.ask(large.name, largeQuestions[1 + 2 * questions + run]);
      record('first-large', sample);
      settings.log(`[bench:scale] fresh process ${run + 1}/${settings.firstRuns}: first question ${Math.round(sample.wallMs)} ms`);
    } finally {
      await fresh.stop();
    }
  }
  if (samples.get('first-large')!.asked.length < settings.firstRuns) samples.get('first-large')!.truncated = true;

  const phases = [...samples.entries()].map(
    ([phase, { asked, truncated }]): PhaseResult => ({
      phase,
      count: asked.length,
      wallMs: stats(asked.map(sample => sample.wallMs)),
      serverMs: stats(asked.flatMap(sample => (sample.serverMs === undefined ? [] : [sample.serverMs]))),
      cpuMs: stats(asked.flatMap(sample => (sample.cpuMs === undefined ? [] : [sample.cpuMs]))),
      outcomes: asked.reduce<Record<string, number>>((counts, sample) => {
        counts[sample.outcome] = (counts[sample.outcome] ?? 0) + 1;
        return counts;
      }, {}),
      truncated,
    }),
  );
  return { phases, rssMb: rss, rssSeriesMb, serveStartMs: stats(startMs) };
}

export function stats(values: number[]): LatencyStats {
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    count: values.length,
    p50: round(percentile(values, 0.5)),
    p95: round(percentile(values, 0.95)),
    max: round(values.length ? Math.max(...values) : 0),
  };
}

function mb(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}
