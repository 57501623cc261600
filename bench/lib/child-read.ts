import { loadConfig } from '../../src/config.ts';
import { documentRow, type DocumentRow } from './document-row.ts';
import { startMemorySampler } from './memory-sampler.ts';
import { readForBench, type DocumentReader } from './read-for-bench.ts';
import { createTempFigureSink } from './temp-figure-sink.ts';

/** Marks the result line on the child's stdout, so stray output from libraries cannot be mistaken for it. */
export const childResultPrefix = '@@folio-bench-result ';

/**
 * Body of the child process that `--isolate` starts per file: reads one document and prints its
 * DocumentRow (peak RSS = this process's own high-water mark) as one prefixed JSON line.
 */
export async function readOneInChild(reader: DocumentReader, argv: string[]): Promise<void> {
  const [path, bytesText] = argv;
  if (!path) throw new Error('usage: read-one-in-child <file> <bytes>');
  const sampler = startMemorySampler();
  const figureSink = await createTempFigureSink();
  try {
    const outcome = await readForBench(path, { reader, config: loadConfig().ingest, figureSink });
    const row: DocumentRow = documentRow(outcome, Number(bytesText ?? 0), sampler.peakRssBytes());
    process.stdout.write(`${childResultPrefix}${JSON.stringify(row)}\n`);
  } finally {
    sampler.stop();
    await figureSink.dispose();
  }
}
