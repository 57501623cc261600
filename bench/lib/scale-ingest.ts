// Writes bench:scale's corpus through the real KnowledgeStore (commitDocument: record, tree, units) and
// keeps a progress file in the data dir, so generation can stop at the time limit and go on in the next
// run with the same settings, and a complete data dir is reused as it is.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KnowledgeStore } from '../../src/store/types.ts';
import type { ScaleCorpus, ScaleSettings, ScaleSpace } from './scale-corpus.ts';

/** What the data dir holds; `settings` and `store` must match the run's for it to be reused. */
export interface ScaleProgress {
  /** Bumped when the generator's output changes, so an old data dir is not taken for a new one. */
  generator: 1;
  store: KnowledgeStore['kind'];
  /** WEAVIATE_URL for a Weaviate run (the data is there, not in the data dir). */
  storeUrl?: string;
  settings: ScaleSettings;
  /** Indexes of the spaces whose every document is committed. */
  completeSpaces: number[];
  /** Summed over all runs that generated: wall time of the generation loop and of commitDocument alone. */
  ingest: { units: number; documents: number; wallMs: number; commitMs: number };
}

export interface IngestOutcome {
  progress: ScaleProgress;
  complete: boolean;
  /** What this run committed (0 when the data dir was reused as it was). */
  thisRun: { units: number; documents: number; wallMs: number; commitMs: number };
}

const progressFile = 'bench-scale.json';

export function readProgress(dataDir: string): ScaleProgress | undefined {
  const path = join(dataDir, progressFile);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ScaleProgress) : undefined;
}

function writeProgress(dataDir: string, progress: ScaleProgress): void {
  const path = join(dataDir, progressFile);
  writeFileSync(`${path}.tmp`, JSON.stringify(progress));
  renameSync(`${path}.tmp`, path);
}

/** Same generator, store and settings: the data dir's content is this run's corpus (or a prefix of it). */
export function sameCorpus(progress: ScaleProgress, fresh: Omit<ScaleProgress, 'completeSpaces' | 'ingest'>): boolean {
  return (
    progress.generator === fresh.generator &&
    progress.store === fresh.store &&
    progress.storeUrl === fresh.storeUrl &&
    JSON.stringify(progress.settings) === JSON.stringify(fresh.settings)
  );
}

/**
 * Commits every document of the spaces not yet complete, `concurrency` spaces at a time (SQLite writes
 * one at a time whatever this is; Weaviate gains from several). Re-committing a document of a space cut
 * off mid-way replaces it, so a resumed run needs no clean-up. Stops starting spaces after `deadline`.
 */
export async function ingestCorpus(
  store: KnowledgeStore,
  corpus: ScaleCorpus,
  spaces: ScaleSpace[],
  options: { dataDir: string; progress: ScaleProgress; concurrency: number; deadline: number; log: (line: string) => void },
): Promise<IngestOutcome> {
  const { progress } = options;
  const done = new Set(progress.completeSpaces);
  const pending = spaces.filter(space => !done.has(space.index));
  const thisRun = { units: 0, documents: 0, wallMs: 0, commitMs: 0 };
  const totalUnits = spaces.reduce((sum, space) => sum + space.units, 0);
  let unitsDone = spaces.filter(space => done.has(space.index)).reduce((sum, space) => sum + space.units, 0);
  const started = performance.now();
  let lastLog = 0;
  let next = 0;
  const worker = async () => {
    while (next < pending.length && Date.now() < options.deadline) {
      const space = pending[next++];
      for (let position = 0; position < space.documentPages.length; position++) {
        const document = corpus.document(space, position);
        const commitStarted = performance.now();
        await store.commitDocument(document);
        thisRun.commitMs += performance.now() - commitStarted;
        thisRun.units += document.units.length;
        thisRun.documents += 1;
        unitsDone += document.units.length;
        if (Date.now() - lastLog > 10_000) {
          lastLog = Date.now();
          const seconds = (performance.now() - started) / 1000;
          options.log(
            `[bench:scale] ${unitsDone}/${totalUnits} units stored (${Math.round(thisRun.units / seconds)} units/s this run, ${done.size} spaces complete)`,
          );
        }
      }
      done.add(space.index);
      progress.completeSpaces = [...done].sort((left, right) => left - right);
      writeProgress(options.dataDir, { ...progress, ingest: add(progress.ingest, { ...thisRun, wallMs: performance.now() - started }) });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  thisRun.wallMs = performance.now() - started;
  progress.ingest = add(progress.ingest, thisRun);
  writeProgress(options.dataDir, progress);
  return { progress, complete: done.size === spaces.length, thisRun };
}

/** A fresh progress record, written before the first commit (so a reused dir is known to be the bench's). */
export function startProgress(dataDir: string, fresh: Omit<ScaleProgress, 'completeSpaces' | 'ingest'>): ScaleProgress {
  const progress: ScaleProgress = { ...fresh, completeSpaces: [], ingest: { units: 0, documents: 0, wallMs: 0, commitMs: 0 } };
  writeProgress(dataDir, progress);
  return progress;
}

function add(left: ScaleProgress['ingest'], right: ScaleProgress['ingest']): ScaleProgress['ingest'] {
  return {
    units: left.units + right.units,
    documents: left.documents + right.documents,
    wallMs: left.wallMs + right.wallMs,
    commitMs: left.commitMs + right.commitMs,
  };
}
