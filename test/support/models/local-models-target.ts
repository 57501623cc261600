import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { localModelPaths } from '../../../src/models/local/local-model-files.ts';

export type LocalModelsTarget = { state: 'ready'; modelsDir: string; chatModelPath?: string } | { state: 'missing-in-ci' | 'skip'; reason: string };

/**
 * The real local models for a test: the models directory FOLIO_TEST_MODELS_DIR names (filled by
 * `npm run models:fetch`; .ci/run fetches the small chat model and the embedding model into a cache).
 * `needs` lists what the test runs. Skipped without them; under CI=true missing models are a failure,
 * because CI must prove that the local models work.
 */
export function localModelsTarget(
  needs: { chat?: boolean; embedding?: boolean },
  environment: Record<string, string | undefined> = process.env,
): LocalModelsTarget {
  const modelsDir = environment.FOLIO_TEST_MODELS_DIR?.trim();
  let missing = 'FOLIO_TEST_MODELS_DIR is not set';
  let chatModelPath: string | undefined;
  if (modelsDir) {
    const paths = localModelPaths(modelsDir);
    chatModelPath = [paths.chat.small, paths.chat.large].find(path => existsSync(path));
    const wanted = [
      ...(needs.chat ? [chatModelPath ?? paths.chat.small, join(paths.runtimeDir, 'node_modules', 'node-llama-cpp', 'package.json')] : []),
      ...(needs.embedding
        ? [paths.embedding.model, paths.embedding.tokenizer, join(paths.runtimeDir, 'node_modules', 'onnxruntime-node', 'package.json')]
        : []),
    ];
    missing = wanted.filter(path => !existsSync(path)).join(', ');
    if (!missing) return { state: 'ready', modelsDir, chatModelPath };
    missing = `missing in FOLIO_TEST_MODELS_DIR: ${missing} (run FOLIO_MODELS_DIR=${modelsDir} npm run models:fetch -- --small)`;
  }
  if (environment.CI === 'true' || environment.CI === '1')
    return { state: 'missing-in-ci', reason: `CI is set but ${missing}: .ci/run must fetch the local models.` };
  return { state: 'skip', reason: `${missing}: skipping the tests of the real local models.` };
}
