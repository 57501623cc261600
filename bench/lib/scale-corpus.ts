// The synthetic corpus of `npm run bench:scale`: which spaces there are, how many units each holds, and
// every document's record, tree and units, generated deterministically from (seed, space, document) so a
// kept data dir can be resumed or reused without reading the store back. Text is bench:ask's: sections of
// two pages of Zipf-distributed pseudo-words (bench/lib/search-benchmark.ts), one index unit per page.
import { createHash } from 'node:crypto';
import type { DocumentRecord } from '../../src/documents/types.ts';
import { buildUnits } from '../../src/store/build-units.ts';
import type { IndexUnit } from '../../src/store/types.ts';
import type { DocumentTree, TreeNode } from '../../src/documents/document-tree.ts';
import { parseSpaceId, type SpaceId } from '../../src/spaces/space-id.ts';
import { makeVocabulary, seededRandom, words, zipfIndex } from './search-benchmark.ts';

export interface ScaleSettings {
  /** Spaces in all, at least 2: the large one, the small one, and the rest sharing what is left. */
  spaces: number;
  /** Units in all spaces together. */
  units: number;
  largeUnits: number;
  smallUnits: number;
  /** Pages (= units) per document; a space's last document holds the remainder. */
  pagesPerDocument: number;
  seed: number;
}

export interface ScaleSpace {
  /** 0 = the large space, 1 = the small one, 2… = the others. */
  index: number;
  role: 'large' | 'small' | 'other';
  /** The name as the REST API takes it (`/v1/spaces/<name>/ask`); the space id is `web:<name>`. */
  name: string;
  space: SpaceId;
  units: number;
  /** Pages of each document, in commit order. */
  documentPages: number[];
}

export interface ScaleDocument {
  record: DocumentRecord;
  tree: DocumentTree;
  units: IndexUnit[];
}

/**
 * The spaces of a run, large first, named `<prefix>-large`, `<prefix>-small`, `<prefix>-00002`…; throws
 * with a plain message when the settings cannot be met.
 */
export function planSpaces(settings: ScaleSettings, prefix = 'scale'): ScaleSpace[] {
  const { spaces, units, largeUnits, smallUnits, pagesPerDocument } = settings;
  if (spaces < 2) throw new Error('--spaces must be at least 2 (the large and the small space)');
  if (pagesPerDocument < 1) throw new Error('--pages-per-document must be at least 1');
  const rest = units - largeUnits - smallUnits;
  const others = spaces - 2;
  if (rest < others || (others === 0 && rest !== 0)) {
    throw new Error(
      `--units ${units} cannot give the large space ${largeUnits}, the small one ${smallUnits} and each of the other ${others} spaces at least one unit`,
    );
  }
  const sizes = [largeUnits, smallUnits, ...Array.from({ length: others }, (_, index) => Math.floor(rest / others) + (index < rest % others ? 1 : 0))];
  return sizes.map((size, index) => {
    const role = index === 0 ? 'large' : index === 1 ? 'small' : 'other';
    const name = role === 'other' ? `${prefix}-${String(index).padStart(5, '0')}` : `${prefix}-${role}`;
    const documentPages = Array.from({ length: Math.ceil(size / pagesPerDocument) }, (_, document) =>
      Math.min(pagesPerDocument, size - document * pagesPerDocument),
    );
    return { index, role, name, space: parseSpaceId(name), units: size, documentPages };
  });
}

/** `count` of the other spaces (index ≥ 2), spread evenly over them: the spaces the RSS phase asks in. */
export function pickSpreadSpaces(spaces: ScaleSpace[], count: number): ScaleSpace[] {
  const others = spaces.filter(space => space.role === 'other');
  const take = Math.min(count, others.length);
  return Array.from({ length: take }, (_, position) => others[Math.floor((position * others.length) / take)]);
}

/** Generates documents with one shared vocabulary (as one organisation's documents would share one). */
export class ScaleCorpus {
  private readonly vocabulary: string[];

  constructor(private readonly seed: number) {
    this.vocabulary = makeVocabulary(seededRandom(seed), 8_000);
  }

  /** The `position`-th document of `space`: the same bytes for the same seed, space and position. */
  document(space: ScaleSpace, position: number): ScaleDocument {
    const random = seededRandom(mixSeed(this.seed, space.index, position));
    const word = () => this.vocabulary[zipfIndex(random, this.vocabulary.length)];
    const id = `${space.name}-doc-${String(position).padStart(4, '0')}`;
    const pages = space.documentPages[position];
    const now = new Date(Date.UTC(2026, 11, 1)).toISOString();
    const record: DocumentRecord = {
      id,
      space: space.space,
      name: `${id}.pdf`,
      mime: 'application/pdf',
      sha256: createHash('sha256').update(id).digest('hex'),
      sizeBytes: 0,
      pageCount: pages,
      status: 'ready',
      source: { platform: 'cli' },
      createdAt: now,
      updatedAt: now,
    };
    const nodes: TreeNode[] = [];
    for (let page = 1; page <= pages; page += 2) {
      const nodeId = String(nodes.length + 1).padStart(4, '0');
      const pageTexts = [page, page + 1]
        .filter(value => value <= pages)
        .map(value => ({ page: value, text: `${words(word, 12)}. ${words(word, 40 + Math.floor(random() * 60))}.` }));
      nodes.push({
        nodeId,
        title: words(word, 3),
        kind: 'section',
        level: 0,
        pageStart: page,
        pageEnd: Math.min(pages, page + 1),
        text: pageTexts.map(entry => entry.text).join('\n\n'),
        pageTexts,
        children: [],
      });
    }
    const tree: DocumentTree = { documentId: id, totalPages: pages, nodes };
    return { record, tree, units: buildUnits(tree, record) };
  }

  /**
   * `count` questions about `space`, as bench:ask phrases them: a few longer words of a random page of a
   * random document. The same seed gives the same questions.
   */
  questions(space: ScaleSpace, count: number, seed: number): string[] {
    const random = seededRandom(mixSeed(seed, space.index, 1_000_003));
    const cache = new Map<number, IndexUnit[]>();
    return Array.from({ length: count }, () => {
      const position = Math.floor(random() * space.documentPages.length);
      const units = cache.get(position) ?? this.document(space, position).units;
      cache.set(position, units);
      const text = units[Math.floor(random() * units.length)].text;
      return `What does the report say about ${text
        .split(' ')
        .filter(term => term.length > 5)
        .slice(2, 7)
        .join(' ')}?`;
    });
  }
}

/** One 32-bit seed from several integers (a different stream per space and document). */
export function mixSeed(...values: number[]): number {
  let hash = 0x811c9dc5;
  for (const value of values) {
    hash = Math.imul(hash ^ (value >>> 0), 0x01000193);
    hash ^= hash >>> 15;
  }
  return hash >>> 0;
}
