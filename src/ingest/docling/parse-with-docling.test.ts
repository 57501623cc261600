import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FolioError } from '../../errors.ts';
import type { FigureSink } from '../types.ts';
import { mapDoclingDocument } from './map-docling-document.ts';
import { parseWithDocling } from './parse-with-docling.ts';

const fixtureText = readFileSync(new URL('../../../test/fixtures/docling/two-page-report.json', import.meta.url), 'utf8');

interface RecordedRequest {
  method?: string;
  path?: string;
  headers: IncomingMessage['headers'];
  form: FormData;
}

/** A stand-in for docling-serve: records each request (multipart decoded) and answers with `reply`. */
async function startFakeDocling(reply: (response: ServerResponse) => void): Promise<{ url: string; requests: RecordedRequest[]; server: Server }> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
    requests.push({ method: request.method, path: request.url, headers: request.headers, form });
    reply(response);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, server };
}

function json(status: number, body: unknown) {
  return (response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

const success = { document: { json_content: JSON.parse(fixtureText), md_content: null }, status: 'success', errors: [], processing_time: 0.8 };

let workDir: string;
let pdfPath: string;
let pdfBytes: Uint8Array;
const servers: Server[] = [];

async function fakeDocling(reply: (response: ServerResponse) => void) {
  const fake = await startFakeDocling(reply);
  servers.push(fake.server);
  return fake;
}

async function rejection(promise: Promise<unknown>): Promise<FolioError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(FolioError);
  return error as FolioError;
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'folio-docling-'));
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('Annual Report 2024');
  pdfBytes = await pdf.save();
  pdfPath = join(workDir, 'report.pdf');
  await writeFile(pdfPath, pdfBytes);
});

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise(resolve => server.close(resolve));
  }
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('parseWithDocling', () => {
  it('posts the file as multipart with to_formats=json and maps the returned DoclingDocument', async () => {
    const fake = await fakeDocling(json(200, success));
    const parsed = await parseWithDocling(pdfPath, { url: `${fake.url}/docling/`, apiKey: 'secret-key', timeoutMs: 10_000 });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/docling/v1/convert/file');
    expect(request.headers['x-api-key']).toBe('secret-key');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.form.getAll('to_formats')).toEqual(['json']);
    expect(request.form.get('image_export_mode')).toBe('placeholder');
    const file = request.form.get('files') as File;
    expect(file.name).toBe('report.pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdfBytes);

    const expected = mapDoclingDocument(JSON.parse(fixtureText)).parsed;
    expect(parsed).toEqual(expected);
    expect(parsed.parser).toBe('docling');
    expect(parsed.blocks.some(block => block.kind === 'table' && block.markdown?.includes('| North | 1,200 |'))).toBe(true);
  });

  it('asks for embedded picture crops when given a figure sink and stores them', async () => {
    const fake = await fakeDocling(json(200, success));
    const saved: Uint8Array[] = [];
    const figureSink: FigureSink = {
      save: async png => {
        saved.push(png);
        return { sha256: createHash('sha256').update(png).digest('hex') };
      },
    };
    const parsed = await parseWithDocling(pdfPath, { url: fake.url, timeoutMs: 10_000, figureSink });
    expect(fake.requests[0].form.get('image_export_mode')).toBe('embedded');
    expect(fake.requests[0].form.get('include_images')).toBe('true');
    expect(fake.requests[0].headers['x-api-key']).toBeUndefined();
    expect(saved).toHaveLength(1);
    const figure = parsed.blocks.find(block => block.kind === 'figure')!.figure!;
    expect(figure.sha256).toBe(createHash('sha256').update(saved[0]).digest('hex'));
    expect(figure.caption).toBe('Figure 1: Quarterly revenue');
  });

  it('treats 5xx and 429 as retryable', async () => {
    for (const status of [503, 429]) {
      const fake = await fakeDocling(json(status, { detail: 'busy' }));
      const error = await rejection(parseWithDocling(pdfPath, { url: fake.url, timeoutMs: 10_000 }));
      expect(error).toMatchObject({ code: 'docling_failed', retryable: true });
      expect(error.message).toContain(String(status));
    }
  });

  it('treats other 4xx as final', async () => {
    const fake = await fakeDocling(json(422, { detail: [{ msg: 'invalid format' }] }));
    const error = await rejection(parseWithDocling(pdfPath, { url: fake.url, timeoutMs: 10_000 }));
    expect(error).toMatchObject({ code: 'docling_failed', retryable: false });
    expect(error.userMessage).toContain('report.pdf');
  });

  it('treats a conversion reported as failed as final', async () => {
    const fake = await fakeDocling(json(200, { document: { json_content: null }, status: 'failure', errors: [{ error_message: 'boom' }] }));
    const error = await rejection(parseWithDocling(pdfPath, { url: fake.url, timeoutMs: 10_000 }));
    expect(error).toMatchObject({ code: 'docling_failed', retryable: false });
  });

  it('treats an unreachable server and a timeout as retryable', async () => {
    const closed = await fakeDocling(json(200, success));
    const closedUrl = closed.url;
    await new Promise(resolve => closed.server.close(resolve));
    const unreachable = await rejection(parseWithDocling(pdfPath, { url: closedUrl, timeoutMs: 10_000 }));
    expect(unreachable).toMatchObject({ code: 'docling_failed', retryable: true });
    expect(unreachable.message).toContain('unreachable');

    const silent = await fakeDocling(() => {});
    const startedAt = Date.now();
    const timedOut = await rejection(parseWithDocling(pdfPath, { url: silent.url, timeoutMs: 300 }));
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(timedOut).toMatchObject({ code: 'docling_failed', retryable: true });
    expect(timedOut.message).toContain('no answer within 300 ms');
  });

  it('rethrows the caller abort reason', async () => {
    const silent = await fakeDocling(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('job cancelled')), 100);
    await expect(parseWithDocling(pdfPath, { url: silent.url, timeoutMs: 10_000, signal: controller.signal })).rejects.toThrow('job cancelled');
  });
});
