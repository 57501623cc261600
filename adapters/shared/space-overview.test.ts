import { describe, expect, it } from 'vitest';
import { type DocumentRecord, type Folio, parseSpaceId, renderChatText } from '../../src/index.ts';
import { documentsOverview } from './space-overview.ts';

const space = parseSpaceId('slack:T1:C1');
const record = (name: string, title?: string): DocumentRecord => ({
  id: name,
  space,
  name,
  ...(title ? { title } : {}),
  mime: 'application/pdf',
  sha256: name,
  sizeBytes: 1,
  pageCount: 3,
  status: 'ready',
  source: { platform: 'slack' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('documentsOverview', () => {
  it('lists each document with its printed title, by which questions may name it', async () => {
    const app = {
      readableSpaces: async () => [space],
      listDocuments: async () => [record('scan-0042.pdf', 'Bicycle Storage Guidelines'), record('handbook.pdf')],
    } as unknown as Folio;
    const lines = await documentsOverview(app, space, { teamWide: 'workspace-wide', command: words => `/folio ${words}` });
    expect(lines.map(line => renderChatText(line, bold => `*${bold}*`))).toEqual([
      '*Documents here* (2):',
      '• *handbook.pdf* · 3 pages',
      '• *scan-0042.pdf* “Bicycle Storage Guidelines” · 3 pages',
    ]);
  });
});
