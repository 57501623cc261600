import type { DocumentRecord } from '../../documents/types.ts';

/** A store's data to rebuild (of an older data format, or any with `folio reindex --all`): where, which format, its document records, and how to remove it. */
export interface OutdatedData {
  where: string;
  format: number;
  records: DocumentRecord[];
  /** Deletes the old data, so the store creates the current format on its next open. */
  remove(): Promise<void>;
}
