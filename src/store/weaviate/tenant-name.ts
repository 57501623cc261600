import { createHash } from 'node:crypto';
import type { SpaceId } from '../../spaces/space-id.ts';

/** Weaviate tenant names: 1–64 characters of `[A-Za-z0-9_-]`. */
const readablePrefixLength = 40;

/**
 * The Weaviate tenant that holds one space. Space ids contain `:` and may be up to 200 characters, so the
 * name keeps a readable, sanitized prefix (for operators browsing tenants) plus 80 bits of the space id's
 * sha256 for uniqueness: two spaces that sanitize alike (`a:b` and `a_b`) still get different tenants.
 * The mapping is one-way; the space id itself is stored on every object.
 */
export function tenantNameForSpace(space: SpaceId): string {
  const readable = space.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, readablePrefixLength);
  const hash = createHash('sha256').update(space).digest('hex').slice(0, 20);
  return `${readable}-${hash}`;
}

export const tenantNamePattern = /^[A-Za-z0-9_-]{1,64}$/;
