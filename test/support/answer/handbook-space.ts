import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { createFolio } from '../../../src/folio.ts';
import type { Folio } from '../../../src/folio-api.ts';
import { parseSpaceId } from '../../../src/spaces/space-id.ts';
import { makeHandbookPdf } from './make-handbook-pdf.ts';

export interface HandbookSpace {
  /** An offline Folio over a fresh data dir; copies with models share its config and store. */
  offline: Folio;
  space: ReturnType<typeof parseSpaceId>;
  close(): Promise<void>;
}

/** An offline Folio whose space `handbook` holds handbook.pdf (makeHandbookPdf('a')), ready. */
export async function handbookSpace(prefix: string): Promise<HandbookSpace> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  const offline = createFolio(loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent', FOLIO_OCR: 'off' }));
  const space = parseSpaceId('handbook');
  const file = join(dataDir, 'a.pdf');
  await writeFile(file, await makeHandbookPdf('a'));
  const [document] = await offline.ingestFiles([{ path: file, name: 'handbook.pdf' }], space);
  expect(document.status).toBe('ready');
  return {
    offline,
    space,
    close: async () => {
      await offline.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
