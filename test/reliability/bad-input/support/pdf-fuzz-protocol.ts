import type { Mutation } from '../../../support/hostile/mutate-bytes.ts';

/** One line the fuzz child writes to stdout. */
export type FuzzLine =
  | { type: 'start'; iteration: number; source: string; mutations: Mutation[] }
  /** `outcome`: "parsed", a FolioError code, or "unexpected" (anything else thrown; `error` says what). */
  | { type: 'result'; iteration: number; outcome: string; ms: number; pages?: number; error?: string }
  | { type: 'crash'; event: string; message: string }
  | { type: 'done'; maxRssMb: number };
