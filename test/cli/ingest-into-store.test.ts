import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolio } from '../../src/folio.ts';
import type { Folio } from '../../src/folio-api.ts';
import { loadConfig } from '../../src/config.ts';
import type { DocumentRecord } from '../../src/documents/types.ts';
import { SqliteKnowledgeStore } from '../../src/store/sqlite/sqlite-knowledge-store.ts';
import { silentLogger } from '../../src/log.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { FakeEmbeddingModel } from '../fakes/fake-embedding-model.ts';
import { searchUnits } from '../../src/search/unit-search.ts';

/** Remembers every status a record passes through. */
class StatusRecordingStore extends SqliteKnowledgeStore {
  readonly statuses = new Map<string, string[]>();
  override async saveRecord(record: DocumentRecord): Promise<void> {
    this.statuses.set(record.id, [...(this.statuses.get(record.id) ?? []), record.status]);
    return super.saveRecord(record);
  }
}

/** Fails (as a provider outage would) on any batch with a text mentioning "sabotage". */
class SabotagedEmbeddingModel extends FakeEmbeddingModel {
  override async embed(texts: string[], options: { task: 'document' | 'query' }): Promise<number[][]> {
    if (texts.some(text => /sabotage/i.test(text))) throw new Error('embedding provider unavailable');
    return super.embed(texts, options);
  }
}

async function makePdf(pages: Array<{ heading: string; body: string }>): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  for (const { heading, body } of pages) {
    const page = document.addPage([595, 842]);
    page.drawText(heading, { x: 56, y: 780, size: 18, font: bold });
    page.drawText(body, { x: 56, y: 740, size: 10, font: regular });
  }
  return document.save();
}

describe('ingestion into the KnowledgeStore', () => {
  const space = 'web:ingest-store' as SpaceId;
  let workDir: string;
  let store: StatusRecordingStore;
  let embeddingModel: SabotagedEmbeddingModel;
  let folio: Folio;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'folio-ingest-store-'));
    const config = loadConfig({ FOLIO_DATA_DIR: join(workDir, 'data'), FOLIO_OCR: 'off' });
    store = new StatusRecordingStore({ dataDir: config.dataDir });
    embeddingModel = new SabotagedEmbeddingModel(32, 2);
    folio = createFolio(config, { store, embeddingModel, log: silentLogger() });
  });
  afterAll(async () => {
    await folio.close();
    await rm(workDir, { recursive: true, force: true });
  });

  const ingest = async (name: string, pages: Array<{ heading: string; body: string }>) => {
    const path = join(workDir, `${Math.random()}.pdf`);
    await writeFile(path, await makePdf(pages));
    const [outcome] = await folio.ingestFiles([{ path, name }], space);
    return outcome;
  };
  const originals = () => readdir(join(workDir, 'data', 'files'));

  it('records each stage, embeds units in batches and makes every page searchable', async () => {
    const outcome = await ingest('plan.pdf', [
      { heading: 'Zeppelin maintenance', body: 'Helium levels are checked every morning before flights.' },
      { heading: 'Hangar schedule', body: 'The hangar opens at six and closes at ten.' },
    ]);
    expect(outcome).toMatchObject({ status: 'ready', duplicate: false, pages: 2 });
    expect(store.statuses.get(outcome.documentId)).toEqual(['queued', 'parsing', 'indexing']);
    expect((await store.getRecord(space, outcome.documentId))?.status).toBe('ready');

    const hits = await searchUnits(store, { spaces: [space], text: 'helium flights', k: 3 });
    expect(hits[0].unit).toMatchObject({ documentName: 'plan.pdf', page: 1 });
    const units = await store.getUnits(space, outcome.documentId);
    expect(units.length).toBeGreaterThanOrEqual(2);
    expect(units.every(unit => unit.vector?.length === 32)).toBe(true);
    expect(embeddingModel.calls.every(call => call.task === 'document' && call.texts.length <= 2)).toBe(true);
    expect(embeddingModel.calls.flatMap(call => call.texts)).toHaveLength(units.length);
    const vectorHits = await store.searchVector({ spaces: [space], vector: embeddingModel.embedOne('hangar opens at six'), k: 1 });
    expect(vectorHits[0].unit.page).toBe(2);
  });

  it('replaces an older version of the same name and deletes its unused original', async () => {
    const before = await originals();
    const outcome = await ingest('plan.pdf', [{ heading: 'Albatross maintenance', body: 'Feathers are inspected weekly.' }]);
    expect(outcome.status).toBe('ready');
    expect((await store.listDocuments(space)).map(record => record.id)).toEqual([outcome.documentId]);
    expect(await searchUnits(store, { spaces: [space], text: 'helium zeppelin', k: 3 })).toEqual([]);
    expect((await searchUnits(store, { spaces: [space], text: 'feathers', k: 3 }))[0].unit.documentId).toBe(outcome.documentId);
    const after = await originals();
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
  });

  it('keeps the previous version searchable when indexing a new one fails', async () => {
    const current = (await store.findDocument(space, 'plan.pdf'))!;
    const outcome = await ingest('plan.pdf', [{ heading: 'Sabotage report', body: 'This version cannot be indexed.' }]);
    expect(outcome.status).toBe('failed');
    expect(store.statuses.get(outcome.documentId)?.slice(-2)).toEqual(['indexing', 'failed']);
    expect((await searchUnits(store, { spaces: [space], text: 'feathers', k: 3 }))[0].unit.documentId).toBe(current.id);
    expect(await store.getUnits(space, outcome.documentId)).toEqual([]);
    expect((await store.getRecord(space, current.id))?.status).toBe('ready');
  });
});

