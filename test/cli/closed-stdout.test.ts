import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folio = fileURLToPath(new URL('../../bin/folio.js', import.meta.url));

describe('folio with its output closed early (`folio … | head`)', () => {
  it('stops quietly instead of crashing on EPIPE', { timeout: 30_000 }, async () => {
    const child = spawn(process.execPath, [folio, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    // The reading end goes away before folio writes a byte.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', chunk => (stderr += chunk));
    const code = await new Promise<number | null>(resolve => child.on('exit', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at /);
    expect(code).toBe(0);
  });
});
