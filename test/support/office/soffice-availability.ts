import { spawnSync } from 'node:child_process';

/**
 * Whether LibreOffice can be started, and how a test that needs it should behave without it: under
 * CI=true a missing LibreOffice is a provisioning bug (.ci/run installs it), so such tests fail;
 * elsewhere they are skipped with a message.
 */
export function sofficeAvailability(sofficePath = 'soffice'): { available: boolean; mustRun: boolean; reason: string } {
  const probe = spawnSync(sofficePath, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const available = probe.status === 0;
  const mustRun = process.env.CI === 'true';
  const reason = available
    ? `using ${probe.stdout.trim()}`
    : `LibreOffice (${sofficePath}) is not installed: apt-get install libreoffice-writer libreoffice-impress libreoffice-calc`;
  if (!available && !mustRun) console.warn(`Skipping LibreOffice tests: ${reason}`);
  return { available, mustRun, reason };
}
