import type { SpaceId } from '../spaces/space-id.ts';
import type { IngestStage, IngestStats } from '../ingest/types.ts';

export type DocumentStatus = IngestStage;

/** Where a document came from: the platform and who shared it. */
export interface DocumentSource {
  platform: 'cli' | 'web' | 'slack' | 'teams';
  fileId?: string;
  sharedBy?: string;
  /** Chat message/thread the file arrived in, so replies can go back there. */
  messageRef?: string;
}

export interface DocumentRecord {
  /** Stable for (space, sha256): sharing the same bytes again names the same document. */
  id: string;
  space: SpaceId;
  /** File name as shared. */
  name: string;
  /** The title printed on its first page, when it has one (document-title.ts); questions may name the document by it. */
  title?: string;
  mime: string;
  /** sha256 hex of the original bytes. */
  sha256: string;
  sizeBytes: number;
  pageCount: number;
  status: DocumentStatus;
  error?: { code: string; message: string };
  source: DocumentSource;
  createdAt: string;
  updatedAt: string;
  stats?: IngestStats;
}
