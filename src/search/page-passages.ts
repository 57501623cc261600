import type { DocumentTree } from '../documents/document-tree.ts';
import { pageContents, type PagePiece } from '../documents/page-contents.ts';
import { searchTerms } from '../text/search-terms.ts';
import type { Passage, RankedPage } from './types.ts';

export interface PagePassageOptions {
  /** Total size of all passages, in tokens (≈ characters / 4). */
  budgetTokens?: number;
  /** Ranked pages the context is built from, best first (pages without text are passed over). */
  maxPages?: number;
  /** The best pages are given whole up to `maxPageChars`; the others as excerpts of `excerptChars`. */
  wholePages?: number;
  maxPageChars?: number;
  excerptChars?: number;
  /** The question and its parts: a page that has to be cut keeps the paragraphs that share their words. */
  queries?: string[];
}

const charsPerToken = 4;
/** Below this, what is left of the budget makes a useless fragment, not context. */
const minimumPieceChars = 200;

/**
 * The answer's context from the fused page ranking: for each ranked (document, page), best first, the
 * text of every tree node on that page (a section's body there, its tables and figure descriptions),
 * grouped into one passage per section; then the neighbouring pages of the best pages' sections while
 * the budget lasts. A section spanning many pages contributes the pages that were ranked, never just
 * its first ones. Passages come in the order of their best page, so the weakest go last (and are the
 * first a tight prompt drops); each passage lists its pages ascending with the text of each.
 */
export function pagePassages(pages: RankedPage[], trees: ReadonlyMap<string, DocumentTree>, options: PagePassageOptions = {}): Passage[] {
  const maxPages = options.maxPages ?? 10;
  const wholePages = options.wholePages ?? 3;
  const maxPageChars = options.maxPageChars ?? 5000;
  const excerptChars = options.excerptChars ?? 1600;
  const queryTerms = new Set((options.queries ?? []).flatMap(query => searchTerms(query)));
  let remaining = (options.budgetTokens ?? 8000) * charsPerToken;

  const contentsOf = (documentId: string) => {
    const tree = trees.get(documentId);
    return tree ? pageContents(tree) : undefined;
  };

  const passages = new Map<string, Passage & { rank: number }>();
  const placed = new Set<string>();
  // `passageRank` orders a new section's passage; `rank` is the page's own place in the ranking.
  const place = (page: RankedPage, pieces: readonly PagePiece[], allowance: number, passageRank: number, rank = passageRank): boolean => {
    const kept = excerpt(pieces, Math.min(allowance, remaining), queryTerms);
    if (kept.length === 0) return false;
    placed.add(`${page.documentId}\n${page.page}`);
    for (const piece of kept) {
      remaining -= piece.text.length;
      const key = `${page.documentId}\n${piece.section.nodeId}`;
      let passage = passages.get(key);
      if (!passage) {
        passage = {
          documentId: page.documentId,
          documentName: page.documentName,
          nodeId: piece.section.nodeId,
          titlePath: piece.titlePath,
          pages: [],
          text: '',
          pageTexts: [],
          figures: [],
          rank: passageRank,
        };
        passages.set(key, passage);
      }
      const existing = passage.pageTexts.find(entry => entry.page === page.page);
      if (existing) {
        existing.text = `${existing.text}\n\n${piece.text}`;
        remaining -= 2;
      } else passage.pageTexts.push({ page: page.page, text: piece.text, rank });
      if (piece.figure && !passage.figures.some(figure => figure.nodeId === piece.figure!.nodeId)) passage.figures.push({ ...piece.figure, page: page.page });
    }
    return true;
  };

  const taken: RankedPage[] = [];
  for (const page of pages) {
    if (taken.length >= maxPages || remaining < minimumPieceChars) break;
    const pieces = contentsOf(page.documentId)?.get(page.page);
    if (!pieces || pieces.length === 0) continue;
    if (place(page, pieces, taken.length < wholePages ? maxPageChars : excerptChars, taken.length)) taken.push(page);
  }
  // Answers run across page breaks: the pages next to the best ones, as far as the same sections go on.
  for (const [passageRank, page] of taken.slice(0, wholePages).entries()) {
    for (const neighbour of [page.page - 1, page.page + 1]) {
      if (remaining < minimumPieceChars || placed.has(`${page.documentId}\n${neighbour}`)) continue;
      const sections = new Set((contentsOf(page.documentId)?.get(page.page) ?? []).map(piece => piece.section.nodeId));
      const pieces = (contentsOf(page.documentId)?.get(neighbour) ?? []).filter(piece => sections.has(piece.section.nodeId));
      if (pieces.length > 0) place({ ...page, page: neighbour }, pieces, excerptChars, passageRank, taken.length);
    }
  }

  return [...passages.values()]
    .sort((a, b) => a.rank - b.rank)
    .map(({ rank: _rank, ...passage }) => {
      passage.pageTexts.sort((a, b) => a.page - b.page);
      return { ...passage, pages: passage.pageTexts.map(entry => entry.page), text: passage.pageTexts.map(entry => entry.text).join('\n\n') };
    });
}

/**
 * The page's pieces within `allowance` characters: all of them when they fit; otherwise the paragraphs
 * that share the most query words (then the page's first paragraphs), kept in reading order.
 */
function excerpt(pieces: readonly PagePiece[], allowance: number, queryTerms: ReadonlySet<string>): readonly PagePiece[] {
  if (allowance < minimumPieceChars) return [];
  const total = pieces.reduce((sum, piece) => sum + piece.text.length, 0);
  if (total <= allowance) return pieces;
  const paragraphs = pieces
    .flatMap((piece, pieceIndex) =>
      piece.text.split(/\n{2,}/u).map((text, index) => ({ pieceIndex, index, text: text.trim(), score: overlap(text, queryTerms) })),
    )
    .filter(paragraph => paragraph.text.length > 0);
  const order = [...paragraphs.keys()].sort((a, b) => paragraphs[b].score - paragraphs[a].score || a - b);
  const chosen = new Set<number>();
  let left = allowance;
  for (const index of order) {
    const length = paragraphs[index].text.length + 2;
    if (length <= left) {
      chosen.add(index);
      left -= length;
    } else if (chosen.size === 0) {
      // One paragraph longer than the whole allowance (a long table, text without blank lines): its start.
      paragraphs[index] = { ...paragraphs[index], text: clip(paragraphs[index].text, allowance) };
      chosen.add(index);
      break;
    }
  }
  return pieces.flatMap((piece, pieceIndex) => {
    const text = paragraphs
      .filter((paragraph, index) => paragraph.pieceIndex === pieceIndex && chosen.has(index))
      .map(paragraph => paragraph.text)
      .join('\n\n');
    return text.length > 0 ? [{ ...piece, text }] : [];
  });
}

function overlap(text: string, queryTerms: ReadonlySet<string>): number {
  if (queryTerms.size === 0) return 0;
  return new Set(searchTerms(text).filter(term => queryTerms.has(term))).size;
}

/** Cuts at the last line or sentence end that fits, so text does not stop mid-word. */
function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, Math.max(0, maxChars - 2));
  const cut = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('. ') + 1);
  return `${(cut > maxChars * 0.5 ? head.slice(0, cut) : head.replace(/\s+\S*$/u, '')).trim()} …`;
}
