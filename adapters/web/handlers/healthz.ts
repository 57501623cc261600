import type { RequestHandler } from 'express';

/** `GET /healthz`: the process is up and serving (no backend is touched). */
export function healthz(): RequestHandler {
  return (_request, response) => {
    response.json({ ok: true, uptimeSeconds: Math.round(process.uptime()) });
  };
}
