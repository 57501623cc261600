import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeReply } from '../../fakes/fake-model-server.ts';
import { makeRefundPolicyPdf } from '../../slack/support/slack-test-documents.ts';
import { slackSignature } from '../../slack/support/slack-test-app.ts';
import { personalMessage } from '../../teams/support/teams-activities.ts';
import { tenantId } from '../../teams/support/teams-harness.ts';
import { filesForm, readServerSentEvents } from '../../web/support/web-test-server.ts';
import { makeSigningKey, signJwt } from './support/fake-openid-provider.ts';
import { citeFirstPassage } from './support/model-behaviours.ts';
import { serviceSecrets, startSecuredService, teamsAppId, type SecuredService } from './support/secured-service.ts';
import { waitUntil } from './support/wait-until.ts';

// One service configured with every kind of credential runs the flows that touch them (REST with the API
// key, Slack downloads and Web API calls with the bot token, Gemini calls with its key, Teams requests
// checked against the app registration) and the failures whose error messages are most likely to carry
// them. Every line pino wrote, at trace level, is then searched for each secret.

describe('no secret reaches the logs', () => {
  let service: SecuredService;

  beforeAll(async () => {
    service = await startSecuredService({ model: citeFirstPassage });
  });
  afterAll(async () => {
    await service?.close();
  });

  async function postSlack(body: string, contentType = 'application/json'): Promise<number> {
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await fetch(`${service.baseUrl}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': contentType,
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': slackSignature(serviceSecrets.SLACK_SIGNING_SECRET, timestamp, body),
      },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  }
  const slackEvent = (event: Record<string, unknown>) =>
    JSON.stringify({
      type: 'event_callback',
      team_id: 'T1',
      api_app_id: 'AFOLIO',
      event_id: `Ev${randomUUID().slice(0, 10)}`,
      event_time: Math.floor(Date.now() / 1000),
      event,
      authorizations: [{ team_id: 'T1', user_id: 'UFOLIOBOT', is_bot: true }],
    });
  const slashCommand = (text: string) =>
    new URLSearchParams({
      team_id: 'T1',
      team_domain: 'fake',
      channel_id: 'C1',
      channel_name: 'general',
      user_id: 'UALICE',
      command: '/folio',
      text,
      response_url: `${service.slackApi.baseUrl}/respond/${randomUUID()}`,
      trigger_id: 't',
      api_app_id: 'AFOLIO',
    }).toString();

  async function restFlow(): Promise<void> {
    const upload = await service.request('/v1/spaces/handbook/documents', {
      method: 'POST',
      body: filesForm([{ name: 'refunds.pdf', bytes: await makeRefundPolicyPdf() }]),
    });
    expect(upload.status).toBe(202);
    const [document] = ((await upload.json()) as { documents: Array<{ documentId: string }> }).documents;
    await waitUntil(
      async () => ((await (await service.request(`/v1/spaces/handbook/documents/${document.documentId}`)).json()) as any).document?.status === 'ready',
    );
    const ask = (question: string, accept = 'application/json') =>
      service.request('/v1/spaces/handbook/ask', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept },
        body: JSON.stringify({ question }),
      });
    const answer = (await (await ask('How long do refunds take?')).json()) as { grounded: boolean };
    expect(answer.grounded).toBe(true);
    await readServerSentEvents(
      await ask('How much does express shipping cost?', 'text/event-stream'),
      event => event.event === 'answer' || event.event === 'error',
    );
    // The model failing (500, then a 429 with Retry-After) on both calls of one question: the pipeline
    // degrades to extractive, and the errors are logged.
    service.gemini.script(fakeReply.error(500), fakeReply.error(500), fakeReply.error(429, { retryAfter: '0' }), fakeReply.error(429, { retryAfter: '0' }));
    expect((await ask('Where do parcels leave from?')).status).toBe(200);
    expect(
      (
        await service.request('/v1/spaces/handbook/search', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ question: 'refund receipt' }),
        })
      ).status,
    ).toBe(200);
    expect((await service.request(`/v1/spaces/handbook/documents/${document.documentId}?tree=true`)).status).toBe(200);
    expect((await service.request('/metrics')).status).toBe(200);
    for (const path of ['/readyz', '/healthz', '/openapi.json']) await (await fetch(`${service.baseUrl}${path}`)).arrayBuffer();
    // Refused attempts, one with a key that differs from the real one by a character.
    for (const authorization of [
      undefined,
      `Bearer ${serviceSecrets.FOLIO_API_KEY}x`,
      `Basic ${Buffer.from(`user:${serviceSecrets.FOLIO_API_KEY}`).toString('base64')}`,
    ]) {
      const refused = await fetch(`${service.baseUrl}/v1/spaces/handbook/documents`, { headers: authorization ? { authorization } : {} });
      expect(refused.status).toBe(401);
    }
  }

  async function slackFlow(): Promise<void> {
    const { slackApi, slack } = service;
    const file = slackApi.addFile('FREFUND', 'refund-policy.pdf', await makeRefundPolicyPdf());
    const shareTs = slackApi.nextTs();
    slackApi.rateLimit('chat.update', { count: 1, retryAfterSeconds: 0 });
    expect(
      await postSlack(
        slackEvent({ type: 'message', subtype: 'file_share', channel: 'C1', channel_type: 'channel', user: 'UALICE', text: '', ts: shareTs, files: [file] }),
      ),
    ).toBe(200);
    await slack.whenIdle();
    // A file the file host refuses (403 without the right token: here it no longer exists), and a Web API call Slack refuses.
    const missing = {
      ...slackApi.addFile('FGONE', 'gone.pdf', new Uint8Array([37, 80, 68, 70])),
      url_private_download: `${slackApi.baseUrl}/files/FNOPE/download/gone.pdf`,
    };
    expect(
      await postSlack(
        slackEvent({
          type: 'message',
          subtype: 'file_share',
          channel: 'C1',
          channel_type: 'channel',
          user: 'UALICE',
          text: '',
          ts: slackApi.nextTs(),
          files: [missing],
        }),
      ),
    ).toBe(200);
    const unscript = slackApi.script(call => (call.method === 'reactions.add' ? { body: { ok: false, error: 'invalid_auth' } } : undefined));
    const questionTs = slackApi.nextTs();
    slackApi.addUserMessage({ channel: 'C1', ts: questionTs, user: 'UALICE', text: '<@UFOLIOBOT> how long do refunds take?' });
    expect(
      await postSlack(slackEvent({ type: 'app_mention', channel: 'C1', user: 'UALICE', text: '<@UFOLIOBOT> how long do refunds take?', ts: questionTs })),
    ).toBe(200);
    await slack.whenIdle();
    unscript();
    for (const text of ['docs', 'status', 'scope team', 'forget nothing-like-this.pdf']) {
      expect(await postSlack(slashCommand(text), 'application/x-www-form-urlencoded')).toBe(200);
    }
    await slack.whenIdle();
    expect(slackApi.threadReplies('C1', questionTs).some(message => (message.blocks?.length ?? 0) > 0)).toBe(true);
    expect(slackApi.fileRequests.some(request => request.authorization === `Bearer ${serviceSecrets.SLACK_BOT_TOKEN}`)).toBe(true);
  }

  async function teamsFlow(): Promise<void> {
    const url = `${service.baseUrl}/api/messages`;
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: service.openId.issuer, aud: teamsAppId, tid: tenantId, iat: now - 5, nbf: now - 5, exp: now + 600 };
    const send = async (authorization?: string, serviceUrl?: string) => {
      const activity = {
        ...personalMessage(serviceUrl ?? 'http://127.0.0.1:9/', { chatId: 'a:1secrets', text: 'help' }),
        ...(serviceUrl ? {} : { deliveryMode: 'expectReplies', serviceUrl: undefined }),
      };
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(activity),
      });
      await response.arrayBuffer();
      return response.status;
    };
    expect(await send()).toBe(401);
    expect(await send('Bearer garbage')).toBe(401);
    expect(await send(`Bearer ${signJwt(claims, makeSigningKey())}`)).toBe(401);
    // Accepted, then the SDK asks for an outgoing token with the client secret, which it cannot get here
    // (the authority is a plain-http fake): the failure path that holds the secret runs too.
    expect(await send(`Bearer ${signJwt(claims, service.openId.publishedKey)}`)).toBe(200);
    const withService = await send(`Bearer ${signJwt({ ...claims, serviceurl: 'http://127.0.0.1:9/' }, service.openId.publishedKey)}`, 'http://127.0.0.1:9/');
    expect(withService).not.toBe(401);
  }

  it('logs the REST, Slack, Teams and model flows at trace level without any credential', { timeout: 120_000 }, async () => {
    await restFlow();
    await slackFlow();
    await teamsFlow();
    await service.slack.whenIdle();

    const { lines } = service.captured;
    // The capture saw the flows in detail (so an absent secret is not just an absent log): wait until
    // the line each flow must write is there (background work may log after its request returned).
    await vi.waitFor(
      () => {
        for (const marker of [
          'upload accepted',
          'question answered',
          'model call failed',
          "apiCall('chat.postMessage')",
          'answered a Slack question',
          '/api/messages',
        ]) {
          expect(
            lines.some(line => line.includes(marker)),
            marker,
          ).toBe(true);
        }
      },
      { timeout: 5_000 },
    );
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.some(line => line.includes('"level":10') || line.includes('"level":20'))).toBe(true);
    for (const [name, secret] of Object.entries(serviceSecrets)) {
      expect(
        service.captured.linesContaining(secret).map(line => line.slice(0, 300)),
        name,
      ).toEqual([]);
      // Nor a recognizable part of one (a token cut short or split by a formatter).
      expect(
        service.captured.linesContaining(secret.slice(-12)).map(line => line.slice(0, 300)),
        `${name} (tail)`,
      ).toEqual([]);
    }
  });
});
