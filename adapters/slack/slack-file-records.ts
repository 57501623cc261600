import type { SpaceId, SurfaceState } from '../../src/index.ts';

export interface SlackFileRecord {
  fileId: string;
  space: SpaceId;
  documentId: string;
  /** The file's Slack permalink, for source links under answers. */
  permalink?: string;
}

/**
 * Which Slack files became which documents, kept in the SurfaceState (shared by every process):
 * `slack:file:<fileId>:<space>` → the record, and `slack:document:<space>:<documentId>` → the file ids
 * that hold those bytes. A file deleted in Slack removes its document only when no other shared
 * file with the same bytes is left in that space.
 */
export class SlackFileRecords {
  constructor(private readonly state: SurfaceState) {}

  async remember(record: SlackFileRecord): Promise<void> {
    await this.state.set(fileKey(record.fileId, record.space), record);
    const files = new Set((await this.state.get<string[]>(documentKey(record.space, record.documentId))) ?? []);
    files.add(record.fileId);
    await this.state.set(documentKey(record.space, record.documentId), [...files]);
  }

  /** The first file known for a document (its permalink links the sources under an answer). */
  async forDocument(space: SpaceId, documentId: string): Promise<SlackFileRecord | undefined> {
    const files = (await this.state.get<string[]>(documentKey(space, documentId))) ?? [];
    for (const fileId of files) {
      const record = await this.state.get<SlackFileRecord>(fileKey(fileId, space));
      if (record) return record;
    }
    return undefined;
  }

  /**
   * Forgets a file in every space it was shared to; returns the documents that no longer have any file
   * (the caller removes those from their space).
   */
  async release(fileId: string): Promise<SlackFileRecord[]> {
    const orphaned: SlackFileRecord[] = [];
    for (const { key, value: record } of await this.state.list<SlackFileRecord>(`slack:file:${fileId}:`)) {
      await this.state.delete(key);
      const remaining = ((await this.state.get<string[]>(documentKey(record.space, record.documentId))) ?? []).filter(id => id !== fileId);
      if (remaining.length > 0) {
        await this.state.set(documentKey(record.space, record.documentId), remaining);
      } else {
        await this.state.delete(documentKey(record.space, record.documentId));
        orphaned.push(record);
      }
    }
    return orphaned;
  }

  /** Forgets every file shared to a space (the space was forgotten); returns how many documents had files. */
  async forgetSpace(space: SpaceId): Promise<number> {
    const prefix = documentKey(space, '');
    let documents = 0;
    for (const { key, value: fileIds } of await this.state.list<string[]>(prefix)) {
      // Document ids hold no ':': a longer space id that starts with this one's is not this space.
      if (key.slice(prefix.length).includes(':')) continue;
      for (const fileId of fileIds ?? []) await this.state.delete(fileKey(fileId, space));
      await this.state.delete(key);
      documents += 1;
    }
    return documents;
  }

  async knows(fileId: string): Promise<boolean> {
    return (await this.state.list(`slack:file:${fileId}:`)).length > 0;
  }
}

function fileKey(fileId: string, space: SpaceId): string {
  return `slack:file:${fileId}:${space}`;
}

function documentKey(space: SpaceId, documentId: string): string {
  return `slack:document:${space}:${documentId}`;
}
