import { z } from 'zod';
import { FolioError } from '../../../src/index.ts';

export interface GraphAppTokenSettings {
  clientId: string;
  clientSecret: string;
  /** The token endpoint for a tenant (Entra ID's `/{tenant}/oauth2/v2.0/token` in production). */
  tokenUrl: (tenantId: string) => string;
  /** `https://graph.microsoft.com/.default` for the public cloud: the Graph origin + `/.default`. */
  scope: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const tokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });

/** Tokens are renewed this long before Entra ID says they expire (clock skew, slow requests). */
const renewEarlyMs = 5 * 60_000;

/**
 * App-only Microsoft Graph tokens (OAuth client-credentials flow), one per tenant: RSC permissions are
 * granted inside the customer's tenant, so the token must come from the tenant the message came from.
 * A single form POST; MSAL would also work but insists on https authorities and discovery documents,
 * which the local fake in the tests cannot offer.
 */
export class GraphAppToken {
  private readonly cache = new Map<string, { token: string; expiresAtMs: number }>();

  constructor(private readonly settings: GraphAppTokenSettings) {}

  async forTenant(tenantId: string): Promise<string> {
    const cached = this.cache.get(tenantId);
    if (cached && cached.expiresAtMs > Date.now()) return cached.token;
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      scope: this.settings.scope,
    });
    let response: Response;
    try {
      response = await (this.settings.fetch ?? fetch)(this.settings.tokenUrl(tenantId), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw signInFailed(`Graph token request failed: ${(error as Error).message}`, true, error);
    }
    if (!response.ok) {
      // Entra ID's error body names the client and tenant; only the status goes to the log.
      await response.body?.cancel().catch(() => undefined);
      throw signInFailed(`Graph token endpoint answered ${response.status}`, response.status >= 500 || response.status === 429);
    }
    const parsed = tokenResponse.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw signInFailed('Graph token endpoint answered without access_token/expires_in', true);
    const expiresAtMs = Date.now() + Math.max(0, parsed.data.expires_in * 1000 - renewEarlyMs);
    this.cache.set(tenantId, { token: parsed.data.access_token, expiresAtMs });
    return parsed.data.access_token;
  }

  /** Drops a tenant's token after Graph rejected it (401), so the next call signs in again. */
  forget(tenantId: string): void {
    this.cache.delete(tenantId);
  }
}

function signInFailed(message: string, retryable: boolean, cause?: unknown): FolioError {
  return new FolioError({
    code: 'unauthorized',
    message,
    cause,
    retryable,
    userMessage: retryable
      ? 'I could not sign in to Microsoft 365 to read that file just now. Please share it again in a few minutes.'
      : "I could not sign in to Microsoft 365 to read that file. An administrator needs to check Folio's app registration (its app id and client secret).",
  });
}
