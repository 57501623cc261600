import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from '../../src/index.ts';

/** A caller's own id is kept when it looks like one (proxies and clients correlate with it). */
const acceptableRequestId = /^[A-Za-z0-9._:-]{1,100}$/;

interface RequestLocals {
  requestId: string;
  log: Logger;
}

/**
 * Gives every request a correlation id (the caller's `x-request-id` when sane, else a new UUID),
 * echoes it in the response, and a child logger carrying it. One line per request when the reply is
 * done: method, route pattern, status and duration; never query strings or bodies, which may hold
 * questions and document text.
 */
export function requestContext(log: Logger): RequestHandler {
  return (request, response, next) => {
    const offered = request.get('x-request-id');
    const requestId = offered && acceptableRequestId.test(offered) ? offered : randomUUID();
    const requestLogger = log.child({ requestId });
    Object.assign(response.locals, { requestId, log: requestLogger } satisfies RequestLocals);
    response.setHeader('X-Request-Id', requestId);
    const started = performance.now();
    response.on('close', () => {
      const route = request.route?.path as string | undefined;
      requestLogger.info(
        {
          method: request.method,
          route: route ?? request.path.split('/').slice(0, 3).join('/'),
          status: response.statusCode,
          ms: Math.round(performance.now() - started),
          aborted: !response.writableFinished,
        },
        'request',
      );
    });
    next();
  };
}

export function requestLog(response: Response): Logger {
  return (response.locals as Partial<RequestLocals>).log!;
}

export function requestIdOf(response: Response): string {
  return (response.locals as Partial<RequestLocals>).requestId!;
}
