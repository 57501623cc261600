import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeScannedPagePdf, readPngSize } from '../support/figures/test-documents.ts';
import { markedRegion } from '../support/figures/marked-region.ts';
import { filesForm, startWebTestServer, type WebTestServer } from './support/web-test-server.ts';

/**
 * A letter scanned sideways (it reads only turned 90° clockwise) shared as a PDF without a text layer:
 * its words are read, answered from and shown where they are on the page as it reads.
 */
let web: WebTestServer;
let documentId: string;

beforeAll(async () => {
  web = await startWebTestServer({ environment: { FOLIO_OCR: 'on' } });
  const pdf = await makeScannedPagePdf({ readTurned: 90 });
  const response = await web.request('/v1/spaces/office/documents', { method: 'POST', body: filesForm([{ name: 'sideways-scan.pdf', bytes: pdf }]) });
  documentId = ((await response.json()) as { documents: Array<{ documentId: string }> }).documents[0].documentId;
  expect((await web.nextFinished(documentId)).outcome).toMatchObject({ status: 'ready' });
});
afterAll(() => web?.close());

describe('a page scanned sideways', () => {
  it('is answered from, and shown upright with the quoted line marked where it reads', async () => {
    const response = await web.request('/v1/spaces/office/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Within how many days are invoices paid?' }),
    });
    const answer = (await response.json()) as { outcome: string; citations: Array<{ quotes: Array<{ page: number; text: string; highlight?: string }> }> };
    expect(answer.outcome).toBe('answered');
    const quote = answer.citations.flatMap(citation => citation.quotes).find(candidate => /thirty days/.test(candidate.text));
    expect(quote).toMatchObject({ page: 1, highlight: expect.any(String) });

    // The scan lies landscape (792 × 612 pt); it is shown as it reads, portrait.
    const plain = new Uint8Array(await (await web.request(`/v1/spaces/office/documents/${documentId}/pages/1.png`)).arrayBuffer());
    const { widthPx, heightPx } = readPngSize(plain);
    expect(heightPx / widthPx).toBeCloseTo(792 / 612, 2);

    const marked = await web.request(`/v1/spaces/office/documents/${documentId}/pages/1.png?highlight=${encodeURIComponent(quote!.highlight!)}`);
    const box = await markedRegion(new Uint8Array(await marked.arrayBuffer()), 612);
    // "Invoices are paid within thirty days": x = 72 pt, baseline 432 pt on the page as it reads.
    expect(box).toBeDefined();
    expect(box!.left).toBeGreaterThan(60);
    expect(box!.left).toBeLessThan(74);
    expect(box!.bottom).toBeGreaterThan(425);
    expect(box!.bottom).toBeLessThan(445);
  });
});
