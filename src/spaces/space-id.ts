import { createHash } from 'node:crypto';
import { FolioError } from '../errors.ts';

/**
 * A knowledge space id: `slack:<team>:<channel>`, `slack:<team>:dm:<user>`, `teams:<tenant>:<conversation>`,
 * `web:<name>`, or a plain name from the CLI (which becomes `web:<name>`).
 */
export type SpaceId = string & { readonly __brand: 'SpaceId' };

const allowed = /^[A-Za-z0-9][A-Za-z0-9:_.@*#=-]{0,199}$/;

export function parseSpaceId(raw: string): SpaceId {
  const value = raw.trim();
  if (!allowed.test(value) || value.includes('..')) {
    throw new FolioError({
      code: 'space_invalid',
      message: `invalid space id: ${JSON.stringify(raw).slice(0, 80)}`,
      userMessage: 'Space names may use letters, digits and : _ . @ * # = - (up to 200 characters), and must start with a letter or digit.',
    });
  }
  return (value.includes(':') ? value : `web:${value}`) as SpaceId;
}

/** A short, filesystem-safe key for a space (ids may contain characters that paths should not). */
export function spaceKey(space: SpaceId): string {
  return createHash('sha256').update(space).digest('hex').slice(0, 24);
}
