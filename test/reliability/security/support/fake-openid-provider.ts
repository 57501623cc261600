import { createSign, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A signing key: its private half signs tokens; only keys the provider publishes are trusted. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function makeSigningKey(kid: string = randomUUID()): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, publicKey };
}

/**
 * A local Entra ID stand-in for the Agents SDK's JWT check: the OpenID metadata and the JWKS
 * (`/{tenant}/discovery/v2.0/keys`) the SDK fetches to verify Bot Framework tokens. The SDK builds the
 * JWKS address from its `authority` setting for every issuer except api.botframework.com, so passing
 * `authority` (this provider's `/{tenant}`) to the adapter keeps the whole check on this machine.
 */
export class FakeOpenIdProvider {
  readonly keyRequests: string[] = [];

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
    readonly tenantId: string,
    readonly publishedKey: SigningKey,
  ) {}

  static async start(tenantId: string): Promise<FakeOpenIdProvider> {
    const key = makeSigningKey('folio-test-published-key');
    let provider!: FakeOpenIdProvider;
    const server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://local').pathname;
      provider.keyRequests.push(path);
      const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (path === `/${tenantId}/discovery/v2.0/keys`) {
        return json(200, { keys: [{ ...key.publicKey.export({ format: 'jwk' }), kid: key.kid, use: 'sig', alg: 'RS256' }] });
      }
      if (path === `/${tenantId}/v2.0/.well-known/openid-configuration`) {
        return json(200, { issuer: provider.issuer, jwks_uri: `${provider.authority}/discovery/v2.0/keys`, id_token_signing_alg_values_supported: ['RS256'] });
      }
      json(404, { error: 'not_found' });
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    provider = new FakeOpenIdProvider(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tenantId, key);
    return provider;
  }

  /** The adapter's `authority`: the SDK reads keys from `<authority>/discovery/v2.0/keys`. */
  get authority(): string {
    return `${this.baseUrl}/${this.tenantId}`;
  }

  /** The v2 issuer the SDK accepts for this authority and tenant. */
  get issuer(): string {
    return `${this.authority}/v2.0`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise(resolve => this.server.close(() => resolve()));
  }
}

/** An RS256 JWT (compact form) with these claims, signed by `key` and naming `kid` in its header. */
export function signJwt(claims: Record<string, unknown>, key: SigningKey, header: Record<string, unknown> = {}): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode({ alg: 'RS256', typ: 'JWT', kid: key.kid, ...header })}.${encode(claims)}`;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(key.privateKey).toString('base64url');
  return `${signingInput}.${signature}`;
}

/** An unsigned token (`alg: none`), which no verifier may accept. */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}
