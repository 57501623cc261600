import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultLocalModelNames, localModelCatalog, type LocalModelSpec } from '../local/local-model-files.ts';
import { installLocalRuntime } from '../local/local-runtime.ts';
import { cutSentencepieceTokenizer } from './cut-sentencepiece-tokenizer.ts';
import { fetchLocalModels, type FetchedModel, type ModelFetchEvent } from './fetch-local-models.ts';
import { VerifiedFiles } from './verified-files.ts';

export type LocalModelsSetupEvent = ModelFetchEvent | { type: 'runtime-install' } | { type: 'runtime-ready'; installed: boolean; ms: number };

export interface LocalModelsSetup {
  modelsDir: string;
  runtime: { installed: boolean; ms: number };
  models: FetchedModel[];
  ms: number;
}

/**
 * `folio models fetch`: installs the pinned runtimes into `<modelsDir>/runtime` (the embedding graph's
 * cut needs one of them), then fetches the 1.5B chat model and the embedding model (`small`: the 0.5B
 * chat model instead; `all`: every catalog model).
 */
export async function setUpLocalModels(options: {
  modelsDir: string;
  indexUrl: string;
  small?: boolean;
  all?: boolean;
  onEvent?: (event: LocalModelsSetupEvent) => void;
  signal?: AbortSignal;
}): Promise<LocalModelsSetup> {
  const started = performance.now();
  const names: string[] = defaultLocalModelNames(options);
  options.onEvent?.({ type: 'runtime-install' });
  const runtime = await installLocalRuntime(options.modelsDir, { signal: options.signal });
  options.onEvent?.({ type: 'runtime-ready', ...runtime });
  const models = await fetchLocalModels({
    modelsDir: options.modelsDir,
    indexUrl: options.indexUrl,
    models: localModelCatalog.filter(model => names.includes(model.name)),
    transforms: { 'cut-sentencepiece-tokenizer': (input, outputs) => cutSentencepieceTokenizer(options.modelsDir, input, outputs) },
    onEvent: options.onEvent,
    signal: options.signal,
  });
  return { modelsDir: options.modelsDir, runtime, models, ms: performance.now() - started };
}

export interface LocalModelListing {
  name: string;
  kind: LocalModelSpec['kind'];
  description: string;
  licence: string;
  /** `present`: every file there, sha256 checked by a fetch; `unverified`: right sizes, not yet checked. */
  state: 'present' | 'unverified' | 'missing';
  files: Array<{ path: string; sizeBytes: number; sha256: string; present: boolean }>;
}

/** `folio models list`: each catalog model and whether its files are in `modelsDir` (nothing is hashed). */
export async function listLocalModels(modelsDir: string, catalog: readonly LocalModelSpec[] = localModelCatalog): Promise<LocalModelListing[]> {
  const verified = await VerifiedFiles.open(modelsDir);
  return Promise.all(
    catalog.map(async model => {
      const states = await Promise.all(model.files.map(file => verified.state(file)));
      const state = states.every(fileState => fileState === 'verified') ? 'present' : states.includes('missing') ? 'missing' : 'unverified';
      const files = await Promise.all(
        model.files.map(async file => {
          const path = join(modelsDir, file.relativePath);
          const size = (await stat(path).catch(() => undefined))?.size;
          return { path, sizeBytes: file.sizeBytes, sha256: file.sha256, present: size === file.sizeBytes };
        }),
      );
      return { name: model.name, kind: model.kind, description: model.description, licence: model.licence, state, files };
    }),
  );
}
