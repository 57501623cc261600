import type { RequestHandler } from 'express';
import type { WebContext } from '../web-context.ts';

/** `GET /readyz`: every backend (store, queue, state, models) checked now; 503 when any fails. */
export function readyz(context: WebContext): RequestHandler {
  return async (_request, response) => {
    const checks = await context.folio.readiness();
    const ok = Object.values(checks).every(check => check.ok);
    response.status(ok ? 200 : 503).json({ ok, checks });
  };
}
