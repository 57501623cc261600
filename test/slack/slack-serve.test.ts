import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../src/cli/serve-command.ts';
import { loadConfig } from '../../src/config.ts';
import { silentLogger } from '../../src/log.ts';
import { FakeSlackApi } from '../fakes/fake-slack-api.ts';
import { signingSecret, slackSignature } from './support/slack-test-app.ts';

/** `folio serve` with Slack configured: the adapter's routes live on the service's one express app. */
describe('Slack inside folio serve', () => {
  let fake: FakeSlackApi;
  let service: RunningService;
  let dataDir: string;

  beforeAll(async () => {
    fake = await new FakeSlackApi().start();
    dataDir = await mkdtemp(join(tmpdir(), 'folio-slack-serve-'));
    const config = loadConfig({
      FOLIO_DATA_DIR: dataDir,
      FOLIO_LOG_LEVEL: 'silent',
      FOLIO_PORT: '0',
      SLACK_BOT_TOKEN: fake.botToken,
      SLACK_SIGNING_SECRET: signingSecret,
      SLACK_API_URL: fake.apiUrl,
    });
    service = await startService(config, { log: silentLogger() });
  });
  afterAll(async () => {
    await service?.stop();
    await fake?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  function post(body: string, secret = signingSecret): Promise<Response> {
    const timestamp = Math.floor(Date.now() / 1000);
    return fetch(new URL('/slack/events', service.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': slackSignature(secret, timestamp, body),
      },
      body,
    });
  }

  it("answers Slack's URL verification on the shared server and names the mode in the start-up summary", async () => {
    const response = await post(JSON.stringify({ type: 'url_verification', challenge: 'the-challenge', token: 'x' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ challenge: 'the-challenge' });
    expect(service.summary.join('\n')).toContain('Slack: HTTP events at /slack/events (single workspace)');
    expect(fake.callsTo('auth.test')).toHaveLength(1);
  });

  it('refuses an unsigned request', async () => {
    const response = await post(JSON.stringify({ type: 'url_verification', challenge: 'x' }), 'wrong-secret');
    expect(response.status).toBe(401);
  });
});
