import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { FolioError } from '../../src/index.ts';
import { bearerToken } from './require-api-key.ts';

/** How long a refused client is asked to wait; uploads usually finish within seconds. */
const retryAfterSeconds = 5;

/**
 * Caps the uploads one client has in flight (still sending, or being stored and queued). A client is
 * its API key when it sends one, else its IP address. Counted from the first byte of the request to
 * the end of the reply, so a stalled or slow upload keeps its slot until it is done or dropped.
 */
export class UploadLimiter {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly maxPerClient: number) {}

  /** Uploads in flight across all clients (for /metrics). */
  get total(): number {
    let sum = 0;
    for (const count of this.inFlight.values()) sum += count;
    return sum;
  }

  middleware(): RequestHandler {
    return (request, response, next) => {
      const client = clientOf(request);
      const count = this.inFlight.get(client) ?? 0;
      if (count >= this.maxPerClient) {
        response.setHeader('Retry-After', String(retryAfterSeconds));
        throw new FolioError({
          code: 'rate_limited',
          message: `${count} uploads in flight from one client`,
          userMessage: `You already have ${count} uploads in progress, the most at once (FOLIO_MAX_CONCURRENT_UPLOADS). Wait for one to finish and try again.`,
          retryable: true,
        });
      }
      this.inFlight.set(client, count + 1);
      let released = false;
      response.on('close', () => {
        if (released) return;
        released = true;
        const remaining = (this.inFlight.get(client) ?? 1) - 1;
        if (remaining <= 0) this.inFlight.delete(client);
        else this.inFlight.set(client, remaining);
      });
      next();
    };
  }
}

function clientOf(request: Request): string {
  const token = bearerToken(request);
  if (token) return `key:${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;
  return `ip:${request.ip ?? request.socket.remoteAddress ?? 'unknown'}`;
}
