import type { RequestHandler } from 'express';

/**
 * Headers for every reply: the console loads only its own script and styles, shows page images from
 * blob: URLs (fetched with the API key), and cannot be framed by another site.
 */
export function securityHeaders(): RequestHandler {
  return (_request, response, next) => {
    response.setHeader(
      'Content-Security-Policy',
      "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    );
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.setHeader('X-Frame-Options', 'DENY');
    next();
  };
}
