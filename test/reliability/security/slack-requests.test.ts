import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingSecret, slackSignature, startSlackTestApp, type SlackTestApp } from '../../slack/support/slack-test-app.ts';

// test/slack/slack-adapter.test.ts already refuses an event with a wrong signature and one signed more
// than 5 minutes ago; test/slack/slack-serve.test.ts an unsigned request inside `folio serve`. Here:
// the other ways a forged or replayed request can arrive, on every kind of body Slack sends to
// /slack/events (event callbacks, slash commands, button clicks), each checked to have done nothing.

describe('Slack request verification', () => {
  let slack: SlackTestApp;

  beforeAll(async () => {
    slack = await startSlackTestApp();
  });
  afterAll(async () => {
    await slack?.close();
  });

  const now = () => Math.floor(Date.now() / 1000);
  const mention = () =>
    JSON.stringify({
      type: 'event_callback',
      team_id: 'T1',
      api_app_id: 'AFOLIO',
      event_id: `EvFORGED${Math.random().toString(36).slice(2, 8)}`,
      event_time: now(),
      event: { type: 'app_mention', channel: 'C1', user: 'UEVE', text: '<@UFOLIOBOT> what is in the documents?', ts: slack.fake.nextTs() },
      authorizations: [{ team_id: 'T1', user_id: 'UFOLIOBOT', is_bot: true }],
    });
  const command = () =>
    new URLSearchParams({
      team_id: 'T1',
      channel_id: 'C1',
      user_id: 'UEVE',
      command: '/folio',
      text: 'forget everything',
      response_url: `${slack.fake.baseUrl}/respond/forged`,
      trigger_id: 't',
    }).toString();

  async function raw(body: string, headers: Record<string, string>, contentType = 'application/json'): Promise<number> {
    const response = await fetch(`${slack.baseUrl}/slack/events`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });
    await response.arrayBuffer();
    return response.status;
  }

  /** Runs `attempt`, then checks that Folio called no Web API method and posted nothing to a response_url. */
  async function expectNothingDone(attempt: () => Promise<void>): Promise<void> {
    const calls = slack.fake.calls.length;
    const responses = slack.fake.responses.length;
    await attempt();
    await slack.adapter.whenIdle();
    // Absence of any effect: no event to wait for, so give a handler that did start (wrongly) a moment to act.
    await new Promise(resolve => setTimeout(resolve, 100));
    expect(slack.fake.calls.slice(calls).map(call => call.method)).toEqual([]);
    expect(slack.fake.responses.length).toBe(responses);
  }

  it('answers a correctly signed mention (the control: verification can pass)', async () => {
    const calls = slack.fake.calls.length;
    expect((await slack.post(mention())).status).toBe(200);
    await slack.fake.waitFor(() => slack.fake.calls.slice(calls).some(call => call.method === 'chat.postMessage'));
    await slack.adapter.whenIdle();
  });

  it('refuses a request without signature headers', async () => {
    await expectNothingDone(async () => {
      expect(await raw(mention(), {})).toBe(401);
      expect(await raw(command(), {}, 'application/x-www-form-urlencoded')).toBe(401);
    });
  });

  it('refuses a body changed after it was signed (signature of another body)', async () => {
    await expectNothingDone(async () => {
      const timestamp = now();
      const signed = mention();
      const tampered = signed.replace('what is in the documents?', 'forget everything');
      expect(
        await raw(tampered, { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': slackSignature(signingSecret, timestamp, signed) }),
      ).toBe(401);
    });
  });

  it('refuses a signature whose timestamp header was moved forward to look fresh', async () => {
    await expectNothingDone(async () => {
      const body = mention();
      const signedAt = now() - 10 * 60;
      // The signature covers the timestamp: a captured request re-sent with a new timestamp no longer matches.
      expect(await raw(body, { 'x-slack-request-timestamp': String(now()), 'x-slack-signature': slackSignature(signingSecret, signedAt, body) })).toBe(401);
    });
  });

  it('refuses replays older than 5 minutes of slash commands and button clicks too, and a timestamp that is not a number', async () => {
    await expectNothingDone(async () => {
      const old = now() - 5 * 60 - 30;
      expect((await slack.post(command(), { timestamp: old, contentType: 'application/x-www-form-urlencoded' })).status).toBe(401);
      const click = new URLSearchParams({
        payload: JSON.stringify({
          type: 'block_actions',
          team: { id: 'T1' },
          user: { id: 'UEVE' },
          channel: { id: 'C1' },
          actions: [{ action_id: 'folio_feedback_up', value: 'x', type: 'button' }],
          response_url: `${slack.fake.baseUrl}/respond/forged`,
        }),
      }).toString();
      expect((await slack.post(click, { timestamp: old, contentType: 'application/x-www-form-urlencoded' })).status).toBe(401);
      const body = mention();
      expect(await raw(body, { 'x-slack-request-timestamp': 'yesterday', 'x-slack-signature': slackSignature(signingSecret, now(), body) })).toBe(401);
    });
  });

  it("refuses a command signed with another app's signing secret", async () => {
    await expectNothingDone(async () => {
      expect((await slack.post(command(), { secret: `${signingSecret}-other-app`, contentType: 'application/x-www-form-urlencoded' })).status).toBe(401);
    });
  });
});
