import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestPdf } from '../test/support/layout/make-test-pdf.ts';
import { forgetCommand } from './cli/forget-command.ts';
import { createFolio } from './folio.ts';
import type { Folio } from './folio-api.ts';
import { loadConfig, type Config } from './config.ts';
import { silentLogger } from './log.ts';
import { parseSpaceId } from './spaces/space-id.ts';
import { BlobStore } from './store/blob-store.ts';

const teamA = parseSpaceId('team-a');
const teamB = parseSpaceId('team-b');

describe('forgetting a document', () => {
  let dataDir: string;
  let config: Config;
  let folio: Folio;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-forget-'));
    config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent', FOLIO_OCR: 'off' });
    folio = createFolio(config, { log: silentLogger() });
  });
  afterEach(async () => {
    await folio.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The same bytes shared into two spaces, with pages 1 and 2 rendered for citation previews. */
  async function sharedTwiceWithPageImages(): Promise<{ sha256: string; pageDir: string }> {
    const path = join(dataDir, 'upload.pdf');
    await writeFile(
      path,
      await makeTestPdf([
        { texts: [{ text: 'Refunds take fourteen days.', x: 72, top: 100, size: 12 }] },
        { texts: [{ text: 'Shipping is free.', x: 72, top: 100, size: 12 }] },
      ]),
    );
    for (const space of [teamA, teamB]) expect((await folio.ingestFiles([{ path, name: 'policy.pdf' }], space))[0].status).toBe('ready');
    const [record] = await folio.listDocuments(teamA);
    await folio.pageImagePath(teamA, record.id, 1);
    await folio.pageImagePath(teamA, record.id, 2);
    const pageDir = join(dataDir, 'page-images', record.sha256);
    expect((await readdir(pageDir)).sort()).toEqual(['1.png', '2.png']);
    return { sha256: record.sha256, pageDir };
  }

  it('keeps the page images while another space still holds the same bytes, and removes them with the last document', async () => {
    const { sha256, pageDir } = await sharedTwiceWithPageImages();
    expect((await folio.forget(teamA, 'policy.pdf')).deletedBlobs).toBe(0);
    expect((await readdir(pageDir)).sort()).toEqual(['1.png', '2.png']);

    expect((await folio.forget(teamB, 'policy.pdf')).deletedBlobs).toBe(1);
    await expect(stat(pageDir)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(new BlobStore(dataDir).originalPath(sha256))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('removes them on the CLI path too (`folio forget`, a Folio of its own on the same data dir)', async () => {
    const { pageDir } = await sharedTwiceWithPageImages();
    await folio.forget(teamA, 'policy.pdf');
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation(line => void printed.push(String(line)));
    try {
      await forgetCommand(config, 'policy.pdf', { space: 'team-b', json: true });
    } finally {
      log.mockRestore();
    }
    expect(JSON.parse(printed[0])).toMatchObject({ name: 'policy.pdf', forgotten: true, deletedFiles: 1 });
    await expect(stat(pageDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('says so for a document the space does not have, and removes nothing', async () => {
    const { pageDir } = await sharedTwiceWithPageImages();
    await expect(folio.forget(teamA, 'other.pdf')).rejects.toMatchObject({ code: 'document_not_found', userMessage: expect.stringContaining('"other.pdf"') });
    expect(await readdir(pageDir)).toHaveLength(2);
  });

  it('removes the page images of a version replaced by a new one of the same name', async () => {
    const { pageDir } = await sharedTwiceWithPageImages();
    await folio.forget(teamB, 'policy.pdf');
    const path = join(dataDir, 'upload-v2.pdf');
    await writeFile(path, await makeTestPdf([{ texts: [{ text: 'Refunds now take seven days.', x: 72, top: 100, size: 12 }] }]));
    expect((await folio.ingestFiles([{ path, name: 'policy.pdf' }], teamA))[0].status).toBe('ready');
    await expect(stat(pageDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
