import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markedRegion } from '../support/figures/marked-region.ts';
import { makeTestPdf } from '../support/layout/make-test-pdf.ts';
import { filesForm, startWebTestServer, type WebTestServer } from './support/web-test-server.ts';

/**
 * "Show me where" end to end: a question's citation quotes a sentence, and the page image with that
 * quote's highlight has marker boxes exactly over the line pdf-lib drew the sentence on, nowhere else.
 */
const pageSize = { width: 612, height: 792 };
const size = 11;
const lines = [
  { text: 'The warehouse in Rotterdam opened in the spring of 2019.', top: 110 },
  { text: 'Refunds are paid within fourteen days of the request.', top: 150 },
  { text: 'Parcels leave the warehouse within two working days.', top: 190 },
];

let web: WebTestServer;
let documentId: string;

beforeAll(async () => {
  web = await startWebTestServer();
  const pdf = await makeTestPdf([
    { texts: [{ text: '1 Operations', x: 72, top: 72, size: 18, font: 'bold' }, ...lines.map(line => ({ text: line.text, x: 72, top: line.top, size }))] },
    {
      texts: [
        { text: '2 Contacts', x: 72, top: 72, size: 18, font: 'bold' },
        { text: 'Write to the service desk for anything else.', x: 72, top: 110, size },
      ],
    },
  ]);
  const response = await web.request('/v1/spaces/ops/documents', { method: 'POST', body: filesForm([{ name: 'operations.pdf', bytes: pdf }]) });
  const body = (await response.json()) as { documents: Array<{ documentId: string }> };
  documentId = body.documents[0].documentId;
  const finished = await web.nextFinished(documentId);
  expect(finished.outcome).toMatchObject({ status: 'ready' });
});
afterAll(() => web?.close());

const markedRows = (png: Uint8Array) => markedRegion(png, pageSize.width);

describe('page highlights', () => {
  it("marks the cited sentence's line on the page image, at the line's position", async () => {
    const response = await web.request('/v1/spaces/ops/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Within how many days are refunds paid?' }),
    });
    const answer = (await response.json()) as {
      outcome: string;
      citations: Array<{ documentId: string; pages: number[]; quotes: Array<{ page: number; text: string; highlight?: string }> }>;
    };
    expect(answer.outcome).toBe('answered');
    const [citation] = answer.citations;
    expect(citation.quotes[0]).toMatchObject({ page: 1, text: lines[1].text, highlight: expect.stringMatching(/^\d{4}:\d+-\d+$/) });

    const plain = new Uint8Array(await (await web.request(`/v1/spaces/ops/documents/${documentId}/pages/1.png`)).arrayBuffer());
    expect(await markedRows(plain)).toBeUndefined();

    const marked = await web.request(`/v1/spaces/ops/documents/${documentId}/pages/1.png?highlight=${encodeURIComponent(citation.quotes[0].highlight!)}`);
    expect(marked.status).toBe(200);
    expect(marked.headers.get('content-type')).toBe('image/png');
    const box = await markedRows(new Uint8Array(await marked.arrayBuffer()));
    // The mark covers the sentence's line (its glyphs from `top` to about `top + size`, plus the margin) and no other line.
    expect(box).toBeDefined();
    expect(box!.top).toBeGreaterThan(lines[1].top - 5);
    expect(box!.top).toBeLessThan(lines[1].top + 2);
    expect(box!.bottom).toBeGreaterThan(lines[1].top + size - 3);
    expect(box!.bottom).toBeLessThan(lines[2].top - 20);
    expect(box!.left).toBeGreaterThan(66);
    expect(box!.left).toBeLessThan(72);
    expect(box!.right).toBeGreaterThan(300);
  });

  it('refuses a highlight that is not one, and shows a highlight the tree cannot place unmarked', async () => {
    const bad = await web.request(`/v1/spaces/ops/documents/${documentId}/pages/1.png?highlight=${encodeURIComponent('../../etc:1-2')}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('highlight');
    const elsewhere = await web.request(`/v1/spaces/ops/documents/${documentId}/pages/1.png?highlight=9999:0-10`);
    expect(elsewhere.status).toBe(200);
    expect(await markedRows(new Uint8Array(await elsewhere.arrayBuffer()))).toBeUndefined();
  });
});
