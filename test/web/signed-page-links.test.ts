import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSpaceId } from '../../src/spaces/space-id.ts';
import { makeHandbookPdf } from '../support/answer/make-handbook-pdf.ts';
import { filesForm, startWebTestServer, type WebTestServer } from './support/web-test-server.ts';

const apiKey = 'signed-links-test-api-key';
const publicUrl = 'https://folio.example.com';

/** Signed page links (Folio.pageLink): what chat citations open, without the API key, one page each. */
describe('signed page links', () => {
  let web: WebTestServer;
  let documentId: string;
  const space = parseSpaceId('handbook');

  beforeAll(async () => {
    web = await startWebTestServer({ apiKey, environment: { FOLIO_PUBLIC_URL: publicUrl } });
    const finished = web.nextFinished();
    const upload = await web.request('/v1/spaces/handbook/documents', {
      method: 'POST',
      body: filesForm([{ name: 'handbook.pdf', bytes: await makeHandbookPdf('a') }]),
    });
    expect(upload.status).toBe(202);
    documentId = (await finished).job.documentId;
  });
  afterAll(async () => {
    await web?.close();
  });

  /** The link's path and query, fetched from the test server without any key. */
  const open = (link: string) => {
    const url = new URL(link);
    return fetch(`${web.baseUrl}${url.pathname}${url.search}`);
  };

  it('opens the page it names without the API key', async () => {
    const link = web.folio.pageLink(space, documentId, 2)!;
    expect(link.startsWith(`${publicUrl}/v1/spaces/web%3Ahandbook/documents/${documentId}/pages/2.png?exp=`)).toBe(true);
    const response = await open(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('opens nothing else: another page, a changed signature, the rest of the API', async () => {
    const link = new URL(web.folio.pageLink(space, documentId, 2)!);
    const otherPage = `${publicUrl}${link.pathname.replace('/pages/2.png', '/pages/3.png')}${link.search}`;
    expect((await open(otherPage)).status).toBe(401);
    const tampered = new URL(link);
    tampered.searchParams.set('sig', `${tampered.searchParams.get('sig')!.slice(0, -2)}xx`);
    expect((await open(tampered.href)).status).toBe(401);
    expect((await open(`${publicUrl}/v1/spaces/web%3Ahandbook/documents${link.search}`)).status).toBe(401);
    // Unsigned, the page still needs the key.
    expect((await open(`${publicUrl}${link.pathname}`)).status).toBe(401);
  });
});
