import { describe, expect, it } from 'vitest';
import type { SpaceId } from '../spaces/space-id.ts';
import { pageLinkTtlSeconds, pageLinkValid, signedPageLink } from './page-link.ts';

const page = { space: 'teams:tenant:19:abc@thread.v2' as SpaceId, documentId: 'doc1', page: 12 };
const settings = { publicUrl: 'https://folio.example.com/', apiKey: 'a-long-enough-api-key' };
const now = Date.UTC(2026, 11, 1);

function queryOf(link: string) {
  const url = new URL(link);
  return { exp: url.searchParams.get('exp') ?? undefined, sig: url.searchParams.get('sig') ?? undefined };
}

describe('signed page links', () => {
  it('opens the page it names until it expires', () => {
    const link = signedPageLink(page, settings, { now });
    expect(link).toMatch(
      /^https:\/\/folio\.example\.com\/v1\/spaces\/teams%3Atenant%3A19%3Aabc%40thread\.v2\/documents\/doc1\/pages\/12\.png\?exp=\d+&sig=[\w-]+$/,
    );
    const query = queryOf(link);
    expect(pageLinkValid(page, query, settings.apiKey, now)).toBe(true);
    expect(pageLinkValid(page, query, settings.apiKey, now + pageLinkTtlSeconds * 1000 + 1000)).toBe(false);
  });

  it('opens no other page, document or space, and not with another key or a changed expiry', () => {
    const query = queryOf(signedPageLink(page, settings, { now }));
    expect(pageLinkValid({ ...page, page: 13 }, query, settings.apiKey, now)).toBe(false);
    expect(pageLinkValid({ ...page, documentId: 'doc2' }, query, settings.apiKey, now)).toBe(false);
    expect(pageLinkValid({ ...page, space: 'teams:tenant:other' as SpaceId }, query, settings.apiKey, now)).toBe(false);
    expect(pageLinkValid(page, query, 'another-api-key-entirely', now)).toBe(false);
    expect(pageLinkValid(page, { ...query, exp: String(Number(query.exp) + 3600) }, settings.apiKey, now)).toBe(false);
    expect(pageLinkValid(page, { exp: query.exp }, settings.apiKey, now)).toBe(false);
  });

  it('needs no signature on a server without an API key', () => {
    expect(signedPageLink(page, { publicUrl: 'http://127.0.0.1:3000' }, { now })).toBe(
      'http://127.0.0.1:3000/v1/spaces/teams%3Atenant%3A19%3Aabc%40thread.v2/documents/doc1/pages/12.png',
    );
  });

  it('carries the lines to mark, which the signature does not cover', () => {
    const link = new URL(signedPageLink(page, settings, { now, highlight: '0012:10-80,0013:0-5' }));
    expect(link.searchParams.get('highlight')).toBe('0012:10-80,0013:0-5');
    expect(pageLinkValid(page, { exp: link.searchParams.get('exp'), sig: link.searchParams.get('sig') }, settings.apiKey, now)).toBe(true);
    expect(new URL(signedPageLink(page, { publicUrl: 'http://127.0.0.1:3000' }, { highlight: '0012:1-2' })).search).toBe('?highlight=0012%3A1-2');
  });
});
