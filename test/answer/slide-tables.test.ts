import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthTable, writeTableDeckPptx } from '../support/office/make-office-documents.ts';
import { sofficeAvailability } from '../support/office/soffice-availability.ts';
import { jsonLines, runFolio } from '../support/run-folio.ts';

/**
 * A slide's table of shaded cells without borders is read as a table: LibreOffice prints it as filled
 * boxes edge to edge and no line, which the other readers took for columns of loose text.
 */
const soffice = sofficeAvailability();
const describeWithOffice = soffice.available || soffice.mustRun ? describe : describe.skip;

describeWithOffice('tables on slides', () => {
  let workDir: string;
  let environment: Record<string, string>;

  beforeAll(async () => {
    if (!soffice.available) throw new Error(soffice.reason);
    workDir = await mkdtemp(join(tmpdir(), 'folio-slide-table-'));
    await writeTableDeckPptx(join(workDir, 'api-security.pptx'));
    environment = { FOLIO_DATA_DIR: join(workDir, 'data'), FOLIO_MODEL_PROVIDER: 'offline', FOLIO_OCR: 'off' };
  }, 60_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("answers from a row of a shaded table, each cell under its column's name", async () => {
    const ingest = await runFolio(['ingest', join(workDir, 'api-security.pptx'), '--space', 'slides', '--json'], environment);
    expect(ingest.exitCode, ingest.stderr).toBe(0);
    expect(jsonLines(ingest.stdout)[0]).toMatchObject({ status: 'ready', stats: { tables: 1 } });
    const [answer] = jsonLines(
      (await runFolio(['ask', 'Which OAuth flow should a daemon app use?', '--space', 'slides', '--json'], environment)).stdout,
    ) as any[];
    const [header, , , daemon] = oauthTable;
    expect(answer.answer).toContain(daemon!.map((cell, column) => `${header![column]}: ${cell}`).join('; '));
    expect(answer.citations[0]).toMatchObject({ document: 'api-security.pptx', pages: [2] });
  });
});
