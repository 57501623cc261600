import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FolioError } from '../../src/index.ts';

export interface DownloadOptions {
  /** Host names the file may come from; "*.example.com" matches subdomains (not example.com itself). */
  allowedHosts: string[];
  /** Sent only to allowed hosts (the bot token never leaves the platform). */
  headers?: Record<string, string>;
  maxBytes: number;
  /** Redirects followed, each checked against allowedHosts again. */
  maxRedirects?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Where to put the file; a new temporary directory by default. */
  directory?: string;
  /** Test servers are plain http on loopback; production downloads are https only. */
  allowInsecureLoopback?: boolean;
}

export interface DownloadedFile {
  path: string;
  bytes: number;
  /** Deletes the file (callers do this once the original is stored). */
  remove(): Promise<void>;
}

/**
 * Streams a platform file to disk: only from allowed hosts (checked again on every redirect, and the
 * credentials are dropped if a redirect leaves the first host), with the size limit enforced while the
 * bytes arrive, so a huge file is refused without being stored.
 */
export async function downloadToFile(url: string, options: DownloadOptions): Promise<DownloadedFile> {
  const directory = options.directory ?? join(tmpdir(), 'folio-downloads');
  await mkdir(directory, { recursive: true });
  const path = join(directory, randomUUID());
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 120_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let current = checkedUrl(url, options);
  const firstHost = current.host;
  let response: Response | undefined;
  for (let redirects = 0; ; redirects++) {
    const headers = current.host === firstHost ? options.headers : undefined;
    try {
      response = await fetch(current, { headers, redirect: 'manual', signal });
    } catch (error) {
      throw downloadFailed(`download from ${current.host} failed: ${(error as Error).message}`, error);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      if (redirects >= (options.maxRedirects ?? 3)) throw downloadFailed(`too many redirects from ${firstHost}`);
      current = checkedUrl(new URL(response.headers.get('location')!, current).toString(), options);
      continue;
    }
    break;
  }
  if (!response.ok || !response.body) {
    throw downloadFailed(`download from ${current.host} answered ${response.status}`, undefined, response.status >= 500 || response.status === 429);
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw tooLarge(options.maxBytes);
  }
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > options.maxBytes) callback(tooLarge(options.maxBytes));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), limit, createWriteStream(path), { signal });
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof FolioError) throw error;
    throw downloadFailed(`download from ${current.host} broke off: ${(error as Error).message}`, error, true);
  }
  if (bytes === 0) {
    await rm(path, { force: true });
    throw new FolioError({ code: 'file_empty', message: 'downloaded file is empty', userMessage: 'The file is empty (0 bytes); please share it again.' });
  }
  return { path, bytes, remove: () => rm(path, { force: true }) };
}

/** True when `host` is one of `allowed` ("*.x.com" matches any subdomain of x.com). */
export function hostAllowed(host: string, allowed: string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some(pattern => (pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) && name.length > pattern.length - 1 : name === pattern));
}

function checkedUrl(raw: string, options: DownloadOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused(`not a URL: ${raw.slice(0, 100)}`);
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(options.allowInsecureLoopback && loopback && url.protocol === 'http:')) {
    throw refused(`refusing a ${url.protocol} download from ${url.host}`);
  }
  // Tests allow loopback explicitly by listing "127.0.0.1:port" or "127.0.0.1" in allowedHosts.
  if (!hostAllowed(url.hostname, options.allowedHosts) && !hostAllowed(url.host, options.allowedHosts)) {
    throw refused(`refusing to download from ${url.host}: not one of the platform's file hosts`);
  }
  return url;
}

function refused(message: string): FolioError {
  return new FolioError({
    code: 'download_refused',
    message,
    // Slack, Teams and whatever comes next share these words: no platform's own vocabulary ("workspace").
    userMessage: "I can only read files stored in this chat's own file storage, so I did not open that link.",
  });
}

function tooLarge(maxBytes: number): FolioError {
  const mb = Math.round(maxBytes / 1024 / 1024);
  return new FolioError({
    code: 'file_too_large',
    message: `download exceeded ${maxBytes} bytes`,
    userMessage: `That file is larger than ${mb} MB, the most I read. Split it or share a smaller version.`,
  });
}

function downloadFailed(message: string, cause?: unknown, retryable = false): FolioError {
  return new FolioError({
    code: 'download_failed',
    message,
    cause,
    retryable,
    userMessage: 'I could not download that file. Please try sharing it again in a minute.',
  });
}
