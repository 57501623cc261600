import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { SqliteKnowledgeStore } from '../../src/store/sqlite/sqlite-knowledge-store.ts';
import { describeKnowledgeStoreContract } from './knowledge-store.contract.ts';

const directories: string[] = [];
afterAll(async () => {
  await Promise.all(directories.map(directory => rm(directory, { recursive: true, force: true })));
});

describeKnowledgeStoreContract('sqlite', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'folio-sqlite-contract-'));
  directories.push(dataDir);
  return new SqliteKnowledgeStore({ dataDir });
});
