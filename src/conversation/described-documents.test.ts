import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../documents/types.ts';
import { createLogger } from '../log.ts';
import type { EmbeddingModel } from '../models/types.ts';
import { documentCard, EmbeddedDocumentDescriptions, standingOut } from './described-documents.ts';

const topics = ['climate', 'china', 'germany', 'headphones', 'refrigerator', 'voters', 'tuition', 'rezoning'];
const record = (topic: string, index: number) =>
  ({
    id: `doc-${index}`,
    space: 'web:test',
    name: `${topic}-${index}.pdf`,
    title: `A report on ${topic}`,
    updatedAt: '2026-01-01T00:00:00Z',
  }) as DocumentRecord;
const ready = topics.map(record);

/**
 * An embedder that places each text by the topics it mentions (one axis per topic), plus a shared axis
 * every text has a little of: a card is near the questions about its topic only. Counts what it embeds.
 */
function topicEmbedder(options: { fails?: boolean } = {}) {
  const embedded: string[] = [];
  const model: EmbeddingModel = {
    id: 'test:topics',
    dimensions: topics.length + 1,
    maxBatchSize: 3,
    async embed(texts) {
      if (options.fails) throw new Error('the embedding service is down');
      embedded.push(...texts);
      return texts.map(text => [...topics.map(topic => (text.toLowerCase().includes(topic) ? 1 : 0)), 0.3]);
    },
  };
  return { model, embedded };
}

const silent = createLogger({ level: 'silent' });

describe('documentCard', () => {
  it('is the printed title and the words of the file name, without a digest', () => {
    expect(documentCard({ name: 'PP_2021.04.22_voting-access_REPORT.pdf', title: 'Voting access' })).toBe('Voting access — PP 2021 04 22 voting access Report');
    expect(documentCard({ name: '8e7c4cb542ad160f80fb3d795ada35d8.pdf', title: 'Rezoning New York City' })).toBe('Rezoning New York City');
    expect(documentCard({ name: 'watch_d.pdf' })).toBe('watch d');
  });

  it('writes words in capitals with a capital only, as embedding models read them best', () => {
    expect(documentCard({ name: 'NETFLIX_2015_10K.pdf', title: 'THE IMPACTS OF CLIMATE CHANGE ON HUMAN HEALTH IN THE US' })).toBe(
      'THE Impacts OF Climate Change ON Human Health IN THE US — Netflix 2015 10K',
    );
  });
});

describe('standingOut', () => {
  it('picks the one similarity far above the others’ spread and ahead of the next', () => {
    expect(standingOut(['a', 'b', 'c', 'd', 'e'], [0.2, 0.21, 0.19, 0.6, 0.2])).toBe('d');
  });

  it('picks none when two lead together, none stands out, or there are too few to have a spread', () => {
    expect(standingOut(['a', 'b', 'c', 'd', 'e'], [0.2, 0.59, 0.19, 0.6, 0.2])).toBeUndefined();
    expect(standingOut(['a', 'b', 'c', 'd', 'e'], [0.1, 0.3, 0.2, 0.4, 0.25])).toBeUndefined();
    expect(standingOut(['a', 'b', 'c'], [0.1, 0.1, 0.9])).toBeUndefined();
  });

  it('picks none when a second one is close behind, however far both stand above the rest', () => {
    const rest = Array.from({ length: 40 }, (_, index) => 0.2 + (index % 5) * 0.01);
    const names = [...rest.map((_, index) => `r${index}`), 'second', 'best'];
    expect(standingOut(names, [...rest, 0.3, 0.6])).toBe('best');
    expect(standingOut(names, [...rest, 0.58, 0.6])).toBeUndefined();
  });
});

describe('EmbeddedDocumentDescriptions', () => {
  it('finds the document a question describes, embedding each card once', async () => {
    const { model, embedded } = topicEmbedder();
    const descriptions = new EmbeddedDocumentDescriptions(model, silent);
    expect(await descriptions.described('In the study on climate and health, which chapters are there?', ready)).toBe(ready[0]);
    expect(await descriptions.described('Laut der Studie über China: wie viele sind skeptisch?', ready)).toBe(ready[1]);
    expect(await descriptions.described('In the piece on voters, who leans to no party?', ready)).toBe(ready[5]);
    // Eight cards and three questions: the cards were not embedded again for the later questions.
    expect(embedded).toHaveLength(topics.length + 3);
  });

  it('embeds a card again when its document changed', async () => {
    const { model, embedded } = topicEmbedder();
    const descriptions = new EmbeddedDocumentDescriptions(model, silent);
    await descriptions.described('the report on voters', ready);
    const changed = ready.map((entry, index) => (index === 5 ? { ...entry, updatedAt: '2026-02-01T00:00:00Z' } : entry));
    await descriptions.described('the report on voters', changed);
    expect(embedded.filter(text => text.startsWith('A report on voters'))).toHaveLength(2);
  });

  it('describes nothing when the question calls nothing a document, and then embeds nothing', async () => {
    const { model, embedded } = topicEmbedder();
    const descriptions = new EmbeddedDocumentDescriptions(model, silent);
    expect(await descriptions.described('How much did tuition rise?', ready)).toBeUndefined();
    expect(await descriptions.described('How do I remove the refrigerator trim piece from the door?', ready)).toBeUndefined();
    expect(embedded).toEqual([]);
  });

  it('describes nothing when no document stands out, or the space has too few', async () => {
    const { model } = topicEmbedder();
    const descriptions = new EmbeddedDocumentDescriptions(model, silent);
    expect(await descriptions.described('Does the report compare china and germany?', ready)).toBeUndefined();
    expect(await descriptions.described('the report on climate', ready.slice(0, 3))).toBeUndefined();
  });

  it('describes nothing when the embedding model fails, and tries again on the next question', async () => {
    const down = topicEmbedder({ fails: true });
    const descriptions = new EmbeddedDocumentDescriptions(down.model, silent);
    expect(await descriptions.described('the report on climate', ready)).toBeUndefined();
    // The cards' first call fails; a card that failed is not kept as failed.
    let cardCalls = 0;
    const flaky: EmbeddingModel = {
      ...down.model,
      embed: async (texts, options) => {
        if (options.task === 'document' && ++cardCalls === 1) throw new Error('a passing failure');
        return topicEmbedder().model.embed(texts, options);
      },
    };
    const recovering = new EmbeddedDocumentDescriptions(flaky, silent);
    expect(await recovering.described('the report on climate', ready)).toBeUndefined();
    expect(await recovering.described('the report on climate', ready)).toBe(ready[0]);
  });
});
