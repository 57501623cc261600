import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamsAdapter } from '../../adapters/teams/index.ts';
import { createFolio } from '../../src/folio.ts';
import type { Folio } from '../../src/folio-api.ts';
import { loadConfig } from '../../src/config.ts';
import { personalMessage } from './support/teams-activities.ts';

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('Teams authentication', () => {
  let dataDir: string;
  let app: Folio;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-teams-auth-'));
    app = createFolio(loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent' }));
  });

  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('with an app id, the SDK checks every request for a Bot Framework token (none → 401, nothing handled)', async () => {
    const config = loadConfig({
      FOLIO_DATA_DIR: dataDir,
      TEAMS_APP_ID: '0f6a1b2c-3d4e-4f50-8a9b-0c1d2e3f4a5b',
      TEAMS_APP_PASSWORD: 'secret',
      TEAMS_APP_TENANT_ID: '72f988bf-86f1-41af-91ab-2d7cd011db47',
    });
    const { log, lines } = capturingLogger();
    const adapter = await createTeamsAdapter(app, config.teams!, log);
    expect(adapter.summary).toBe(
      'Teams: Bot Framework activities at /api/messages (app 0f6a1b2c-3d4e-4f50-8a9b-0c1d2e3f4a5b, JWT validated, Graph for channel files)',
    );
    const server = express();
    adapter.routes(server);
    await adapter.start();
    const listener = server.listen(0, '127.0.0.1');
    await new Promise(resolve => listener.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/api/messages`;
      const activity = personalMessage('http://127.0.0.1:9/never/', { chatId: 'a:1x', text: 'help' });
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
      expect(response.status).toBe(401);
      const malformed = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Basic abc' },
        body: JSON.stringify(activity),
      });
      expect(malformed.status).toBe(401);
      expect(await app.surfaceState.get(`teams:activity:72f988bf-86f1-41af-91ab-2d7cd011db47:a:1x:${activity.id}`)).toBeUndefined();
      expect(lines.some(line => /AUTHENTICATION IS DISABLED/.test(line.msg))).toBe(false);
    } finally {
      await adapter.stop();
      await new Promise(resolve => listener.close(resolve));
    }
  });

  it('without an app id, authentication is off and start-up says so loudly', async () => {
    const config = loadConfig({ FOLIO_DATA_DIR: dataDir, TEAMS_ENABLED: 'on' });
    const { log, lines } = capturingLogger();
    const adapter = await createTeamsAdapter(app, config.teams!, log);
    expect(adapter.summary).toBe('Teams: /api/messages with AUTHENTICATION DISABLED (no TEAMS_APP_ID; local testing only)');
    await adapter.start();
    await adapter.stop();
    const warning = lines.find(line => /TEAMS AUTHENTICATION IS DISABLED/.test(line.msg));
    expect(warning?.level).toBe(40);
  });
});
