import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamsAdapter } from '../../../adapters/teams/index.ts';
import type { SurfaceAdapter } from '../../../adapters/types.ts';
import { createFolio } from '../../../src/folio.ts';
import type { Folio } from '../../../src/folio-api.ts';
import { loadConfig } from '../../../src/config.ts';
import { silentLogger } from '../../../src/log.ts';
import { personalMessage } from '../../teams/support/teams-activities.ts';
import { tenantId } from '../../teams/support/teams-harness.ts';
import { FakeOpenIdProvider, makeSigningKey, signJwt, unsignedJwt } from './support/fake-openid-provider.ts';

// test/teams/teams-auth.test.ts already shows that, with TEAMS_APP_ID set, a request without a token or
// with a non-Bearer Authorization header gets 401. This file goes further with real signed tokens: the
// Agents SDK fetches its verification keys from `<authority>/discovery/v2.0/keys`, and the adapter's
// `authority` option points that at a local OpenID provider, so the whole JWT check runs here.

const appId = '0f6a1b2c-3d4e-4f50-8a9b-0c1d2e3f4a5b';
const otherTenant = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('Teams JWT validation with a local OpenID provider', () => {
  let provider: FakeOpenIdProvider;
  let app: Folio;
  let adapter: SurfaceAdapter;
  let listener: Server;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    provider = await FakeOpenIdProvider.start(tenantId);
    dataDir = await mkdtemp(join(tmpdir(), 'folio-teams-jwt-'));
    const config = loadConfig({
      FOLIO_DATA_DIR: dataDir,
      FOLIO_LOG_LEVEL: 'silent',
      TEAMS_APP_ID: appId,
      TEAMS_APP_PASSWORD: 'teams-secret-0123456789',
      TEAMS_APP_TENANT_ID: tenantId,
    });
    app = createFolio(config, { log: silentLogger() });
    adapter = await createTeamsAdapter(app, config.teams!, silentLogger(), { authority: provider.authority });
    const server = express();
    adapter.routes(server);
    await adapter.start();
    listener = await new Promise(resolve => {
      const started = server.listen(0, '127.0.0.1', () => resolve(started));
    });
    url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/api/messages`;
  });

  afterAll(async () => {
    await adapter?.stop();
    await new Promise(resolve => listener?.close(resolve));
    await app?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const now = () => Math.floor(Date.now() / 1000);
  const goodClaims = () => ({
    iss: provider.issuer,
    aud: appId,
    tid: tenantId,
    iat: now() - 10,
    nbf: now() - 10,
    exp: now() + 3600,
    serviceurl: 'http://127.0.0.1:9/',
  });

  /**
   * A personal "help" message delivered with `expectReplies` and no serviceUrl: once past the JWT check
   * the SDK needs no Bot Connector (and so no outgoing token), and the bot claims the activity id in
   * the state store, which shows the message was handled.
   */
  async function send(authorization: string | undefined): Promise<{ status: number; handled: boolean }> {
    const activity = { ...personalMessage('http://127.0.0.1:9/', { chatId: 'a:1jwt', text: 'help' }), deliveryMode: 'expectReplies', serviceUrl: undefined };
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(activity),
    });
    await response.arrayBuffer();
    const handled = (await app.surfaceState.get(`teams:activity:${tenantId}:a:1jwt:${activity.id}`)) !== undefined;
    return { status: response.status, handled };
  }

  it('accepts a token signed by a published key for this app and tenant (the control: the check can pass)', async () => {
    const result = await send(`Bearer ${signJwt(goodClaims(), provider.publishedKey)}`);
    expect(result).toEqual({ status: 200, handled: true });
    expect(provider.keyRequests).toContain(`/${tenantId}/discovery/v2.0/keys`);
  });

  it.each([
    ['no Authorization header', () => undefined],
    ['an empty bearer token', () => 'Bearer '],
    ['a garbage bearer token', () => 'Bearer not.a.jwt'],
    ['random base64 parts', () => `Bearer ${Buffer.from('x'.repeat(40)).toString('base64url')}.${Buffer.from('{}').toString('base64url')}.c2ln`],
    ['an unsigned token (alg none)', () => `Bearer ${unsignedJwt(goodClaims())}`],
    ['a token signed by an unknown key under an unknown kid', () => `Bearer ${signJwt(goodClaims(), makeSigningKey())}`],
    ['a token signed by an unknown key claiming the published kid', () => `Bearer ${signJwt(goodClaims(), makeSigningKey(provider.publishedKey.kid))}`],
    ['a token for another app (audience)', () => `Bearer ${signJwt({ ...goodClaims(), aud: '11111111-2222-4333-8444-555555555555' }, provider.publishedKey)}`],
    ['an expired token', () => `Bearer ${signJwt({ ...goodClaims(), iat: now() - 7200, nbf: now() - 7200, exp: now() - 3600 }, provider.publishedKey)}`],
    ['a token whose signature was cut off', () => `Bearer ${signJwt(goodClaims(), provider.publishedKey).replace(/\.[^.]+$/, '.')}`],
    [
      'a token with its claims changed after signing',
      () => {
        const [header, , signature] = signJwt(goodClaims(), provider.publishedKey).split('.');
        return `Bearer ${header}.${Buffer.from(JSON.stringify({ ...goodClaims(), aud: appId, tid: otherTenant })).toString('base64url')}.${signature}`;
      },
    ],
  ])('refuses %s with 401 and handles nothing', async (_label, authorization) => {
    expect(await send(authorization())).toEqual({ status: 401, handled: false });
  });

  it('refuses a correctly signed token issued by another Entra tenant (issuer validation)', async () => {
    // Entra signs the tokens of every tenant with the same keys: without issuer validation a token that
    // another tenant obtained for this app id would pass the signature and audience checks.
    const foreign = { ...goodClaims(), iss: `https://login.microsoftonline.com/${otherTenant}/v2.0`, tid: otherTenant };
    expect(await send(`Bearer ${signJwt(foreign, provider.publishedKey)}`)).toEqual({ status: 401, handled: false });
  });
});
