import { nameWithoutExtension } from '../documents/document-name.ts';
import type { DocumentRecord } from '../documents/types.ts';
import { asFolioError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { foldWord } from '../text/stopwords.ts';
import { embedInBatches } from '../models/embed-in-batches.ts';
import { l2Normalize } from '../models/l2-normalize.ts';
import type { EmbeddingModel } from '../models/types.ts';
import { documentKindWords } from '../text/document-kind-words.ts';

/**
 * How far the question's closest document must stand out, in spreads (standard deviations) of its
 * similarities to all the other documents: above their mean by `minStandout`, ahead of the next one by
 * `minLead`. A spread is the space's own scale, so the bar holds for any embedding model and number of
 * documents. Chosen on the dev questions and in smaller spaces (docs/decisions/0037): a document named
 * in other words or another language stands 4 to 9 spreads out in spaces of 8 to 66 documents; the
 * questions that name none and stand out as far are mostly kept out by documentKindWords.
 */
const minStandout = 4;
const minLead = 1;
/**
 * A question that calls nothing a document of some kind (document-kind-words.ts) describes none:
 * without the gate, one that shares its subject with a title ("Among fourth-generation Hispanics, …")
 * would be focused on that document, right or wrong, and its answer no better for it. "The document"
 * says no kind, and asks about whichever is meant ("the counties mentioned in the document").
 */

/** Fewer documents give no spread worth the name. */
const minDocuments = 4;
/** Card vectors kept, least recently used dropped first (a 3,072-dimension vector is 12 KB). */
const maxCards = 4000;

/** The document a question describes, found by meaning (question-focus.ts asks it when no rule names one). */
export interface DocumentDescriptions {
  /**
   * The one ready document whose title and file name the question describes in words of its own or in
   * another language ("die Pew-Studie, wo Amerikaner Südkorea und Deutschland … besser bewerten");
   * undefined when the question calls nothing a document (documentKindWords), none stands out from the
   * others, or the embedding model fails (logged: naming is never worth an error).
   */
  described(question: string, ready: DocumentRecord[]): Promise<DocumentRecord | undefined>;
}

/**
 * What a document is called, as one text to embed: its printed title and the words of its file name.
 * Words in capitals ("THE IMPACTS OF CLIMATE CHANGE", "NETFLIX_2015_10K") are written with a capital
 * only: embedding models read them as few natural texts spell them, and miss what they say.
 */
export function documentCard(record: Pick<DocumentRecord, 'name' | 'title'>): string {
  const nameWords = nameWithoutExtension(record.name)
    .split(/[\s_.-]+/u)
    // A digest says nothing of what the document is.
    .filter(word => word !== '' && !/^[0-9a-f]{16,}$/i.test(word));
  return [record.title?.trim(), nameWords.join(' ')]
    .filter(part => part)
    .join(' — ')
    .replace(/(?<!\p{L})\p{Lu}{4,}(?!\p{L})/gu, word => word[0] + word.slice(1).toLowerCase());
}

/**
 * DocumentDescriptions through an embedding model: each document's card (documentCard) is embedded
 * once per version and kept; each question is embedded as a query and compared with the cards of the
 * documents it may be about.
 */
export class EmbeddedDocumentDescriptions implements DocumentDescriptions {
  private readonly cards = new Map<string, Promise<number[]>>();

  constructor(
    private readonly embedder: EmbeddingModel,
    private readonly log: Logger,
  ) {}

  async described(question: string, ready: DocumentRecord[]): Promise<DocumentRecord | undefined> {
    if (ready.length < minDocuments || !documentKindWords.test(foldWord(question))) return undefined;
    try {
      const [[query], cards] = await Promise.all([this.embedder.embed([question], { task: 'query' }), this.cardVectors(ready)]);
      const asked = l2Normalize(query!);
      return standingOut(
        ready,
        cards.map(card => dot(asked, card)),
      );
    } catch (error) {
      this.log.warn({ err: asFolioError(error).message }, 'could not compare the question with the documents’ titles; it names none');
      return undefined;
    }
  }

  private async cardVectors(ready: DocumentRecord[]): Promise<number[][]> {
    const keys = ready.map(record => `${this.embedder.id}\n${record.space}\n${record.id}:${record.updatedAt}`);
    const missing = keys.flatMap((key, index) => (this.cards.has(key) ? [] : [index]));
    if (missing.length > 0) {
      const embedded = embedInBatches(
        this.embedder,
        missing.map(index => documentCard(ready[index]!)),
        { task: 'document' },
      );
      missing.forEach((index, position) => {
        const key = keys[index]!;
        const vector = embedded.then(vectors => l2Normalize(vectors[position]!));
        // A failed call is not kept: the next question tries again.
        vector.catch(() => {
          if (this.cards.get(key) === vector) this.cards.delete(key);
        });
        this.cards.set(key, vector);
      });
    }
    const vectors = await Promise.all(
      keys.map(key => {
        const vector = this.cards.get(key)!;
        this.cards.delete(key);
        this.cards.set(key, vector);
        return vector;
      }),
    );
    while (this.cards.size > Math.max(maxCards, ready.length)) this.cards.delete(this.cards.keys().next().value!);
    return vectors;
  }
}

/** The record whose similarity stands out from the others' (minStandout, minLead), if one does. */
export function standingOut<T>(records: T[], similarities: number[]): T | undefined {
  if (records.length < minDocuments) return undefined;
  const order = similarities.map((_, index) => index).sort((a, b) => similarities[b]! - similarities[a]!);
  const best = similarities[order[0]!]!;
  const others = order.slice(1).map(index => similarities[index]!);
  const mean = others.reduce((sum, value) => sum + value, 0) / others.length;
  const spread = Math.sqrt(others.reduce((sum, value) => sum + (value - mean) ** 2, 0) / others.length);
  if (spread === 0) return undefined;
  return (best - mean) / spread >= minStandout && (best - others[0]!) / spread >= minLead ? records[order[0]!] : undefined;
}

function dot(a: number[], b: number[]): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += a[index]! * b[index]!;
  return sum;
}
