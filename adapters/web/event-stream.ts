import type { Request, Response } from 'express';

/** A comment line every so often keeps proxies and load balancers from closing an idle stream. */
const keepAliveMs = 15_000;

export interface EventStream {
  /** One SSE event: `event: <name>` and the data as one line of JSON. Ignored once closed. */
  send(event: string, data: unknown): void;
  close(): void;
  readonly closed: boolean;
  /** Aborted when the client goes away or the server shuts down. */
  readonly signal: AbortSignal;
}

/**
 * Every open stream of one web app, so shutdown can end them: an SSE reply never finishes on its
 * own, and a server waiting for open requests would wait forever.
 */
export class OpenStreams {
  private readonly streams = new Set<EventStream>();

  /** Starts a text/event-stream reply on `response`. */
  open(response: Response): EventStream {
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('Connection', 'keep-alive');
    // nginx buffers proxied replies unless told otherwise.
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    response.write(': folio\n\n');
    const abort = new AbortController();
    const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), keepAliveMs);
    keepAlive.unref();
    const streams = this.streams;
    const stream: EventStream = {
      get closed() {
        return abort.signal.aborted;
      },
      signal: abort.signal,
      send(event, data) {
        if (abort.signal.aborted) return;
        response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      close() {
        if (abort.signal.aborted) return;
        abort.abort(new Error('event stream closed'));
        clearInterval(keepAlive);
        streams.delete(stream);
        response.end();
      },
    };
    this.streams.add(stream);
    // The client went away (tab closed, fetch aborted): stop the work behind the stream.
    response.once('close', () => stream.close());
    return stream;
  }

  closeAll(): void {
    for (const stream of [...this.streams]) stream.close();
  }
}

/** True when the client asked for a stream (`Accept: text/event-stream`). */
export function wantsEventStream(request: Request): boolean {
  return (request.get('accept') ?? '').includes('text/event-stream');
}
