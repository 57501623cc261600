import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FolioError } from '../../errors.ts';
import { localRuntimePackages } from './local-model-files.ts';

/**
 * The local runtimes (node-llama-cpp ~730 MB with its GPU variants, onnxruntime-node, …) are not
 * dependencies of the repository, so `npm ci` stays small: `folio models fetch` installs them into
 * `<models dir>/runtime`, and the local models load them from there.
 */

/** node-llama-cpp's prebuilt CPU binary for this machine; with `--omit=optional` it must be named. */
export function llamaPlatformPackage(platform: string = process.platform, arch: string = process.arch): string | undefined {
  const names: Record<string, string> = {
    'linux-x64': 'linux-x64',
    'linux-arm64': 'linux-arm64',
    'linux-arm': 'linux-armv7l',
    'linux-riscv64': 'linux-riscv64',
    'darwin-arm64': 'mac-arm64-metal',
    'darwin-x64': 'mac-x64',
    'win32-x64': 'win-x64',
    'win32-arm64': 'win-arm64',
  };
  const name = names[`${platform}-${arch}`];
  return name ? `@node-llama-cpp/${name}` : undefined;
}

/** The package.json fetch writes into the runtime directory. */
export function runtimePackageJson(): { name: string; private: true; description: string; dependencies: Record<string, string> } {
  const platformPackage = llamaPlatformPackage();
  const dependencies: Record<string, string> = { ...localRuntimePackages };
  if (platformPackage) dependencies[platformPackage] = localRuntimePackages['node-llama-cpp']!;
  return {
    name: 'folio-local-runtime',
    private: true,
    description: "Local model runtimes for Folio, installed by `folio models fetch`. Not part of the repository's dependencies.",
    dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/**
 * Installs the pinned runtimes into `<modelsDir>/runtime` unless its package.json already lists them
 * and node_modules holds each. Returns whether npm ran.
 */
export async function installLocalRuntime(
  modelsDir: string,
  options: { npmCommand?: string; signal?: AbortSignal } = {},
): Promise<{ installed: boolean; ms: number }> {
  const started = performance.now();
  const runtimeDir = join(modelsDir, 'runtime');
  const wanted = runtimePackageJson();
  if (await runtimeMatches(runtimeDir, wanted.dependencies)) return { installed: false, ms: performance.now() - started };
  await mkdir(runtimeDir, { recursive: true });
  await writeFile(join(runtimeDir, 'package.json'), `${JSON.stringify(wanted, null, 2)}\n`);
  // ONNXRUNTIME_NODE_INSTALL=skip: its install script would fetch CUDA files from an unreachable host
  // (the CPU binary is in the npm package). NODE_LLAMA_CPP_SKIP_DOWNLOAD: use the prebuilt binaries.
  const args = ['install', '--no-audit', '--no-fund', '--omit=optional', '--no-package-lock', '--loglevel=error'];
  const output = await run(options.npmCommand ?? (process.platform === 'win32' ? 'npm.cmd' : 'npm'), args, {
    cwd: runtimeDir,
    env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip', NODE_LLAMA_CPP_SKIP_DOWNLOAD: 'true' },
    signal: options.signal,
  });
  if (output.code !== 0 || !(await runtimeMatches(runtimeDir, wanted.dependencies))) {
    throw new FolioError({
      code: 'download_failed',
      message: `npm install in ${runtimeDir} failed (exit ${output.code}): ${output.stderr.slice(-2000)}`,
      userMessage: `Installing the local model runtime into ${runtimeDir} failed. Check that the npm registry is reachable and run \`npm run models:fetch\` again.`,
      retryable: true,
    });
  }
  return { installed: true, ms: performance.now() - started };
}

async function runtimeMatches(runtimeDir: string, dependencies: Record<string, string>): Promise<boolean> {
  try {
    const current = JSON.parse(await readFile(join(runtimeDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    if (JSON.stringify(current.dependencies) !== JSON.stringify(dependencies)) return false;
    for (const [name, version] of Object.entries(dependencies)) {
      const installed = JSON.parse(await readFile(join(runtimeDir, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string };
      if (installed.version !== version) return false;
    }
    return true;
  } catch {
    return false;
  }
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, signal: options.signal, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
    child.on('error', error =>
      reject(
        options.signal?.aborted
          ? error
          : new FolioError({
              code: 'download_failed',
              message: `could not run ${command}: ${error.message}`,
              userMessage: `Could not run ${command} to install the local model runtime: ${error.message}. Install Node.js with npm and try again.`,
              cause: error,
            }),
      ),
    );
    child.on('close', code => resolve({ code, stderr }));
  });
}

/**
 * Imports a package installed in `<modelsDir>/runtime`, as if imported from there. Throws a FolioError
 * naming `npm run models:fetch` when the runtime is not installed.
 */
export async function importFromRuntime<T>(modelsDir: string, specifier: string): Promise<T> {
  const resolved = resolveInRuntime(modelsDir, specifier);
  if (!resolved) {
    throw new FolioError({
      code: 'model_unavailable',
      message: `local runtime package ${specifier} not found under ${join(modelsDir, 'runtime')}`,
      userMessage: `The local model runtime is not installed in ${join(modelsDir, 'runtime')}. Run \`npm run models:fetch\` (FOLIO_MODELS_DIR=${modelsDir}).`,
    });
  }
  return (await import(pathToFileURL(resolved).href)) as T;
}

/** The file a package installed in `<modelsDir>/runtime` resolves to (its entry point), or undefined. */
export function resolveInRuntime(modelsDir: string, specifier: string): string | undefined {
  const anchor = join(modelsDir, 'runtime', 'package.json');
  try {
    return existsSync(anchor) ? createRequire(anchor).resolve(specifier) : undefined;
  } catch {
    return undefined;
  }
}
