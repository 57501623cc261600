import { request as httpRequest } from 'node:http';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPngSize } from '../support/figures/test-documents.ts';
import { makeTestPdf } from '../support/layout/make-test-pdf.ts';
import { makeHandbookPdf } from './support/handbook-pdf.ts';
import { filesForm, readServerSentEvents, startWebTestServer, type WebTestServer } from './support/web-test-server.ts';

let web: WebTestServer;
let handbook: Uint8Array;

beforeAll(async () => {
  // 60 kB upload limit and two uploads at once per client, so the limits are cheap to hit.
  web = await startWebTestServer({ environment: { FOLIO_MAX_FILE_MB: String(60 / 1024), FOLIO_MAX_CONCURRENT_UPLOADS: '2' } });
  handbook = await makeHandbookPdf();
});
afterAll(() => web?.close());

async function upload(space: string, files: Array<{ name: string; bytes: Uint8Array }>) {
  const response = await web.request(`/v1/spaces/${encodeURIComponent(space)}/documents`, { method: 'POST', body: filesForm(files) });
  return { status: response.status, body: (await response.json()) as any };
}

describe('documents API', () => {
  it('accepts an upload with 202, reports ingest progress on the space event stream, then lists the ready document', async () => {
    const events = await web.request('/v1/spaces/handbook/events', { headers: { accept: 'text/event-stream' } });
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const collected = readServerSentEvents(events, event => event.event === 'finished');

    const { status, body } = await upload('handbook', [{ name: 'Handbook – Käse.pdf', bytes: handbook }]);
    expect(status).toBe(202);
    expect(body.documents).toHaveLength(1);
    const [document] = body.documents;
    expect(document).toMatchObject({ name: 'Handbook – Käse.pdf', duplicate: false, status: 'queued' });
    expect(document.jobId).toMatch(/^web:handbook:[0-9a-f]{64}$/);

    const received = await collected;
    const stages = received.filter(event => event.event === 'progress').map(event => (event.data as { stage: string }).stage);
    expect(stages).toContain('parsing');
    const pageEvents = received.filter(event => (event.data as { type?: string }).type === 'page');
    expect(pageEvents.map(event => (event.data as { page: number }).page)).toEqual([1, 2, 3]);
    expect(received.at(-1)).toMatchObject({ event: 'finished', data: { documentId: document.documentId, status: 'ready', pages: 3 } });
    for (const event of received) expect(event.data).toMatchObject({ documentId: document.documentId, name: 'Handbook – Käse.pdf' });

    const list = await web.request('/v1/spaces/handbook/documents');
    const { documents } = (await list.json()) as any;
    expect(documents).toEqual([
      expect.objectContaining({ id: document.documentId, status: 'ready', pageCount: 3, space: 'web:handbook', source: { platform: 'web' } }),
    ]);
  });

  it('returns the record and heading tree, by id or by name, with text or as an outline', async () => {
    const response = await web.request(`/v1/spaces/handbook/documents/${encodeURIComponent('Handbook – Käse.pdf')}`);
    expect(response.status).toBe(200);
    const { document, tree } = (await response.json()) as any;
    expect(document.name).toBe('Handbook – Käse.pdf');
    expect(tree.totalPages).toBe(3);
    const titles = JSON.stringify(tree.nodes);
    expect(titles).toContain('2 Refunds');
    expect(titles).not.toContain('pageTexts');
    const refunds = findNode(tree.nodes, '2 Refunds');
    expect(refunds).toMatchObject({ pageStart: 2, pageEnd: 2 });
    expect(refunds.text).toContain('45 days');

    const outline = (await (await web.request(`/v1/spaces/handbook/documents/${document.id}?outline=1`)).json()) as any;
    expect(findNode(outline.tree.nodes, '2 Refunds').text).toBe('');
  });

  it('renders a cited page as PNG and answers 404 for a page the document does not have', async () => {
    const { documents } = (await (await web.request('/v1/spaces/handbook/documents')).json()) as any;
    const id = documents[0].id;
    const page = await web.request(`/v1/spaces/handbook/documents/${id}/pages/2.png`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/png');
    expect(readPngSize(new Uint8Array(await page.arrayBuffer()))).toEqual({ widthPx: 935, heightPx: 1210 });

    const missing = await web.request(`/v1/spaces/handbook/documents/${id}/pages/4.png`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'document_not_found', message: 'Handbook – Käse.pdf has 3 pages; there is no page 4.' } });
    expect((await web.request(`/v1/spaces/handbook/documents/${id}/pages/zero.png`)).status).toBe(404);
    expect((await web.request(`/v1/spaces/handbook/documents/nope/pages/1.png`)).status).toBe(404);
  });

  it('treats the same bytes shared again as the same document', async () => {
    const { status, body } = await upload('handbook', [{ name: 'copy.pdf', bytes: handbook }]);
    expect(status).toBe(202);
    expect(body.documents[0]).toMatchObject({ duplicate: true, status: 'ready' });
  });

  it('refuses a file over the size limit with 413 naming the limit, and keeps nothing of it', async () => {
    const big = new Uint8Array(70 * 1024).fill(0x41);
    const { status, body } = await upload('limits', [{ name: 'big.pdf', bytes: big }]);
    expect(status).toBe(413);
    expect(body.error.code).toBe('file_too_large');
    expect(body.error.message).toContain('big.pdf is larger than 0.06 MB');
    expect(await readdir(join(web.dataDir, 'uploads'))).toEqual([]);
    expect((await (await web.request('/v1/spaces/limits/documents')).json()) as any).toEqual({ documents: [] });
  });

  it('refuses unsupported and mislabeled files with 415 and the reason, but accepts the good files of a mixed upload', async () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde,
    ]);
    const mislabeled = await upload('mixed', [{ name: 'scan.pdf', bytes: png }]);
    expect(mislabeled.status).toBe(415);
    expect(mislabeled.body.error).toEqual({ code: 'file_mislabeled', message: expect.stringContaining('scan.pdf is actually') });

    const unsupported = await upload('mixed', [{ name: 'notes.txt', bytes: new TextEncoder().encode('just some text') }]);
    expect(unsupported.status).toBe(415);
    expect(unsupported.body.error.code).toBe('file_unsupported');

    const finished = web.nextFinished();
    const mixed = await upload('mixed', [
      { name: 'notes.txt', bytes: new TextEncoder().encode('just some text') },
      { name: 'handbook.pdf', bytes: handbook },
    ]);
    expect(mixed.status).toBe(202);
    expect(mixed.body.documents).toEqual([
      { name: 'notes.txt', duplicate: false, status: 'failed', error: { code: 'file_unsupported', message: expect.any(String) } },
      expect.objectContaining({ name: 'handbook.pdf', status: 'queued' }),
    ]);
    await finished;
  });

  it('answers 400 for uploads without files, empty files and unsafe space names', async () => {
    const noFiles = await web.request('/v1/spaces/handbook/documents', { method: 'POST', body: new FormData() });
    expect(noFiles.status).toBe(400);
    expect(((await noFiles.json()) as any).error.code).toBe('input_invalid');

    const notMultipart = await web.request('/v1/spaces/handbook/documents', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(notMultipart.status).toBe(400);

    const empty = await upload('handbook', [{ name: 'empty.pdf', bytes: new Uint8Array() }]);
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('file_empty');

    for (const space of ['../etc', 'a b', '-dash', 'x'.repeat(201), 'semi;colon']) {
      const response = await web.request(`/v1/spaces/${encodeURIComponent(space)}/documents`, {
        method: 'POST',
        body: filesForm([{ name: 'h.pdf', bytes: handbook }]),
      });
      expect(response.status, space).toBe(400);
      expect(((await response.json()) as any).error).toMatchObject({ code: 'space_invalid', message: expect.stringContaining('Space names may use') });
      expect((await web.request(`/v1/spaces/${encodeURIComponent(space)}/documents`)).status).toBe(400);
    }
  });

  it('answers 429 with Retry-After when one client has more uploads in flight than allowed', async () => {
    // Two uploads that send their headers and a first part, then stall: both hold a slot.
    const stalled = [startStalledUpload(), startStalledUpload()];
    await waitFor(async () => (await web.request('/metrics')).text().then(text => /^folio_uploads_in_flight 2$/m.test(text)));
    const refused = await web.request('/v1/spaces/handbook/documents', { method: 'POST', body: filesForm([{ name: 'third.pdf', bytes: handbook }]) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as any).error).toEqual({ code: 'rate_limited', message: expect.stringContaining('2 uploads in progress') });
    for (const upload of stalled) upload.abort();
    await waitFor(async () => (await web.request('/metrics')).text().then(text => /^folio_uploads_in_flight 0$/m.test(text)));
    const accepted = await upload('handbook', [{ name: 'again.pdf', bytes: handbook }]);
    expect(accepted.status).toBe(202);
  });

  it('forgets a document with its files and cached page images', async () => {
    const { documents } = (await (await web.request('/v1/spaces/handbook/documents')).json()) as any;
    const [record] = documents;
    await web.request(`/v1/spaces/handbook/documents/${record.id}/pages/1.png`);
    // The same bytes are also in the space "mixed": the original and page images stay for it.
    const kept = await web.request(`/v1/spaces/handbook/documents/${record.id}`, { method: 'DELETE' });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual({ documentId: record.id, name: record.name, forgotten: true, deletedFiles: 0 });
    await stat(join(web.dataDir, 'page-images', record.sha256, '1.png'));

    const mixed = (await (await web.request('/v1/spaces/mixed/documents')).json()) as any;
    const other = mixed.documents.find((document: { sha256: string }) => document.sha256 === record.sha256);
    const gone = await web.request(`/v1/spaces/mixed/documents/${other.id}`, { method: 'DELETE' });
    expect(((await gone.json()) as any).deletedFiles).toBeGreaterThan(0);
    await expect(stat(join(web.dataDir, 'page-images', record.sha256))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(join(web.dataDir, 'files', record.sha256))).rejects.toMatchObject({ code: 'ENOENT' });

    const again = await web.request(`/v1/spaces/handbook/documents/${record.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as any).error.code).toBe('document_not_found');
  });

  it('forgets a whole space: its documents, their files and its settings', async () => {
    const finished = web.nextFinished();
    const bytes = await makeTestPdf([{ texts: [{ text: 'Parking permits are renewed every April.', x: 72, top: 100, size: 12 }] }]);
    expect((await upload('to-forget', [{ name: 'parking.pdf', bytes }])).status).toBe(202);
    expect((await finished).outcome.status).toBe('ready');
    const patched = await web.request('/v1/spaces/to-forget/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"visibility":"private"}',
    });
    expect(patched.status).toBe(200);
    const [record] = ((await (await web.request('/v1/spaces/to-forget/documents')).json()) as any).documents;

    const forgotten = await web.request('/v1/spaces/to-forget', { method: 'DELETE' });
    expect(forgotten.status).toBe(200);
    expect(await forgotten.json()).toEqual({ space: 'web:to-forget', forgotten: true, documents: 1, deletedFiles: 1, stillReading: [], leftovers: [] });
    expect(await (await web.request('/v1/spaces/to-forget/documents')).json()).toEqual({ documents: [] });
    expect(await (await web.request('/v1/spaces/to-forget/settings')).json()).toMatchObject({ visibility: 'thread' });
    await expect(stat(join(web.dataDir, 'files', record.sha256))).rejects.toMatchObject({ code: 'ENOENT' });
    const empty = await web.request('/v1/spaces/never-used', { method: 'DELETE' });
    expect(await empty.json()).toMatchObject({ space: 'web:never-used', documents: 0 });
    expect((await web.request('/v1/spaces/bad%20name', { method: 'DELETE' })).status).toBe(400);
  });
});

function findNode(nodes: any[], title: string): any {
  for (const node of nodes) {
    if (node.title === title) return node;
    const found = findNode(node.children, title);
    if (found) return found;
  }
  return undefined;
}

function startStalledUpload(): { abort(): void } {
  const url = new URL(`${web.baseUrl}/v1/spaces/handbook/documents`);
  const request = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '100000' },
  });
  request.on('error', () => undefined);
  request.write('--x\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\n\r\n%PDF-1.7\n');
  return { abort: () => request.destroy() };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}
