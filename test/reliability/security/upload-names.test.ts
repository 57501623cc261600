import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSpaceId } from '../../../src/spaces/space-id.ts';
import { makeTestPdf } from '../../support/layout/make-test-pdf.ts';
import { startSlackTestApp, type SlackTestApp } from '../../slack/support/slack-test-app.ts';
import { startWebTestServer, type WebTestServer } from '../../web/support/web-test-server.ts';

// A shared file's name is the user's to choose. It may be shown and cited, but it must never become a
// path: originals are stored by sha256, uploads and downloads under random names. Each hostile name is
// uploaded through the REST API and shared in Slack; afterwards no file exists where the name points
// (from the data dir, its upload dir, the temp dir or the working directory), every file in the data
// dir has one of the shapes Folio writes, and the name users see is a plain, bounded file name.

const marker = `folio-escape-${randomBytes(4).toString('hex')}`;
const hostileNames = [
  `../../${marker}-up.pdf`,
  `../../../../../../../../tmp/${marker}-deep.pdf`,
  `${tmpdir()}/${marker}-absolute.pdf`,
  `..\\..\\${marker}-windows.pdf`,
  `C:\\Windows\\Temp\\${marker}-drive.pdf`,
  `files/${'0'.repeat(64)}`,
  `${marker}\u0000.pdf`,
  `${marker}-control\u0007\u001b[31m\r\n.pdf`,
  `${marker}-tab\tand-newline\r\n.pdf`,
  `${'a'.repeat(5000)}-${marker}-long.pdf`,
  `..`,
  `%2e%2e%2f%2e%2e%2f${marker}-encoded.pdf`,
  `\u202e${marker}-fdp.exe`,
];

/**
 * Where each name would point if some code joined it to a directory Folio uses (only paths that name
 * this run's marker: `..` on its own points at directories that exist anyway, and "files/000…" is
 * covered by the data dir's shape check).
 */
function escapeTargets(name: string, directories: string[]): string[] {
  const pathLike = name.replace(/\\/g, '/').replace(/\u0000/g, '');
  const targets = [
    pathLike,
    ...directories.map(directory => resolve(directory, pathLike)),
    ...directories.map(directory => resolve(directory, 'files', pathLike)),
  ];
  return targets.filter(target => target.includes(marker));
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter(entry => entry.isFile()).map(entry => relative(root, join(entry.parentPath, entry.name)));
}

/** The shapes of everything Folio keeps in its data dir (SQLite store, originals and figures by hash, caches). */
const dataDirShapes = [
  /^folio\.sqlite(-wal|-shm|-journal)?$/,
  /^files\/[0-9a-f]{64}$/,
  /^figures\/[0-9a-f]{64}\.png$/,
  /^state\.sqlite(-wal|-shm|-journal)?$/,
  /^page-images\/[0-9a-f/._-]+\.png$/,
];

/** What a user may see as a document name: no directories, no control characters, bounded. */
function expectPlainName(name: string): void {
  expect(name).not.toMatch(/[/\\]/);
  expect(name).not.toMatch(/[\u0000-\u001f\u007f]/);
  expect(name.length).toBeGreaterThan(0);
  expect(name.length).toBeLessThanOrEqual(255);
}

/**
 * The REST upload refuses one kind of name before Folio sees it, with a plain 400: raw control
 * characters in a part header are malformed multipart to busboy (FormData escapes CR and LF itself).
 */
function expectedRefusal(name: string): string | undefined {
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(name) ? 'could not be read as a multipart form' : undefined;
}

const pdfFor = (index: number) => makeTestPdf([{ texts: [{ text: `Upload name test document number ${index} ${marker}`, x: 72, top: 72, size: 12 }] }]);

