import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeFigures } from '../../src/ingest/figures/describe-figures.ts';
import type { Block } from '../../src/ingest/types.ts';
import { ModelCallPolicy } from '../../src/models/call-policy.ts';
import { createGeminiClient } from '../../src/models/gemini/gemini-client.ts';
import { GeminiLanguageModel } from '../../src/models/gemini/gemini-language-model.ts';
import { figureDescriptionKeyPrefix, VisionFigureDescriber } from '../../src/models/vision-figure-describer.ts';
import { SqliteStateStore } from '../../src/state/sqlite-state-store.ts';
import { silentLogger } from '../../src/log.ts';
import { FakeGeminiServer } from '../fakes/fake-gemini-server.ts';
import { fakeReply } from '../fakes/fake-model-server.ts';
import { ScriptedLanguageModel } from '../fakes/scripted-language-model.ts';

let dataDir: string;
let state: SqliteStateStore;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'folio-figures-'));
  state = new SqliteStateStore({ dataDir });
});
afterEach(async () => {
  await state.close();
  await rm(dataDir, { recursive: true, force: true });
});

const chart = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 1, 2, 3, 5, 8]);
const logo = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 9, 9]);

describe('VisionFigureDescriber', () => {
  it('sends the image with prompts/figure.md filled in, and returns the trimmed description', async () => {
    const model = new ScriptedLanguageModel({ id: 'fake:vision', acceptsImages: true }).script('  A bar chart of sales per quarter: Q1 10, Q2 12.  ');
    const describer = new VisionFigureDescriber({ model, state, log: silentLogger() });
    expect(describer.id).toBe('fake:vision');
    const description = await describer.describe({ png: chart, caption: 'Figure 2: Sales', nearbyText: '', page: 4, documentName: 'report.pdf' });
    expect(description).toBe('A bar chart of sales per quarter: Q1 10, Q2 12.');
    const [request] = model.calls;
    const [image, text] = request.prompt as Array<{ type: string; data?: Uint8Array; text?: string }>;
    expect(image).toEqual({ type: 'image', mimeType: 'image/png', data: chart });
    expect(text.text).toContain('page 4 of the document "report.pdf"');
    expect(text.text).toContain('Caption printed next to the figure (may be empty): Figure 2: Sales');
    expect(text.text).toContain('Text printed near the figure (may be empty): (none)');
    expect(text.text).not.toContain('{{');
  });

  it('fills page and document name with "unknown" when the caller does not know them', async () => {
    const model = new ScriptedLanguageModel({ acceptsImages: true }).script('A logo.');
    await new VisionFigureDescriber({ model, log: silentLogger() }).describe({ png: logo, nearbyText: 'ACME' });
    expect((model.calls[0].prompt as Array<{ text?: string }>)[1].text).toContain('page unknown of the document "unknown"');
  });

  it('describes an image once per model: across documents, describer instances and concurrent calls', async () => {
    const model = new ScriptedLanguageModel({ id: 'fake:vision', acceptsImages: true, latencyMs: 30, reply: (_request, index) => `Description ${index + 1}` });
    const first = new VisionFigureDescriber({ model, state, log: silentLogger() });
    const concurrent = await Promise.all([
      first.describe({ png: chart, caption: 'Figure 1', nearbyText: 'a', documentName: 'one.pdf', page: 1 }),
      first.describe({ png: chart, caption: 'Figure 7', nearbyText: 'b', documentName: 'one.pdf', page: 9 }),
    ]);
    expect(concurrent).toEqual(['Description 1', 'Description 1']);
    // Another document, another describer (another process would share the StateStore the same way).
    const second = new VisionFigureDescriber({ model, state, log: silentLogger() });
    expect(await second.describe({ png: chart, nearbyText: '', documentName: 'two.pdf' })).toBe('Description 1');
    expect(await second.describe({ png: logo, nearbyText: '' })).toBe('Description 2');
    expect(model.calls).toHaveLength(2);
    const cached = await state.list<{ description: string }>(figureDescriptionKeyPrefix);
    expect(cached.map(entry => entry.value.description).sort()).toEqual(['Description 1', 'Description 2']);
    expect(cached[0].key).toMatch(/^figure-description:fake:vision:[0-9a-f]{64}$/);

    const otherModel = new ScriptedLanguageModel({ id: 'fake:better-vision', acceptsImages: true }).script('A better description.');
    expect(await new VisionFigureDescriber({ model: otherModel, state, log: silentLogger() }).describe({ png: chart, nearbyText: '' })).toBe(
      'A better description.',
    );
  });

  it('caches nothing when the model fails or returns nothing, so the next ingest tries again', async () => {
    const model = new ScriptedLanguageModel({ acceptsImages: true }).script('   ', new Error('model down'), 'Finally a description.');
    const describer = new VisionFigureDescriber({ model, state, log: silentLogger() });
    await expect(describer.describe({ png: chart, nearbyText: '' })).rejects.toThrow(/empty figure description/);
    await expect(describer.describe({ png: chart, nearbyText: '' })).rejects.toThrow('model down');
    expect(await describer.describe({ png: chart, nearbyText: '' })).toBe('Finally a description.');
  });

  it('works with describeFigures over a real Gemini client: the page reaches the prompt, failures keep captions', async () => {
    // The fake reads the page back from the prompt; the figure on page 5 is refused.
    const server = await FakeGeminiServer.start({
      reply: call => {
        const page = /page (\d+) of the document/.exec(call.text)?.[1];
        return page === '5' ? fakeReply.error(400, { message: 'Unable to process input image.' }) : `A line chart (page ${page}).`;
      },
    });
    try {
      const log = silentLogger();
      const policy = new ModelCallPolicy({ timeoutMs: 5000, maxRetries: 0, concurrency: 2, promptMaxChars: 50_000, log });
      const model = new GeminiLanguageModel({ client: createGeminiClient({ apiKey: 'k', baseUrl: server.url }), model: 'gemini-3.5-flash', policy, log });
      const figure = (sha256: string, page: number, caption?: string): Block => ({
        page,
        kind: 'figure',
        text: '',
        bbox: { x: 0, y: 0, width: 100, height: 100 },
        order: page,
        figure: { sha256, widthPx: 10, heightPx: 10, source: 'raster', caption },
      });
      const blocks = [figure('chart', 3, 'Figure 1: Revenue'), figure('broken', 5, 'Figure 2: Costs')];
      const result = await describeFigures(blocks, {
        describer: new VisionFigureDescriber({ model, state, log }),
        loadPng: async sha256 => (sha256 === 'chart' ? chart : logo),
        concurrency: 1,
      });
      expect(result).toEqual({ described: 1, failed: 1 });
      expect(blocks[0].figure?.description).toBe('A line chart (page 3).');
      expect(blocks[1].figure?.description).toBeUndefined();
      expect(blocks[1].figure?.caption).toBe('Figure 2: Costs');
      expect(server.generateCalls[0].images[0].data.equals(Buffer.from(chart))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
