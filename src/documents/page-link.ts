import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SpaceId } from '../spaces/space-id.ts';

/** A page of a stored document, as its link names it. */
export interface LinkedPage {
  space: SpaceId;
  documentId: string;
  /** 1-based. */
  page: number;
}

/** How long a page link opens the page: long enough for a thread's readers, short enough to expire. */
export const pageLinkTtlSeconds = 7 * 24 * 3600;

/** The HMAC over one page and expiry; keyed by the API key, so rotating FOLIO_API_KEY revokes every link. */
function signature(apiKey: string, page: LinkedPage, expires: number): Buffer {
  return createHmac('sha256', `folio-page-link\0${apiKey}`).update(`${page.space}\0${page.documentId}\0${page.page}\0${expires}`).digest();
}

/**
 * A link to one page image that opens without the API key (chat citations, "show me where"): the
 * page route under `publicUrl`, with `exp` (unix seconds) and `sig` (HMAC of page and expiry). Without
 * an API key the server takes no key anyway and the link carries no signature. `highlight` (which lines
 * to mark) is not signed: it changes only what is drawn over a page the link already opens.
 */
export function signedPageLink(page: LinkedPage, settings: { publicUrl: string; apiKey?: string }, options: { highlight?: string; now?: number } = {}): string {
  const base = settings.publicUrl.replace(/\/+$/, '');
  const path = `${base}/v1/spaces/${encodeURIComponent(page.space)}/documents/${encodeURIComponent(page.documentId)}/pages/${page.page}.png`;
  const query = new URLSearchParams();
  if (settings.apiKey) {
    const expires = Math.floor((options.now ?? Date.now()) / 1000) + pageLinkTtlSeconds;
    query.set('exp', String(expires));
    query.set('sig', signature(settings.apiKey, page, expires).toString('base64url'));
  }
  if (options.highlight) query.set('highlight', options.highlight);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Whether `exp` and `sig` of a request sign this page and have not expired. */
export function pageLinkValid(page: LinkedPage, query: { exp?: unknown; sig?: unknown }, apiKey: string, now = Date.now()): boolean {
  const expires = Number(query.exp);
  if (typeof query.sig !== 'string' || !Number.isInteger(expires) || expires * 1000 < now) return false;
  const offered = Buffer.from(query.sig, 'base64url');
  const expected = signature(apiKey, page, expires);
  return offered.length === expected.length && timingSafeEqual(offered, expected);
}
