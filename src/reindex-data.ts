import type { Config } from './config.ts';
import type { DocumentRecord } from './documents/types.ts';
import type { Folio } from './folio-api.ts';
import type { OutdatedData } from './store/reindex/outdated-data.ts';
import { outdatedSqlite } from './store/reindex/outdated-sqlite.ts';
import { outdatedWeaviate } from './store/reindex/outdated-weaviate.ts';
import { deleteReindexPlan, readReindexPlan, writeReindexPlan } from './store/reindex/reindex-plan.ts';
import type { IngestOutcome } from './ingest/ingest-files.ts';
import type { IngestEvent } from './ingest/types.ts';

export type ReindexEvent =
  /** Data of an older format was found; its records are saved in the plan before it is removed. */
  | { type: 'found'; where: string; format: number; documents: number }
  /** The plan of an earlier run that stopped; `done` of its documents are back already. */
  | { type: 'resumed'; documents: number; done: number }
  | { type: 'progress'; index: number; record: DocumentRecord; event: IngestEvent }
  | { type: 'finished'; index: number; record: DocumentRecord; outcome: IngestOutcome };

export interface ReindexOutcome {
  /** `current`: the store was already of this Folio's data format and no reindex was pending. */
  status: 'current' | 'rebuilt';
  documents: number;
  ready: number;
  failed: number;
  /** Back already before this run (an earlier run stopped after them). */
  alreadyDone: number;
}

/** Documents read per batch: each batch shares its parse workers; progress is kept between batches. */
const batchSize = 8;

/**
 * `folio reindex`: rebuilds the store from the stored originals when it holds data of an older data
 * format (the stores refuse it otherwise), or with `all` whatever its format, so documents are read by
 * this Folio's reader (titles, stemming and parsing it added). The old records are written to a plan in the data dir
 * first, then the old data is removed, the store opens in the current format (`open`) and every
 * document is read again with its id, name, space and source. Nothing is lost if it stops: the plan
 * stays until every document is back, and running it again continues where it stopped (documents
 * already back are skipped). Failed documents stay failed; settings and answers live elsewhere and
 * are untouched.
 */
export async function reindexData(
  config: Config,
  options: { open: () => Folio; onEvent?: (event: ReindexEvent) => void; all?: boolean },
): Promise<ReindexOutcome> {
  const { onEvent } = options;
  let plan = await readReindexPlan(config.dataDir);
  // A plan already under way is finished first; `all` starts a new one only when none is.
  const includeCurrent = options.all === true && !plan;
  const outdated: OutdatedData | undefined = config.weaviate
    ? await outdatedWeaviate(config.weaviate, { includeCurrent })
    : await outdatedSqlite(config.dataDir, { includeCurrent });
  if (!plan && !outdated) return { status: 'current', documents: 0, ready: 0, failed: 0, alreadyDone: 0 };
  if (outdated) {
    // A plan already written came from this same data (the run stopped before removing it).
    if (!plan) {
      plan = { store: config.weaviate ? 'weaviate' : 'sqlite', records: outdated.records };
      await writeReindexPlan(config.dataDir, plan);
    }
    onEvent?.({ type: 'found', where: outdated.where, format: outdated.format, documents: plan.records.length });
    await outdated.remove();
  }
  const records = plan!.records;
  const folio = options.open();
  try {
    const current = new Map<string, DocumentRecord>();
    for (const space of new Set(records.map(record => record.space))) {
      for (const record of await folio.listDocuments(space)) current.set(`${record.space}\n${record.id}`, record);
    }
    const isBack = (record: DocumentRecord) => {
      const now = current.get(`${record.space}\n${record.id}`);
      return now !== undefined && now.sha256 === record.sha256 && (now.status === 'ready' || now.status === 'failed');
    };
    const pending = records.map((record, index) => ({ record, index })).filter(({ record }) => !isBack(record));
    const alreadyDone = records.length - pending.length;
    if (!outdated) onEvent?.({ type: 'resumed', documents: records.length, done: alreadyDone });
    let ready = records.filter(record => isBack(record) && current.get(`${record.space}\n${record.id}`)?.status === 'ready').length;
    let failed = alreadyDone - ready;
    for (let start = 0; start < pending.length; start += batchSize) {
      const batch = pending.slice(start, start + batchSize);
      const outcomes = await folio.rereadDocuments(
        batch.map(item => item.record),
        { onEvent: (position, event) => onEvent?.({ type: 'progress', index: batch[position].index, record: batch[position].record, event }) },
      );
      outcomes.forEach((outcome, position) => {
        if (outcome.status === 'ready') ready += 1;
        else failed += 1;
        onEvent?.({ type: 'finished', index: batch[position].index, record: batch[position].record, outcome });
      });
    }
    await deleteReindexPlan(config.dataDir);
    return { status: 'rebuilt', documents: records.length, ready, failed, alreadyDone };
  } finally {
    await folio.close();
  }
}
