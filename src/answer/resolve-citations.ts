import { formatHighlight, locateWords } from '../documents/page-highlight.ts';
import { namePage, namePages } from '../documents/page-names.ts';
import type { DocumentTree } from '../documents/document-tree.ts';
import type { Citation, CitedQuote, FigureUsed } from './types.ts';
import type { ContextPassage } from './context-passage.ts';
import { quoteCandidates, type QuoteCandidate } from './quote-candidates.ts';
import { alignmentWeight, alignmentWords, bestAlignment } from './quote-alignment.ts';
import { markerNumbers } from './citation-markers.ts';

export interface ResolvedCitations {
  /** The answer with its markers as written (each the cited passage's `n`); markers naming no passage removed. */
  text: string;
  citations: Citation[];
  figures: FigureUsed[];
  /** Marker numbers that named no passage (a model mistake, logged and dropped). */
  invalid: number[];
}

const markerPattern = /\[(\d+(?:\s*(?:[,;]|[-–])\s*\d+)*)\]/gu;

/**
 * Checks an answer's [n] markers against the passages it was given: valid ones keep their number (the
 * passage's `n`, as the answer's context lists it), invalid ones are removed. Citations come in order of
 * first use. Each citation's pages are narrowed to the pages of its passage whose words the citing
 * sentences share (the whole passage's pages when nothing narrows it), and carries the sentences of
 * those pages the claims rest on (`quotes`), placed in the documents' `trees` when given. Pages are
 * named for the asker in `language` (page-names.ts).
 */
export function resolveCitations(
  answer: string,
  passages: ContextPassage[],
  options: { trees?: ReadonlyMap<string, DocumentTree>; language?: string } = {},
): ResolvedCitations {
  const { trees, language } = options;
  const byNumber = new Map(passages.map(passage => [passage.n, passage]));
  const used = new Set<number>();
  const invalid = new Set<number>();
  const claims = new Map<number, string[]>();

  for (const sentence of sentences(answer)) {
    for (const match of sentence.matchAll(markerPattern)) {
      for (const n of markerNumbers(match[1])) {
        if (!byNumber.has(n)) {
          invalid.add(n);
          continue;
        }
        used.add(n);
        claims.set(n, [...(claims.get(n) ?? []), sentence.replace(markerPattern, ' ')]);
      }
    }
  }

  const text = answer
    .replace(markerPattern, (_whole, inner: string) => {
      const kept = [...new Set(markerNumbers(inner).filter(n => used.has(n)))];
      return kept.map(n => `[${n}]`).join('');
    })
    .replace(/[ \t]+([.,;:!?])/gu, '$1')
    .replace(/[ \t]{2,}/gu, ' ')
    .trim();

  const citations: Citation[] = [];
  const figures: FigureUsed[] = [];
  for (const n of used) {
    const passage = byNumber.get(n)!;
    const pages = narrowPages(passage, claims.get(n) ?? []);
    citations.push({
      n,
      documentId: passage.documentId,
      document: passage.documentName,
      pages,
      labels: pages.map(page => namePage(passage.names, page, language)),
      pagesLabel: namePages(passage.names, pages, language),
      nodeId: passage.nodeId,
      titlePath: passage.titlePath,
      space: passage.record.space,
      quotes: citedQuotes(passage, pages, claims.get(n) ?? [], trees?.get(passage.documentId)),
    });
    for (const figure of passage.figures) {
      if (!pages.includes(figure.page) && passage.figures.length > 1) continue;
      figures.push({
        documentId: passage.documentId,
        document: passage.documentName,
        page: figure.page,
        pageLabel: namePage(passage.names, figure.page, language),
        nodeId: figure.nodeId,
        title: figure.title,
        description: figure.description,
      });
    }
  }
  return { text, citations, figures, invalid: [...invalid].sort((a, b) => a - b) };
}

/** Most quotes one citation carries: an answer sentence rarely rests on more. */
const maxQuotes = 3;
/** A quote shares at least this share of its claim's words (numbers count thrice), else it does not support it. */
const minimumQuoteOverlap = 0.3;

/**
 * For each claim citing the passage, the sentence or table row of its cited pages sharing the most of
 * the claim's words; an offline answer's claims are such quotes already, so they find themselves.
 */
function citedQuotes(passage: ContextPassage, pages: number[], claims: string[], tree: DocumentTree | undefined): CitedQuote[] {
  const candidates = quoteCandidates([{ ...passage, pageTexts: passage.pageTexts.filter(entry => pages.includes(entry.page)) }]);
  const candidateWords = candidates.map(candidate => new Set(alignmentWords(candidate.matchText)));
  const chosen: QuoteCandidate[] = [];
  for (const claim of claims) {
    const best = bestAlignment(claimWords(claim), candidates, candidateWords);
    if (best && best.score >= best.total * minimumQuoteOverlap && !chosen.includes(best.candidate)) chosen.push(best.candidate);
    if (chosen.length >= maxQuotes) break;
  }
  return chosen.map(candidate => {
    const span = tree ? locateWords(tree, candidate.page, candidate.source) : undefined;
    return { page: candidate.page, text: candidate.text, ...(span ? { highlight: formatHighlight([span]) } : {}) };
  });
}

/** Sentences and list items; a marker belongs to the sentence it ends. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?。！？])\s+|\n+/u).filter(sentence => sentence.trim().length > 0);
}

/** The words a claim is matched on: numbers, and words longer than two letters. */
function claimWords(claim: string): Set<string> {
  return new Set(alignmentWords(claim).filter(word => word.length > 2 || /\d/u.test(word)));
}

function narrowPages(passage: ContextPassage, claims: string[]): number[] {
  if (passage.pageTexts.length <= 1 || claims.length === 0) return passage.pages;
  const pageWords = passage.pageTexts.map(({ page, text }) => ({ page, words: new Set(alignmentWords(text)) }));
  // Each claim keeps the pages that bear it out best: sentences citing one passage may rest on different pages.
  const kept = new Set<number>();
  for (const claim of claims) {
    const wordsOfClaim = claimWords(claim);
    const scores = pageWords.map(({ page, words }) => {
      let score = 0;
      for (const word of wordsOfClaim) if (words.has(word)) score += alignmentWeight(word);
      return { page, score };
    });
    const best = Math.max(...scores.map(entry => entry.score));
    if (best === 0) continue;
    for (const entry of scores) if (entry.score >= best * 0.6) kept.add(entry.page);
  }
  return kept.size === 0 ? passage.pages : pageWords.map(({ page }) => page).filter(page => kept.has(page));
}