describe('a batch ingest with parse workers', () => {
  it('reads the next document while the previous one is indexed and still commits them in order', async () => {
    const workDir = await mkdtemp(join(tmpdir(), 'folio-ingest-batch-'));
    const config = loadConfig({ FOLIO_DATA_DIR: join(workDir, 'data'), FOLIO_OCR: 'off', FOLIO_PARSE_WORKERS: '2' });
    const store = new StatusRecordingStore({ dataDir: config.dataDir });
    const folio = createFolio(config, { store, log: silentLogger() });
    const space = 'web:ingest-batch' as SpaceId;
    try {
      const files = [];
      for (const [index, animal] of ['otter', 'heron', 'badger', 'lynx'].entries()) {
        const path = join(workDir, `${animal}.pdf`);
        // The third file is not a PDF at all: it fails alone, and the fourth is still read.
        await writeFile(
          path,
          index === 2 ? new TextEncoder().encode('%PDF-1.7 cut off') : await makePdf([{ heading: `${animal} habits`, body: `The ${animal} sleeps by day.` }]),
        );
        files.push({ path });
      }
      const events: string[] = [];
      const outcomes = await folio.ingestFiles(files, space, {
        onEvent: (index, event) => {
          if (event.type === 'stage') events.push(`${index}:${event.stage}`);
        },
      });
      expect(outcomes.map(outcome => [outcome.name, outcome.status])).toEqual([
        ['otter.pdf', 'ready'],
        ['heron.pdf', 'ready'],
        ['badger.pdf', 'failed'],
        ['lynx.pdf', 'ready'],
      ]);
      // The second document was being parsed before the first one was ready.
      expect(events.indexOf('1:parsing')).toBeGreaterThanOrEqual(0);
      expect(events.indexOf('1:parsing')).toBeLessThan(events.indexOf('0:ready'));
      // Commits (and failures) still happen in input order.
      expect(events.filter(event => /:(ready|failed)$/.test(event))).toEqual(['0:ready', '1:ready', '2:failed', '3:ready']);
      for (const outcome of outcomes.filter(each => each.status === 'ready')) {
        expect(store.statuses.get(outcome.documentId)).toEqual(['queued', 'parsing', 'indexing']);
      }
      expect((await searchUnits(store, { spaces: [space], text: 'lynx sleeps', k: 1 }))[0].unit.documentName).toBe('lynx.pdf');

      // Cancelled while the first two are being read: every document of the batch ends failed, none
      // is left half-stored, and the call returns (no read started ahead outlives it).
      const cancelled = [];
      for (const animal of ['wren', 'vole', 'newt']) {
        const path = join(workDir, `${animal}.pdf`);
        await writeFile(path, await makePdf(Array.from({ length: 20 }, (_, page) => ({ heading: `${animal} ${page}`, body: `The ${animal} page ${page}.` }))));
        cancelled.push({ path });
      }
      const controller = new AbortController();
      const stopped = await folio.ingestFiles(cancelled, space, {
        signal: controller.signal,
        onEvent: (index, event) => {
          if (index === 0 && event.type === 'page' && event.page === 2) controller.abort(new Error('cancelled by the user'));
        },
      });
      expect(stopped.map(outcome => outcome.status)).toEqual(['failed', 'failed', 'failed']);
      expect(await searchUnits(store, { spaces: [space], text: 'wren vole newt', k: 3 })).toEqual([]);
    } finally {
      await folio.close();
      await rm(workDir, { recursive: true, force: true });
    }
  });
});
