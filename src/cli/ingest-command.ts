import { resolve } from 'node:path';
import { createFolio, createLogger, pageCountLabel, parseSpaceId, type Config, type IngestOutcome } from '../index.ts';
import { createIngestProgress } from './ingest-progress.ts';

/** Returns the exit code: 0 when every document is ready, 1 otherwise. */
export async function ingestCommand(config: Config, files: string[], options: { space: string; json?: boolean }): Promise<number> {
  const space = parseSpaceId(options.space);
  const log = createLogger({ level: options.json || process.stderr.isTTY ? 'warn' : config.logLevel });
  // With a model configured, figures are described and units embedded here too, as in the service.
  const folio = createFolio(config, { log });
  const progress = options.json ? null : createIngestProgress(files);
  try {
    const outcomes = await folio.ingestFiles(
      files.map(path => ({ path })),
      space,
      { source: { platform: 'cli' }, onEvent: (index, event) => progress?.update(index, event) },
    );
    progress?.stop();
    // Outcomes come in the order of `files`: a missing file is named by the path as it was typed.
    outcomes.forEach((outcome, index) => console.log(options.json ? JSON.stringify(toJsonLine(outcome, files[index])) : describe(outcome, files[index])));
    return outcomes.every(outcome => outcome.status === 'ready') ? 0 : 1;
  } finally {
    progress?.stop();
    await folio.close();
  }
}

function toJsonLine(outcome: IngestOutcome, path: string) {
  return {
    documentId: outcome.documentId,
    name: outcome.name,
    path,
    pages: outcome.pages,
    ...(outcome.stats?.slides ? { slides: outcome.stats.slides.count, hiddenSlides: outcome.stats.slides.hidden } : {}),
    status: outcome.status,
    ...(outcome.error ? { error: outcome.error.message, errorCode: outcome.error.code } : {}),
    ...(outcome.duplicate ? { duplicate: true } : {}),
    stats: {
      sections: outcome.stats?.sections ?? 0,
      tables: outcome.stats?.tables ?? 0,
      figures: outcome.stats?.figures ?? 0,
      ocrPages: outcome.stats?.ocrPages ?? 0,
      ...(outcome.stats?.ocrIllegiblePages ? { ocrIllegiblePages: outcome.stats.ocrIllegiblePages } : {}),
      ms: outcome.stats?.ms.total ?? 0,
    },
  };
}

function describe(outcome: IngestOutcome, path: string): string {
  if (outcome.error?.code === 'file_not_found') return `✗ ${path}: ${outcome.error.message} (looked for ${resolve(path)})`;
  if (outcome.status === 'failed') return `✗ ${outcome.name}: ${outcome.error?.message}`;
  const stats = outcome.stats;
  const facts = stats
    ? `${pageCountLabel(stats.pages, stats.slides)}, ${stats.sections} sections, ${stats.tables} tables, ${stats.figures} figures` +
      (stats.ocrPages ? `, ${stats.ocrPages} pages OCRed` : '') +
      (stats.ocrIllegiblePages ? ` (unreadable: p. ${stats.ocrIllegiblePages.join(', ')}; set FOLIO_OCR_LANGS to their language)` : '') +
      (outcome.duplicate ? ' (already in this space)' : ` in ${(stats.ms.total / 1000).toFixed(1)} s`)
    : `${outcome.pages} pages`;
  return `✓ ${outcome.name} [${outcome.documentId}]: ${facts}`;
}
