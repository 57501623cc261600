import cliProgress from 'cli-progress';
import { listLocalModels, setUpLocalModels, type Config, type LocalModelsSetupEvent } from '../index.ts';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `folio models fetch`: runtimes and models into FOLIO_MODELS_DIR; progress on stderr, the result on stdout. */
export async function modelsFetchCommand(config: Config, options: { small?: boolean; all?: boolean; json?: boolean }): Promise<number> {
  const { modelsDir, packageIndexUrl } = config.models;
  const progress = process.stderr.isTTY ? barProgress() : lineProgress();
  let result: Awaited<ReturnType<typeof setUpLocalModels>>;
  try {
    result = await setUpLocalModels({ modelsDir, indexUrl: packageIndexUrl, small: options.small, all: options.all, onEvent: progress.update });
  } finally {
    progress.stop();
  }
  if (options.json) {
    console.log(JSON.stringify(result));
    return 0;
  }
  console.log(`Local models in ${modelsDir} (${seconds(result.ms)}):`);
  console.log(`  runtime  ${result.runtime.installed ? `installed (${seconds(result.runtime.ms)})` : 'present'}  ${modelsDir}/runtime`);
  for (const model of result.models) {
    const how = model.status === 'present' ? 'present' : `fetched, ${megabytes(model.receivedBytes)} downloaded in ${seconds(model.ms)}`;
    console.log(`  ${model.name}  ${how}  ${model.files.join(', ')}`);
  }
  return 0;
}

/** `folio models list`: each catalog model, present or missing, with its files' sizes and sha256. */
export async function modelsListCommand(config: Config, options: { json?: boolean }): Promise<void> {
  const listing = await listLocalModels(config.models.modelsDir);
  if (options.json) {
    for (const model of listing) console.log(JSON.stringify(model));
    return;
  }
  console.log(`Local models in ${config.models.modelsDir} (fetch with: npm run models:fetch [-- --small | --all]):`);
  for (const model of listing) {
    console.log(`${model.name}  ${model.state}  ${model.kind}: ${model.description}; ${model.licence}`);
    for (const file of model.files) console.log(`  ${file.present ? 'present' : 'missing'}  ${megabytes(file.sizeBytes)}  ${file.path}  sha256 ${file.sha256}`);
  }
}

interface FetchProgress {
  update(event: LocalModelsSetupEvent): void;
  stop(): void;
}

function lineProgress(): FetchProgress {
  const reported = new Map<string, number>();
  return {
    update(event) {
      if (event.type === 'runtime-install') console.error('runtime: checking the pinned local runtimes (npm)…');
      else if (event.type === 'runtime-ready') console.error(`runtime: ${event.installed ? `installed in ${seconds(event.ms)}` : 'present'}`);
      else if (event.type === 'model-present') console.error(`${event.model}: present`);
      else if (event.type === 'model-check') console.error(`${event.model}: checking the sha256 of ${event.file} (once)`);
      else if (event.type === 'model-discarded') console.error(`${event.model}: ${event.file} had the wrong content (${event.reason})`);
      else if (event.type === 'model-assemble') console.error(`${event.model}: assembling and checking`);
      else if (event.type === 'model-ready') console.error(`${event.model}: ready (${megabytes(event.receivedBytes)} downloaded, ${seconds(event.ms)})`);
      else if (event.type === 'model-download') {
        const quarter = Math.floor((event.doneBytes / event.totalBytes) * 4);
        if (quarter === reported.get(event.model)) return;
        reported.set(event.model, quarter);
        console.error(`${event.model}: ${quarter * 25}% of ${megabytes(event.totalBytes)}`);
      }
    },
    stop() {},
  };
}

function barProgress(): FetchProgress {
  const multibar = new cliProgress.MultiBar(
    { stream: process.stderr, format: ' {name} |{bar}| {stage}', hideCursor: true, clearOnComplete: false, stopOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map<string, cliProgress.SingleBar>();
  const bar = (name: string) => {
    let existing = bars.get(name);
    if (!existing) {
      existing = multibar.create(1, 0, { name: name.padEnd(20), stage: '' });
      bars.set(name, existing);
    }
    return existing;
  };
  return {
    update(event) {
      if (event.type === 'runtime-install') bar('runtime').update(0, { stage: 'npm install' });
      else if (event.type === 'runtime-ready') bar('runtime').update(1, { stage: event.installed ? `installed in ${seconds(event.ms)}` : 'present' });
      else if (event.type === 'model-present') bar(event.model).update(1, { stage: 'present' });
      else if (event.type === 'model-check') bar(event.model).update(0, { stage: 'checking sha256' });
      else if (event.type === 'model-discarded') multibar.log(`${event.model}: ${event.file} had the wrong content (${event.reason})\n`);
      else if (event.type === 'model-assemble') bar(event.model).update({ stage: 'assembling' });
      else if (event.type === 'model-ready') bar(event.model).update(bar(event.model).getTotal(), { stage: `ready in ${seconds(event.ms)}` });
      else if (event.type === 'model-download') {
        const current = bar(event.model);
        if (current.getTotal() !== event.totalBytes) current.setTotal(event.totalBytes);
        current.update(event.doneBytes, { stage: `downloading ${megabytes(event.doneBytes)} of ${megabytes(event.totalBytes)}` });
      }
    },
    stop() {
      multibar.stop();
    },
  };
}
