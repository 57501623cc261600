import type { RequestHandler } from 'express';
import { healthReply, sendReply } from '../reply-bodies.ts';

/** `GET /healthz`: the process is up and serving (no backend is touched). */
export function healthz(): RequestHandler {
  return (_request, response) => {
    sendReply(response, healthReply, { ok: true, uptimeSeconds: Math.round(process.uptime()) });
  };
}
