import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestPdf } from '../test/support/layout/make-test-pdf.ts';
import { forgetSpaceCommand } from './cli/forget-space-command.ts';
import { loadConfig, type Config } from './config.ts';
import { createFolio } from './folio.ts';
import type { Folio } from './folio-api.ts';
import { BlobStore } from './store/blob-store.ts';
import { silentLogger } from './log.ts';
import { parseSpaceId } from './spaces/space-id.ts';

const teamA = parseSpaceId('slack:T1:CA');
const teamB = parseSpaceId('slack:T1:CB');
const pdf = (text: string) =>
  makeTestPdf([{ texts: [{ text, x: 72, top: 100, size: 12 }] }, { texts: [{ text: 'Shipping is free.', x: 72, top: 100, size: 12 }] }]);

describe('forgetting a space', () => {
  let dataDir: string;
  let config: Config;
  let folio: Folio;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-forget-space-'));
    config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent', FOLIO_OCR: 'off' });
    folio = createFolio(config, { log: silentLogger() });
  });
  afterEach(async () => {
    await folio.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Space A: policy.pdf (the same bytes are in B) and handbook.pdf (only in A, with a rendered page). */
  async function twoSpaces(): Promise<{ sharedSha: string; ownSha: string }> {
    const shared = join(dataDir, 'policy.pdf');
    const own = join(dataDir, 'handbook.pdf');
    await writeFile(shared, await pdf('Refunds take fourteen days.'));
    await writeFile(own, await pdf('Holidays are twenty-five days a year.'));
    for (const space of [teamA, teamB]) expect((await folio.ingestFiles([{ path: shared, name: 'policy.pdf' }], space))[0].status).toBe('ready');
    expect((await folio.ingestFiles([{ path: own, name: 'handbook.pdf' }], teamA))[0].status).toBe('ready');
    const records = await folio.listDocuments(teamA);
    const ownRecord = records.find(record => record.name === 'handbook.pdf')!;
    await folio.pageImagePath(teamA, ownRecord.id, 1);
    return { sharedSha: records.find(record => record.name === 'policy.pdf')!.sha256, ownSha: ownRecord.sha256 };
  }

  it('removes every document, the files only it used, its settings, scope and kept answers; other spaces keep theirs', async () => {
    const { sharedSha, ownSha } = await twoSpaces();
    await folio.setSettings(teamA, { visibility: 'private' });
    await folio.setSettings(teamB, { citedOnly: true });
    await folio.setScope(teamA, { includeTeam: true });
    const asked = await folio.ask({ spaces: [teamA], question: 'How many holiday days are there?', asker: 'UALICE', focus: { threadRef: 'C1:1.1' } });
    if (asked.kind !== 'answered' && asked.kind !== 'not_found') throw new Error(`unexpected ${asked.kind}`);
    await folio.recordFeedback({ answerId: asked.answer.id, rating: 'up', user: 'UALICE' });
    const askedInB = await folio.ask({ spaces: [teamB], question: 'How long do refunds take?', asker: 'UBOB', focus: { threadRef: 'C2:2.2' } });
    if (askedInB.kind !== 'answered' && askedInB.kind !== 'not_found') throw new Error(`unexpected ${askedInB.kind}`);
    await folio.recordFeedback({ answerId: askedInB.answer.id, rating: 'down', user: 'UBOB' });

    const outcome = await folio.forgetSpace(teamA, { forgottenBy: 'UALICE' });
    expect(outcome).toEqual({ space: teamA, documents: 2, stillReading: [], deletedBlobs: 1, leftovers: [] });

    expect(await folio.listDocuments(teamA)).toEqual([]);
    expect((await folio.search([teamA], 'holidays refunds')).hits).toEqual([]);
    expect((await folio.ask({ spaces: [teamA], question: 'How many holiday days are there?' })).kind).toBe('no_documents');
    const blobs = new BlobStore(dataDir);
    await expect(stat(blobs.originalPath(ownSha))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(join(dataDir, 'page-images', ownSha))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(blobs.originalPath(sharedSha))).isFile()).toBe(true);
    expect(await folio.getSettings(teamA)).toEqual({ visibility: 'thread', citedOnly: false, questionsPerUserPerMinute: null });
    expect(await folio.getScope(teamA)).toEqual({ includeTeam: false });
    await expect(folio.recordFeedback({ answerId: asked.answer.id, rating: 'down', user: 'UBOB' })).rejects.toMatchObject({
      userMessage: 'That answer is too old to rate.',
    });
    expect((await folio.surfaceState.list('feedback:')).map(entry => entry.key)).toEqual([`feedback:${askedInB.answer.id}:UBOB`]);
    // What its threads were answered from goes too.
    expect((await folio.surfaceState.list('thread-answer:')).map(entry => entry.key)).toEqual([`thread-answer:${teamB}:C2:2.2`]);

    // The other space is as it was.
    expect((await folio.listDocuments(teamB)).map(record => record.name)).toEqual(['policy.pdf']);
    expect((await folio.search([teamB], 'refunds fourteen days')).hits.length).toBeGreaterThan(0);
    expect(await folio.getSettings(teamB)).toMatchObject({ citedOnly: true });

    // Forgetting it again finds nothing; sharing into it again works.
    expect(await folio.forgetSpace(teamA)).toMatchObject({ documents: 0, deletedBlobs: 0, leftovers: [] });
    const again = join(dataDir, 'handbook-again.pdf');
    await writeFile(again, await pdf('Holidays are twenty-five days a year.'));
    expect((await folio.ingestFiles([{ path: again, name: 'handbook.pdf' }], teamA))[0].status).toBe('ready');
    expect((await folio.search([teamA], 'holidays')).hits[0]?.unit.documentName).toBe('handbook.pdf');
  });

  it('names the documents that were still being read', async () => {
    const path = join(dataDir, 'queued.pdf');
    await writeFile(path, await pdf('Not read yet.'));
    // Submitted but no workers run in this process: it stays queued.
    await folio.submitDocument({ space: teamA, path, name: 'queued.pdf', source: { platform: 'cli' } });
    expect(await folio.forgetSpace(teamA)).toMatchObject({ documents: 1, stillReading: ['queued.pdf'] });
    expect(await folio.listDocuments(teamA)).toEqual([]);
  });

  it('reports what could not be cleaned up when the state store fails after the documents are gone', async () => {
    await twoSpaces();
    vi.spyOn(folio.surfaceState, 'delete').mockRejectedValueOnce(new Error('Redis went away'));
    const outcome = await folio.forgetSpace(teamA);
    expect(outcome).toMatchObject({ documents: 2, deletedBlobs: 1, leftovers: ['state'] });
    expect(await folio.listDocuments(teamA)).toEqual([]);
  });

  describe('folio forget-space', () => {
    const run = async (space: string, options: { yes?: boolean; json?: boolean }, interactive: boolean, answer?: string) => {
      const input = new PassThrough();
      const output = new PassThrough();
      let printed = '';
      output.on('data', chunk => (printed += String(chunk)));
      if (answer !== undefined) output.once('data', () => input.write(`${answer}\n`));
      const errors: string[] = [];
      const error = vi.spyOn(console, 'error').mockImplementation(line => void errors.push(String(line)));
      try {
        const exitCode = await forgetSpaceCommand(config, space, options, { input, output, interactive });
        return { exitCode, printed, errors };
      } finally {
        error.mockRestore();
      }
    };

    it('refuses without --yes when nobody can be asked, asks on a terminal, and forgets with --yes', async () => {
      await twoSpaces();
      expect(await run('slack:T1:CA', {}, false)).toMatchObject({
        exitCode: 1,
        errors: ['Not forgetting slack:T1:CA: add --yes to confirm (nothing was deleted).'],
      });
      const declined = await run('slack:T1:CA', {}, true, 'no');
      expect(declined.printed).toContain('Forget slack:T1:CA: 2 documents, their search data, the files no other space uses, and its settings?');
      expect(declined).toMatchObject({ exitCode: 1 });
      expect(declined.printed).toContain('Nothing was deleted.');
      expect(await readdir(join(dataDir, 'files'))).toHaveLength(2);

      const confirmed = await run('slack:T1:CA', {}, true, 'yes');
      expect(confirmed.exitCode).toBe(0);
      expect(confirmed.printed).toContain('Forgot slack:T1:CA: 2 documents, 1 stored files deleted.');

      const scripted = await run('slack:T1:CB', { yes: true, json: true }, false);
      expect(scripted.exitCode).toBe(0);
      expect(JSON.parse(scripted.printed)).toEqual({ space: 'slack:T1:CB', forgotten: true, documents: 1, deletedFiles: 1, stillReading: [], leftovers: [] });
      expect(await readdir(join(dataDir, 'files'))).toEqual([]);
    });
  });
});
