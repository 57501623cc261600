import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentRecord } from '../../documents/types.ts';
import { writeAtomically } from '../../files/atomic-file.ts';

/**
 * What `folio reindex` rebuilds, written to the data dir before any old data is removed: every document
 * record the old store held. A reindex that stops (a crash, Ctrl-C) continues from it when run again;
 * it is deleted once every document is back.
 */
export interface ReindexPlan {
  store: 'sqlite' | 'weaviate';
  records: DocumentRecord[];
}

const planPath = (dataDir: string) => join(dataDir, 'reindex-plan.json');

export async function readReindexPlan(dataDir: string): Promise<ReindexPlan | undefined> {
  try {
    return JSON.parse(await readFile(planPath(dataDir), 'utf8')) as ReindexPlan;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function writeReindexPlan(dataDir: string, plan: ReindexPlan): Promise<void> {
  await writeAtomically(planPath(dataDir), new TextEncoder().encode(JSON.stringify(plan)));
}

export async function deleteReindexPlan(dataDir: string): Promise<void> {
  await rm(planPath(dataDir), { force: true });
}