describe('file names cannot escape the data dir', () => {
  describe('REST uploads', () => {
    let web: WebTestServer;
    beforeAll(async () => {
      web = await startWebTestServer();
    });
    afterAll(async () => {
      await web?.close();
    });

    it('stores every hostile name under its hash, shows a plain name, and writes nothing where the name points', { timeout: 120_000 }, async () => {
      for (const [index, name] of hostileNames.entries()) {
        const form = new FormData();
        form.append('file', new Blob([(await pdfFor(index)) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), name);
        const finished = web.nextFinished();
        const response = await web.request('/v1/spaces/names/documents', { method: 'POST', body: form });
        const body = (await response.json()) as { documents?: Array<{ name: string; status: string }>; error?: { code: string; message: string } };
        const refusal = expectedRefusal(name);
        if (refusal) {
          expect(response.status).toBe(400);
          expect(body.error).toEqual({ code: 'input_invalid', message: expect.stringContaining(refusal) });
          continue;
        }
        expect(response.status, `${JSON.stringify(name.slice(0, 60))}: ${JSON.stringify(body)}`).toBe(202);
        expect(body.documents![0].status).toBe('queued');
        expectPlainName(body.documents![0].name);
        expect((await finished).outcome.status).toBe('ready');
      }
      const accepted = hostileNames.filter(name => !expectedRefusal(name));
      expect(accepted.length).toBe(hostileNames.length - 2);
      const documents = await web.folio.listDocuments(parseSpaceId('names'));
      expect(documents).toHaveLength(accepted.length);
      for (const document of documents) expectPlainName(document.name);

      const directories = [web.dataDir, join(web.dataDir, 'uploads'), tmpdir(), process.cwd()];
      for (const name of hostileNames) for (const target of escapeTargets(name, directories)) expect(existsSync(target), target).toBe(false);
      const stored = (await listFiles(web.dataDir)).filter(path => !path.startsWith('uploads/'));
      expect(stored.filter(path => !dataDirShapes.some(shape => shape.test(path)))).toEqual([]);
      expect(stored.filter(path => path.startsWith('files/'))).toHaveLength(accepted.length);
      // Upload buffers are deleted once each file is stored by hash.
      expect(existsSync(join(web.dataDir, 'uploads')) ? await listFiles(join(web.dataDir, 'uploads')) : []).toEqual([]);
    });

    it('refuses space names that are paths before reading the upload', async () => {
      for (const space of ['..', '..%2F..%2Fetc', '%2e%2e', '.hidden', 'a%00b', `${'s'.repeat(300)}`]) {
        const form = new FormData();
        form.append('file', new Blob([(await pdfFor(99)) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'x.pdf');
        const response = await web.request(`/v1/spaces/${space}/documents`, { method: 'POST', body: form });
        expect([400, 404], space).toContain(response.status);
        await response.arrayBuffer();
      }
    });
  });

  describe('Slack shares', () => {
    let slack: SlackTestApp;
    beforeAll(async () => {
      slack = await startSlackTestApp({ env: { FOLIO_MAX_FILE_MB: '5' } });
    });
    afterAll(async () => {
      await slack?.close();
    });

    it('stores every hostile Slack file name under its hash, shows a plain name, and writes nothing where the name points', { timeout: 120_000 }, async () => {
      for (const [index, name] of hostileNames.entries()) {
        const file = slack.fake.addFile(`FNAME${index}`, name, await pdfFor(index + 100));
        const { status } = await slack.sendEvent({
          type: 'message',
          subtype: 'file_share',
          channel: 'C21',
          channel_type: 'channel',
          user: 'UALICE',
          text: '',
          ts: slack.fake.nextTs(),
          files: [file],
        });
        expect(status).toBe(200);
        await slack.adapter.whenIdle();
      }
      const documents = await slack.app.listDocuments(parseSpaceId('slack:T1:C21'));
      expect(documents.map(document => document.status)).toEqual(hostileNames.map(() => 'ready'));
      for (const document of documents) expectPlainName(document.name);
      const dataDir = slack.app.config.dataDir;
      for (const name of hostileNames)
        for (const target of escapeTargets(name, [dataDir, tmpdir(), join(tmpdir(), 'folio-downloads'), process.cwd()]))
          expect(existsSync(target), target).toBe(false);
      const stored = await listFiles(dataDir);
      expect(stored.filter(path => !dataDirShapes.some(shape => shape.test(path)))).toEqual([]);
    });
  });
});
