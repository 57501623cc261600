import type { Config } from './config.ts';
import { forgetDocument, type ForgetOutcome } from './documents/forget-document.ts';
import { PageImageCache } from './documents/page-image-cache.ts';
import type { DocumentSource } from './documents/types.ts';
import { BlobStore } from './index/blob-store.ts';
import { DeferredKnowledgeStore } from './index/deferred-knowledge-store.ts';
import { SqliteKnowledgeStore } from './index/sqlite/sqlite-knowledge-store.ts';
import type { KnowledgeStore } from './index/types.ts';
import type { FigureDescriber } from './ingest/figures/describe-figures.ts';
import type { IngestFileInput, IngestOutcome } from './ingest/ingest-files.ts';
import type { PageOcr } from './ingest/pdf/ocr/page-ocr.ts';
import type { IngestEvent } from './ingest/types.ts';
import { createLogger, type Logger } from './log.ts';
import type { EmbeddingModel } from './models/types.ts';
import type { SpaceId } from './spaces/space-id.ts';

/** The parts Folio is built from; tests and other entry points replace any of them. */
export interface FolioPorts {
  store: KnowledgeStore;
  blobs: BlobStore;
  /** None by default (offline: BM25 + tree); the models issue adds providers. */
  embeddingModel?: EmbeddingModel;
  figureDescriber?: FigureDescriber;
  log: Logger;
}

export interface IngestOptions {
  ocr?: PageOcr;
  source?: DocumentSource;
  /** `index` is the file's position in the input list. */
  onEvent?: (index: number, event: IngestEvent) => void;
  signal?: AbortSignal;
}

export interface Folio extends FolioPorts {
  ingest(files: IngestFileInput[], space: SpaceId, options?: IngestOptions): Promise<IngestOutcome[]>;
  /** Deletes a document (by id or name) and the files only it used; throws document_not_found. */
  forget(space: SpaceId, idOrName: string): Promise<ForgetOutcome>;
  /** Closes the store (also one passed in as an override). */
  close(): Promise<void>;
}

/**
 * The composition root: the only place that picks concrete classes. The store is Weaviate when
 * WEAVIATE_URL is set (its client is loaded on first use), else the embedded SQLite file in the data
 * dir; originals and figure crops are files in the data dir either way.
 */
export function buildFolio(config: Config, overrides: Partial<FolioPorts> = {}): Folio {
  const weaviate = config.weaviate;
  const store =
    overrides.store ??
    (weaviate
      ? new DeferredKnowledgeStore('weaviate', async () => {
          const { failFastWeaviateStore } = await import('./index/weaviate/fail-fast-knowledge-store.ts');
          return failFastWeaviateStore(weaviate);
        })
      : new SqliteKnowledgeStore({ dataDir: config.dataDir }));
  const ports: FolioPorts = {
    store,
    blobs: overrides.blobs ?? new BlobStore(config.dataDir),
    embeddingModel: overrides.embeddingModel,
    figureDescriber: overrides.figureDescriber,
    log: overrides.log ?? createLogger({ level: config.logLevel }),
  };
  const pageImages = new PageImageCache(config.dataDir);
  return {
    ...ports,
    // Imported on first use: parsing pulls in pdf.js, which commands like `docs` do not need.
    ingest: async (files, space, options = {}) => {
      const { ingestFiles } = await import('./ingest/ingest-files.ts');
      return ingestFiles(files, space, { ...ports, ...options, pageImages, config: config.ingest });
    },
    forget: (space, idOrName) => forgetDocument(space, idOrName, { ...ports, pageImages }),
    close: () => store.close(),
  };
}
