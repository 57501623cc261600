import { createHash } from 'node:crypto';

/**
 * Words indexed in the FTS table's `filter_tokens` column (weight 0): one for the unit's space, one for
 * its document. Matching them inside FTS5 narrows a search to the named spaces and documents before
 * ranking, so BM25 ranks only those rows. They are hashes (80 bits), so no space id or document id can
 * tokenize into another's; results are still checked against the real columns afterwards.
 */
export function filterTokens(space: string, documentId: string): string {
  return `${spaceToken(space)} ${documentToken(documentId)}`;
}

/** True for a word shaped like a filter token (either case): such words also occur in the filter column. */
export function looksLikeFilterToken(word: string): boolean {
  return /^[sd][0-9a-f]{20}$/iu.test(word);
}

export function spaceToken(space: string): string {
  return `s${hash(space)}`;
}

export function documentToken(documentId: string): string {
  return `d${hash(documentId)}`;
}

function hash(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 20);
}
