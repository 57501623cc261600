import { createFolio, createLogger, FolioError, type Config, type Folio, type FolioOverrides, type IngestJobEvent, type Logger } from '../index.ts';

export interface RunningWorker {
  folio: Folio;
  /** Graceful: running jobs finish (or go back to the queue after the grace period), then connections close. */
  stop(): Promise<void>;
}

/**
 * Starts ingest workers on the shared Redis queue: `folio serve` processes (any number) queue the
 * files, workers (any number, on any host that sees the same data dir and store) parse them.
 * Refuses to start without REDIS_URL or when Redis cannot be reached.
 */
export async function startWorker(config: Config, overrides: FolioOverrides = {}): Promise<RunningWorker> {
  if (!config.queue.redisUrl) {
    throw new FolioError({
      code: 'config_invalid',
      message:
        '`folio worker` takes ingest jobs from a Redis queue that `folio serve` processes fill, so it needs REDIS_URL ' +
        '(e.g. REDIS_URL=redis://127.0.0.1:6379, the same value for the API processes). Without Redis, `folio serve` ingests documents itself and needs no worker.',
      userMessage: 'The ingest worker needs REDIS_URL.',
    });
  }
  const log = overrides.log ?? createLogger({ level: config.logLevel, name: 'folio-worker' });
  const folio = createFolio(config, { ...overrides, log });
  try {
    await folio.checkDataFormat();
    const unsubscribe = folio.onIngestEvent(event => logIngestEvent(log, event));
    await folio.startWorkers();
    log.info({ queue: 'bullmq', concurrency: config.queue.ingestConcurrency }, 'folio worker is waiting for ingest jobs');
    return {
      folio,
      stop: async () => {
        await folio.close();
        unsubscribe();
      },
    };
  } catch (error) {
    await folio.close().catch(closeError => log.warn({ err: closeError }, 'could not close after a failed start'));
    throw error;
  }
}

/** Job progress at a useful level: stages and results at info, pages at debug; never document text. */
function logIngestEvent(log: Logger, event: IngestJobEvent): void {
  const context = { jobId: event.job.id, documentId: event.job.documentId, name: event.job.name };
  if (event.type === 'retrying') {
    log.warn({ ...context, attempt: event.attempt, delayMs: event.delayMs, code: event.error.code }, 'ingest will be retried');
  } else if (event.type === 'finished') {
    const { outcome } = event;
    if (outcome.status === 'ready') log.info({ ...context, pages: outcome.pages, duplicate: outcome.duplicate, ms: outcome.stats?.ms.total }, 'document ready');
    else log.warn({ ...context, code: outcome.error?.code }, 'document failed');
  } else if (event.event.type === 'stage') {
    log.info({ ...context, stage: event.event.stage }, 'ingest stage');
  } else {
    log.debug({ ...context, ...event.event }, 'ingest progress');
  }
}

/**
 * `folio worker`: runs until SIGTERM or SIGINT, then stops gracefully and resolves with the exit code
 * (0 when clean). A second signal exits at once (the queue's stalled-job check hands the jobs of a
 * killed worker to another one).
 */
export async function workerCommand(config: Config): Promise<number> {
  let worker: RunningWorker;
  try {
    worker = await startWorker(config);
  } catch (error) {
    if (error instanceof FolioError && error.code === 'queue_unavailable') {
      process.stderr.write(`folio worker cannot start: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  return new Promise(resolve => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        process.stderr.write(`${signal} again: exiting without waiting for running jobs.\n`);
        process.exit(1);
      }
      stopping = true;
      process.stderr.write(`${signal}: stopping the worker (letting running jobs finish)…\n`);
      worker.stop().then(
        () => {
          process.off('SIGTERM', onSignal);
          process.off('SIGINT', onSignal);
          process.stderr.write('Folio worker stopped.\n');
          resolve(0);
        },
        error => {
          process.stderr.write(`Folio worker did not stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`);
          resolve(1);
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
