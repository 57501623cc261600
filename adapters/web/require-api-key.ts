import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { FolioError } from '../../src/index.ts';

/**
 * Bearer authentication with FOLIO_API_KEY. Both sides are hashed first so the comparison takes the
 * same time whatever the length or content of the offered key. Without a configured key every
 * request passes: the server then only listens on loopback (see startWebServer).
 */
export function requireApiKey(apiKey: string | undefined, options: { signedPage?: (request: Request, apiKey: string) => boolean } = {}): RequestHandler {
  if (!apiKey) return (_request, _response, next) => next();
  const expected = digest(apiKey);
  return (request, response, next) => {
    // A signed page link opens that one page image without the key (signed-page-request.ts).
    if (options.signedPage?.(request, apiKey)) return next();
    const offered = bearerToken(request);
    if (offered !== undefined && timingSafeEqual(digest(offered), expected)) return next();
    response.setHeader('WWW-Authenticate', 'Bearer realm="folio"');
    throw new FolioError({
      code: 'unauthorized',
      message: offered === undefined ? 'no bearer token' : 'wrong bearer token',
      userMessage:
        offered === undefined ? 'This server needs an API key: send "Authorization: Bearer <FOLIO_API_KEY>".' : 'That API key is not valid for this server.',
    });
  };
}

/** The bearer token of the request, if it sent one. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.get('authorization') ?? '');
  return match?.[1];
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
