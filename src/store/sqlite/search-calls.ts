import type Database from 'better-sqlite3';
import type { LexicalQuery, PageQuery, PageStatistics, PageStatisticsQuery } from '../types.ts';
import { searchLexicalRows, type LexicalRow } from './lexical-search.ts';
import { pageStatistics, searchPageRows, type PageRow } from './page-search.ts';

/**
 * The store's read-only searches that a search thread can run (search-thread.ts): each a synchronous
 * function of a database connection and a query whose result crosses threads as it is (rows of
 * strings and numbers, counts).
 */
export interface SearchCalls {
  lexical: { query: LexicalQuery; result: LexicalRow[] };
  pages: { query: PageQuery; result: PageRow[] };
  pageStatistics: { query: PageStatisticsQuery; result: PageStatistics };
}

export type SearchKind = keyof SearchCalls;
export type SearchCall = { [Kind in SearchKind]: { kind: Kind; query: SearchCalls[Kind]['query'] } }[SearchKind];

/** Runs one search on `database`, in whichever thread holds it. */
export function runSearch(database: Database.Database, call: SearchCall): SearchCalls[SearchKind]['result'] {
  switch (call.kind) {
    case 'lexical':
      return searchLexicalRows(database, call.query);
    case 'pages':
      return searchPageRows(database, call.query);
    case 'pageStatistics':
      return pageStatistics(database, call.query);
  }
}
