import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const folioBin = fileURLToPath(new URL('../../bin/folio.js', import.meta.url));

interface ServeProcess {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
}

const running: ServeProcess[] = [];
const directories: string[] = [];

/** `folio serve` as `npm start` runs it, in a fresh directory with only the given settings. */
async function serve(environment: Record<string, string>): Promise<ServeProcess> {
  const directory = await mkdtemp(join(tmpdir(), 'folio-serve-'));
  directories.push(directory);
  const child = spawn(process.execPath, [folioBin, 'serve'], {
    cwd: directory,
    env: { PATH: process.env.PATH ?? '', HOME: directory, FOLIO_DATA_DIR: join(directory, 'data'), FOLIO_LOG_LEVEL: 'warn', ...environment },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', chunk => (stderr += chunk));
  const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
  const process_ = { child, stderr: () => stderr, exited };
  running.push(process_);
  return process_;
}

async function waitForOutput(serveProcess: ServeProcess, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(serveProcess.stderr());
    if (match) return match;
    if (serveProcess.child.exitCode !== null || Date.now() > deadline) throw new Error(`no ${pattern} in:\n${serveProcess.stderr()}`);
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}

afterEach(async () => {
  for (const { child, exited } of running.splice(0)) {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  }
  for (const directory of directories.splice(0)) await rm(directory, { recursive: true, force: true });
});

describe('folio serve', () => {
  it('starts on the embedded defaults, prints what is enabled and what is not, serves the console, and stops on SIGTERM with exit 0', async () => {
    const service = await serve({ FOLIO_PORT: '0' });
    const [, url] = await waitForOutput(service, /Folio is running: (http:\/\/127\.0\.0\.1:\d+\/)/);
    const summary = service.stderr();
    expect(summary).toContain('Store:  SQLite at');
    expect(summary).toContain('Queue:  in-process');
    expect(summary).toContain('Models: offline');
    expect(summary).toContain('Slack: not configured');
    expect(summary).toContain('Teams: not configured');
    expect(summary).toContain('Set GEMINI_API_KEY');
    expect(summary).toContain('this machine only');

    expect(await (await fetch(`${url}healthz`)).json()).toMatchObject({ ok: true });
    const page = await fetch(url);
    expect(await page.text()).toContain('<title>Folio</title>');
    expect((await fetch(`${url}v1/spaces/handbook/documents`)).status).toBe(200);

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.stderr()).toContain('SIGTERM: shutting down');
    expect(service.stderr()).toContain('Folio stopped.');
  });

  it('refuses a public address without an API key, naming both settings', async () => {
    const service = await serve({ FOLIO_HOST: '0.0.0.0', FOLIO_PORT: '0' });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain('FOLIO_HOST=0.0.0.0 would let other machines use Folio without authentication');
    expect(service.stderr()).toContain('Set FOLIO_API_KEY');
    expect(service.stderr()).not.toContain('Folio is running');
  });

  it('says which setting to change when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>(resolve => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const service = await serve({ FOLIO_PORT: String(port) });
      expect(await service.exited).toBe(1);
      expect(service.stderr()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(service.stderr()).toContain('FOLIO_PORT');
    } finally {
      await new Promise(resolve => blocker.close(resolve));
    }
  });
});
