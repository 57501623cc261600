import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobStore } from './blob-store.ts';

describe('BlobStore', () => {
  let dataDir: string;
  let blobs: BlobStore;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-blobs-'));
    blobs = new BlobStore(dataDir);
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores an original once under its sha256, leaving no temporary files', async () => {
    const bytes = Buffer.from(`original ${Math.random()}`);
    const source = join(dataDir, 'upload.pdf');
    await writeFile(source, bytes);
    const first = await blobs.storeOriginal(source);
    const second = await blobs.storeOriginal(source);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(first).toEqual({ sha256, sizeBytes: bytes.length, storedPath: join(dataDir, 'files', sha256) });
    expect(second).toEqual(first);
    expect(await readFile(first.storedPath)).toEqual(bytes);
    expect(await readdir(join(dataDir, 'files'))).toEqual([sha256]);
  });

  it('saves figure crops by hash, reads them back and deletes them', async () => {
    const png = new Uint8Array([137, 80, 78, 71, Math.floor(Math.random() * 255)]);
    const { sha256 } = await blobs.figureSink().save(png);
    expect(sha256).toBe(createHash('sha256').update(png).digest('hex'));
    expect(new Uint8Array(await blobs.readFigure(sha256))).toEqual(png);
    expect(await readdir(join(dataDir, 'figures'))).toEqual([`${sha256}.png`]);
    await blobs.delete(sha256);
    expect(await readdir(join(dataDir, 'figures'))).toEqual([]);
    await blobs.delete(sha256);
  });

  it('refuses anything that is not a sha256 as a key', () => {
    expect(() => blobs.originalPath('../../etc/passwd')).toThrow(/not a sha256/);
    expect(() => blobs.figurePath('ABC')).toThrow(/not a sha256/);
  });
});
