import { createHash } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { sendJson, startFakeHttpServer, type FakeHttpServer } from './fake-model-server.ts';

/**
 * A PyPI simple index (PEP 691 JSON) on 127.0.0.1 serving the wheels a test builds. Downloads honour
 * `Range: bytes=N-` (206), as files.pythonhosted.org does.
 */
export interface FakeWheel {
  project: string;
  filename: string;
  bytes: Buffer;
  /** The sha256 the index lists; default the bytes' own. */
  listedSha256?: string;
}

export interface FakePypiServer extends FakeHttpServer {
  /** The index URL (`…/simple`). */
  indexUrl: string;
  /** The next download of `filename` sends its headers and this many body bytes, then drops the connection. */
  dropDownloadAfter(filename: string, bytes: number): void;
  /** Replaces the bytes served for `filename` (the listed sha256 stays). */
  serveInstead(filename: string, bytes: Buffer): void;
  /** Downloads (GET /files/…) received so far. */
  downloads(): Array<{ filename: string; range?: string }>;
}

export async function startFakePypiServer(wheels: FakeWheel[]): Promise<FakePypiServer> {
  const served = new Map(wheels.map(wheel => [wheel.filename, wheel.bytes]));
  const drops = new Map<string, number>();
  const server = await startFakeHttpServer((request, response) => {
    const project = /^\/simple\/([^/]+)\/$/.exec(request.path)?.[1];
    if (project) {
      const files = wheels
        .filter(wheel => wheel.project === project)
        .map(wheel => ({ filename: wheel.filename, url: `../../files/${wheel.filename}`, hashes: { sha256: wheel.listedSha256 ?? sha256(wheel.bytes) } }));
      if (files.length === 0) return sendJson(response, 404, { message: 'not found' });
      return sendJson(response, 200, { meta: { 'api-version': '1.1' }, name: project, files }, { 'content-type': 'application/vnd.pypi.simple.v1+json' });
    }
    const filename = /^\/files\/([^/]+)$/.exec(request.path)?.[1];
    const bytes = filename ? served.get(filename) : undefined;
    if (!filename || !bytes) return sendJson(response, 404, { message: 'not found' });
    const start = Number(/^bytes=(\d+)-$/.exec(String(request.headers.range ?? ''))?.[1] ?? 0);
    const body = bytes.subarray(start);
    response.writeHead(start > 0 ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
      ...(start > 0 ? { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` } : {}),
    });
    const dropAfter = drops.get(filename);
    if (dropAfter === undefined) return void response.end(body);
    drops.delete(filename);
    response.write(body.subarray(0, dropAfter), () => setTimeout(() => response.socket?.destroy(), 20));
  });
  return {
    ...server,
    indexUrl: `${server.url}/simple`,
    dropDownloadAfter: (filename, bytes) => void drops.set(filename, bytes),
    serveInstead: (filename, bytes) => void served.set(filename, bytes),
    downloads: () =>
      server.requests
        .filter(request => request.path.startsWith('/files/'))
        .map(request => ({ filename: request.path.slice('/files/'.length), range: request.headers.range as string | undefined })),
  };
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A zip (a wheel) of deflated entries, built in memory. */
export function buildWheel(entries: Record<string, Uint8Array>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const fileName = Buffer.from(name, 'utf8');
    const compressed = deflateRawSync(data);
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, compressed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + compressed.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
