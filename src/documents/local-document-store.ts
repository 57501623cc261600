import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FolioError } from '../errors.ts';
import type { DocumentTree, FigureSink } from '../ingest/types.ts';
import { spaceKey, type SpaceId } from '../spaces/space-id.ts';
import type { DocumentRecord } from './types.ts';

export interface StoredDocument {
  record: DocumentRecord;
  tree?: DocumentTree;
}

/**
 * Documents, trees, originals and figure crops as files under the data dir. Every write goes to a
 * temporary file first and is renamed into place, so a crash never leaves a half-written document.
 * (The knowledge-store issue replaces this with SQLite/Weaviate stores behind one interface.)
 */
export class LocalDocumentStore {
  constructor(private readonly dataDir: string) {}

  /** Stable id for the same bytes in the same space. */
  static documentId(space: SpaceId, sha256: string): string {
    return createHash('sha256').update(`${space}\n${sha256}`).digest('hex').slice(0, 16);
  }

  /** Copies the original into `files/<sha256>` (once per content) and returns its hash and size. */
  async storeOriginal(path: string): Promise<{ sha256: string; sizeBytes: number; storedPath: string }> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(path), hash);
    const sha256 = hash.digest('hex');
    const storedPath = this.originalPath(sha256);
    const { size } = await stat(path);
    if (!(await exists(storedPath))) {
      await mkdir(join(this.dataDir, 'files'), { recursive: true });
      const temporary = `${storedPath}.${randomUUID()}.tmp`;
      await copyFile(path, temporary);
      await rename(temporary, storedPath);
    }
    return { sha256, sizeBytes: size, storedPath };
  }

  originalPath(sha256: string): string {
    return join(this.dataDir, 'files', sha256);
  }

  figurePath(sha256: string): string {
    return join(this.dataDir, 'figures', `${sha256}.png`);
  }

  figureSink(): FigureSink {
    return {
      save: async png => {
        const sha256 = createHash('sha256').update(png).digest('hex');
        const path = this.figurePath(sha256);
        if (!(await exists(path))) await writeAtomically(path, png);
        return { sha256 };
      },
    };
  }

  async saveDocument(document: StoredDocument): Promise<void> {
    const directory = this.spaceDirectory(document.record.space);
    await writeAtomically(join(directory, 'space.json'), JSON.stringify({ id: document.record.space }));
    await writeAtomically(join(directory, 'documents', `${document.record.id}.json`), JSON.stringify(document));
  }

  async listDocuments(space: SpaceId): Promise<DocumentRecord[]> {
    const directory = join(this.spaceDirectory(space), 'documents');
    const names = await readdir(directory).catch(() => [] as string[]);
    const documents = await Promise.all(names.filter(name => name.endsWith('.json')).map(name => readJson(join(directory, name))));
    return documents.map(document => document.record).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** By id, or by file name (the most recent document of that name). */
  async getDocument(space: SpaceId, idOrName: string): Promise<StoredDocument> {
    const directory = join(this.spaceDirectory(space), 'documents');
    if (/^[0-9a-f]{16}$/.test(idOrName)) {
      const byId = await readJson(join(directory, `${idOrName}.json`)).catch(() => null);
      if (byId) return byId;
    }
    const records = await this.listDocuments(space);
    const match = records.filter(record => record.name === idOrName).pop();
    if (match) return readJson(join(directory, `${match.id}.json`));
    throw new FolioError({
      code: 'document_not_found',
      message: `no document ${idOrName} in ${space}`,
      userMessage: `There is no document called "${idOrName}" in this space. List the documents to see their names.`,
    });
  }

  async deleteDocument(space: SpaceId, id: string): Promise<void> {
    await rm(join(this.spaceDirectory(space), 'documents', `${id}.json`), { force: true });
  }

  private spaceDirectory(space: SpaceId): string {
    return join(this.dataDir, 'spaces', spaceKey(space));
  }
}

async function writeAtomically(path: string, content: string | Uint8Array): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

async function readJson(path: string): Promise<StoredDocument> {
  return JSON.parse(await readFile(path, 'utf8')) as StoredDocument;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}
