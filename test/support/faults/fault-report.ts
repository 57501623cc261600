import { appendFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const artifactsDir = fileURLToPath(new URL('../../../test-artifacts/', import.meta.url));

/**
 * One measured line for the `## Faults` table of docs/reliability.md: what the fault test saw, appended
 * to test-artifacts/faults.jsonl (git-ignored) so the table can be filled from a real run.
 */
export function reportFault(entry: { fault: string; [measure: string]: unknown }): void {
  mkdirSync(artifactsDir, { recursive: true });
  appendFileSync(`${artifactsDir}faults.jsonl`, `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`);
}
