import type { Request } from 'express';
import { pageLinkValid, parseSpaceId } from '../../src/index.ts';

const pageRoute = /^\/v1\/spaces\/([^/]+)\/documents\/([^/]+)\/pages\/(\d+)\.png$/;

/**
 * Whether a GET of a page image carries a valid signed link (Folio.pageLink): chat citations open the
 * page without the API key, and only that page, until the link expires.
 */
export function isSignedPageRequest(request: Request, apiKey: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const match = pageRoute.exec(new URL(request.originalUrl, 'http://folio.local').pathname);
  if (!match) return false;
  try {
    const page = { space: parseSpaceId(decodeURIComponent(match[1])), documentId: decodeURIComponent(match[2]), page: Number(match[3]) };
    return pageLinkValid(page, request.query, apiKey);
  } catch {
    return false;
  }
}
