import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askQuestion } from '../../src/answer/ask-question.ts';
import { defaultMinimumEvidence } from '../../src/answer/extractive-answer.ts';
import { TreeCache } from '../../src/answer/tree-cache.ts';
import type { DocumentRecord } from '../../src/documents/types.ts';
import { SqliteKnowledgeStore } from '../../src/store/sqlite/sqlite-knowledge-store.ts';
import type { IndexUnit } from '../../src/store/types.ts';
import type { DocumentTree, TreeNode } from '../../src/documents/document-tree.ts';
import { silentLogger } from '../../src/log.ts';
import { FolioError } from '../../src/errors.ts';
import type { Models } from '../../src/models/types.ts';
import { ScriptedLanguageModel } from '../fakes/scripted-language-model.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';

const space = 'web:context-trees' as SpaceId;
let dataDir: string;
let store: SqliteKnowledgeStore;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'folio-context-trees-'));
  store = new SqliteKnowledgeStore({ dataDir });
});

afterEach(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * One document of one section, one string per page. A page given as '' has no text: its unit holds the
 * section's title, as build-units gives a textless page.
 */
async function commit(documentId: string, pages: string[]): Promise<void> {
  const now = new Date().toISOString();
  const record: DocumentRecord = {
    id: documentId,
    space,
    name: `${documentId}.pdf`,
    mime: 'application/pdf',
    sha256: documentId,
    sizeBytes: 0,
    pageCount: pages.length,
    status: 'ready',
    source: { platform: 'cli' },
    createdAt: now,
    updatedAt: now,
  };
  const pageTexts = pages.flatMap((text, index) => (text ? [{ page: index + 1, text }] : []));
  const node: TreeNode = {
    nodeId: '0001',
    title: documentId,
    kind: 'section',
    level: 0,
    pageStart: 1,
    pageEnd: pages.length,
    text: pages.join('\n'),
    pageTexts,
    children: [],
  };
  const tree: DocumentTree = { documentId, totalPages: pages.length, nodes: [node] };
  const units: IndexUnit[] = pages.map((text, index) => ({
    id: `${documentId}:0001:${index + 1}:0`,
    space,
    documentId,
    documentName: record.name,
    nodeId: '0001',
    titlePath: [documentId],
    kind: 'section',
    page: index + 1,
    part: 0,
    text: text || documentId,
  }));
  await store.commitDocument({ record, tree, units });
}

function ask(question: string, options: { contextTokens?: number; models?: Models } = {}) {
  return askQuestion(
    { spaces: [space], question },
    {
      store,
      models: options.models ?? {},
      config: {
        rrfK: 60,
        contextTokens: options.contextTokens ?? 8000,
        planTimeoutMs: 20_000,
        answerTimeoutMs: 90_000,
        modelAnswer: 'auto',
        maxQuestionChars: 4000,
        minimumEvidence: defaultMinimumEvidence,
      },
      modelsConfig: { promptMaxChars: 200_000 },
      log: silentLogger(),
      trees: new TreeCache(),
    },
  );
}

describe('the trees an answer reads', () => {
  it('reads only the trees of the documents its best pages are in', async () => {
    for (let index = 0; index < 25; index++)
      await commit(`report-${String(index).padStart(2, '0')}`, [`The glacier survey ${index} counted ${index + 3} moraines.`]);
    const getTreePages = vi.spyOn(store, 'getTreePages');
    const answer = await ask('How many moraines did the glacier survey count?');
    const read = new Set(getTreePages.mock.calls.map(([, documentId]) => documentId));
    expect(answer.context.length).toBeGreaterThan(0);
    expect(read.size).toBe(10);
    for (const entry of answer.context) expect(read).toContain(entry.documentId);
  });

  it('reads the next ranked pages when one of the best pages has no text, and no document it does not use', async () => {
    await commit('scan', ['', 'The glacier survey counted 7 moraines.']);
    for (let index = 0; index < 25; index++)
      await commit(`report-${String(index).padStart(2, '0')}`, [`The glacier survey ${index} counted ${index + 3} moraines.`]);
    const getTreePages = vi.spyOn(store, 'getTreePages');
    const answer = await ask('How many moraines did the glacier survey count in the scan?');
    const read = new Set(getTreePages.mock.calls.map(([, documentId]) => documentId));
    const pages = new Set(answer.context.flatMap(entry => entry.pages.map(page => `${entry.documentId}:${page}`)));
    expect(pages).not.toContain('scan:1');
    expect(pages).toContain('scan:2');
    expect(pages.size).toBe(10);
    expect(read).toEqual(new Set(answer.context.map(entry => entry.documentId)));
  });

  it('quotes from an offline-sized context when a model read a small one and then failed', async () => {
    for (let index = 0; index < 10; index++)
      await commit(`survey-${index}`, [
        `The glacier survey ${index} counted ${index + 3} moraines. ${'Field notes on weather and camp routines. '.repeat(20)}`,
      ]);
    const failing = new ScriptedLanguageModel({
      reply: () => new FolioError({ code: 'model_unavailable', message: 'down', userMessage: 'The language model is unavailable.', retryable: true }),
    });
    const small = await ask('How many moraines did the glacier survey count?', { contextTokens: 500 });
    const fallback = await ask('How many moraines did the glacier survey count?', { contextTokens: 500, models: { language: failing } });
    expect(small.context.length).toBeLessThan(5);
    expect(fallback).toMatchObject({ grounded: true, extractive: true });
    expect(fallback.context.length).toBe(10);
    for (const citation of fallback.citations) expect(fallback.context.map(entry => entry.n)).toContain(citation.n);
  });

  it('reads the pages the context is built from and their neighbours, never a whole tree', async () => {
    const pages = Array.from({ length: 40 }, (_, index) => `Page ${index + 1} of the field notes describes weather and camp routines.`);
    pages[29] = 'The glacier survey counted 7 moraines below the northern ridge.';
    await commit('notes', pages);
    const getTree = vi.spyOn(store, 'getTree');
    const getTreePages = vi.spyOn(store, 'getTreePages');
    const answer = await ask('How many moraines did the glacier survey count below the northern ridge?');
    const asked = new Set(getTreePages.mock.calls.flatMap(([, , numbers]) => numbers));
    expect(getTree).not.toHaveBeenCalled();
    expect(answer.context[0].pages).toEqual([29, 30, 31]);
    expect(answer.citations[0].pages).toEqual([30]);
    expect(answer.answer).toContain('7 moraines');
    for (const page of [29, 30, 31]) expect(asked).toContain(page);
    expect(asked.size).toBeLessThan(40);
  });
});
