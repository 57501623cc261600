import cliProgress from 'cli-progress';
import { createFolio, reindexData, silentLogger, type Config, type ReindexEvent } from '../index.ts';

/**
 * `folio reindex [--all] [--json]`: rebuilds the store from the stored originals when it holds data of
 * an older Folio (every other command refuses such data and names this one), or with `--all` in any case. A bar of documents on a terminal,
 * a line per document otherwise; the outcome on stdout. Returns the exit code: 1 when a document
 * could not be read again (it is recorded as failed, with why).
 */
export async function reindexCommand(config: Config, options: { json?: boolean; all?: boolean }): Promise<number> {
  const progress = process.stderr.isTTY ? barProgress() : lineProgress();
  const outcome = await reindexData(config, {
    open: () => createFolio(config, { log: silentLogger() }),
    onEvent: progress.update,
    all: options.all,
  }).finally(() => progress.stop());
  if (options.json) {
    console.log(JSON.stringify(outcome));
  } else if (outcome.status === 'current') {
    console.log(
      options.all
        ? 'Nothing to rebuild: there are no documents.'
        : 'Nothing to rebuild: the data is already in the format this Folio reads (`--all` reads every document again).',
    );
  } else {
    const again = outcome.alreadyDone > 0 ? ` (${outcome.alreadyDone} were back from an earlier run)` : '';
    console.log(
      `Rebuilt ${outcome.documents} document${outcome.documents === 1 ? '' : 's'}${again}: ${outcome.ready} ready, ${outcome.failed} could not be read.`,
    );
    if (outcome.failed > 0) console.log('`folio docs --space <space>` says why; share those files again.');
  }
  return outcome.failed > 0 ? 1 : 0;
}

interface Progress {
  update(event: ReindexEvent): void;
  stop(): void;
}

function describeFound(event: Extract<ReindexEvent, { type: 'found' | 'resumed' }>): string {
  return event.type === 'found'
    ? `${event.where} holds data format ${event.format}: reading ${event.documents} document${event.documents === 1 ? ' again from its original' : 's again from their originals'}.`
    : `Continuing a reindex that stopped: ${event.done} of ${event.documents} documents are back.`;
}

function barProgress(): Progress {
  let bar: cliProgress.SingleBar | undefined;
  return {
    update(event) {
      if (event.type === 'found' || event.type === 'resumed') {
        process.stderr.write(`${describeFound(event)}\n`);
        bar = new cliProgress.SingleBar(
          { stream: process.stderr, format: ' documents |{bar}| {value}/{total} {name}', hideCursor: true },
          cliProgress.Presets.shades_classic,
        );
        bar.start(event.documents, event.type === 'resumed' ? event.done : 0, { name: '' });
      } else if (event.type === 'progress') {
        bar?.update({ name: `${event.record.name} (${event.event.type === 'stage' ? event.event.stage : 'parsing'})` });
      } else {
        bar?.increment({ name: event.record.name });
      }
    },
    stop: () => bar?.stop(),
  };
}

function lineProgress(): Progress {
  return {
    update(event) {
      if (event.type === 'found' || event.type === 'resumed') process.stderr.write(`${describeFound(event)}\n`);
      if (event.type === 'finished') {
        const { outcome, record } = event;
        process.stderr.write(`${outcome.status === 'ready' ? '✓' : '✗'} ${record.space} ${record.name}${outcome.error ? `: ${outcome.error.message}` : ''}\n`);
      }
    },
    stop: () => undefined,
  };
}
