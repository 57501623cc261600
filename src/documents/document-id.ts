import { createHash } from 'node:crypto';
import type { SpaceId } from '../spaces/space-id.ts';

/** Stable id for the same bytes in the same space: sharing a file again names the same document. */
export function documentIdFor(space: SpaceId, sha256: string): string {
  return createHash('sha256').update(`${space}\n${sha256}`).digest('hex').slice(0, 16);
}
