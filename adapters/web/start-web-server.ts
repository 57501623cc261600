import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { FolioError, type Logger } from '../../src/index.ts';
import { closeWebApp } from './create-web-app.ts';

export interface WebServerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Without a key only loopback hosts are allowed: nothing else protects the API then. */
  apiKey?: string;
  log: Logger;
}

export interface WebServer {
  server: Server;
  /** `http://127.0.0.1:3000/`: where the console is. */
  url: string;
  port: number;
  /**
   * Stops accepting connections, ends event streams, lets requests in flight finish for up to
   * `graceMs`, then closes what is left.
   */
  close(graceMs?: number): Promise<void>;
}

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  return loopbackHosts.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Without an API key nothing protects the API, so only loopback addresses may be bound: throws a
 * config_invalid FolioError naming FOLIO_HOST and FOLIO_API_KEY otherwise.
 */
export function assertBindAllowed(host: string, apiKey: string | undefined): void {
  if (apiKey || isLoopbackHost(host)) return;
  throw new FolioError({
    code: 'config_invalid',
    message:
      `FOLIO_HOST=${host} would let other machines use Folio without authentication. ` +
      'Set FOLIO_API_KEY (at least 16 characters) to serve other hosts, or unset FOLIO_HOST to listen on 127.0.0.1 only.',
    userMessage: 'Folio refuses to listen on a public address without FOLIO_API_KEY.',
  });
}

/** Listens with the app on host:port; start-up problems become FolioErrors that name the setting to change. */
export async function startWebServer(app: Express, options: WebServerOptions): Promise<WebServer> {
  assertBindAllowed(options.host, options.apiKey);
  const server = app.listen({ host: options.host, port: options.port });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', error => reject(listenError(error as NodeJS.ErrnoException, options)));
  });
  // Uploads of large files over slow links take a while; the request (not the reply) must arrive in this time.
  server.requestTimeout = 30 * 60 * 1000;
  const port = (server.address() as AddressInfo).port;
  const urlHost = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  const url = `http://${urlHost}:${port}/`;
  options.log.debug({ url }, 'web server listening');

  return {
    server,
    url,
    port,
    async close(graceMs = 10_000) {
      const closed = new Promise<void>(resolve => server.close(() => resolve()));
      closeWebApp(app);
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      timer.unref();
      await closed;
      clearTimeout(timer);
    },
  };
}

function listenError(error: NodeJS.ErrnoException, options: WebServerOptions): FolioError {
  const where = `${options.host}:${options.port}`;
  const messages: Record<string, string> = {
    EADDRINUSE: `Port ${options.port} on ${options.host} is already in use (is Folio already running?). Stop the other program, or set FOLIO_PORT to a free port, e.g. FOLIO_PORT=3001 npm start.`,
    EACCES: `Not allowed to listen on ${where}: ports below 1024 need special rights. Set FOLIO_PORT to a port above 1024.`,
    EADDRNOTAVAIL: `${options.host} is not an address of this machine. Set FOLIO_HOST to one of its addresses (or unset it for 127.0.0.1).`,
    ENOTFOUND: `The host name ${options.host} does not resolve. Set FOLIO_HOST to an address of this machine (or unset it for 127.0.0.1).`,
  };
  return new FolioError({
    code: 'config_invalid',
    message: messages[error.code ?? ''] ?? `Cannot listen on ${where}: ${error.message}`,
    userMessage: 'Folio could not start its web server.',
    cause: error,
  });
}
