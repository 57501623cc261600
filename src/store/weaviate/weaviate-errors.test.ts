import { describe, expect, it } from 'vitest';
import { isTenantInactive, isTenantNotFound } from './weaviate-errors.ts';

// As weaviate-server 1.39 and weaviate-client 3.12 report them (collections without autoTenantActivation).
const inactive = new Error(
  "Query call with protocol gRPC failed with message: /weaviate.v1.Weaviate/Search UNKNOWN: explorer: list class: search: object search at index foliodocument: tenant not active: 'web_wvtest-probe-noauto-ea489dd640-81291e10a8a40dec2235'",
);

describe('Weaviate tenant errors', () => {
  it('tells an inactive tenant from a missing one', () => {
    expect(isTenantInactive(inactive)).toBe(true);
    expect(isTenantNotFound(inactive)).toBe(false);
    expect(isTenantInactive(new Error('tenant not found: "web_x-1"'))).toBe(false);
    expect(isTenantInactive(new Error("vector lengths don't match"))).toBe(false);
  });
});
