import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** One row of the bad-input table in docs/reliability.md, as measured. */
export interface CaseResult {
  id: string;
  what: string;
  service: string;
  /** "ready (N pages)" or the error code. */
  outcome: string;
  userMessage: string;
  ms: number;
  peakGrowthMb: number;
  peakRssMb: number;
  spaceIntact: boolean;
}

const artifactsDir = fileURLToPath(new URL('../../../../test-artifacts/bad-input/', import.meta.url));

/**
 * Writes the measured rows to test-artifacts/bad-input/ (git-ignored) as JSON and as the Markdown
 * table docs/reliability.md shows, so the documentation is copied from a real run.
 */
export async function writeCaseReport(results: CaseResult[]): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const rows = results.map(
    result =>
      `| ${result.what}${result.service === 'default' ? '' : ` [${result.service}]`} | ${result.outcome === 'ready' ? 'ready' : `\`${result.outcome}\``}: ${escapeCell(result.userMessage)} | ${formatMs(result.ms)} | +${result.peakGrowthMb} MB (peak ${result.peakRssMb} MB) | ${result.spaceIntact ? 'yes' : 'NO'} |`,
  );
  const table = ['| Case | What the user sees | Time | Memory | Space intact |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
  await writeFile(`${artifactsDir}results.json`, JSON.stringify(results, null, 2));
  await writeFile(`${artifactsDir}results.md`, `${table}\n`);
  return `${artifactsDir}results.md`;
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const formatMs = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
