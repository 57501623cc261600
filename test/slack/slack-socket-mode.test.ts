import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackTestApp, type SlackTestApp } from './support/slack-test-app.ts';

/** SLACK_APP_TOKEN set: events, commands and button clicks arrive over the Socket Mode WebSocket instead of HTTP. */
describe('Slack in Socket Mode', () => {
  let slack: SlackTestApp;

  beforeAll(async () => {
    slack = await startSlackTestApp({ env: { SLACK_APP_TOKEN: 'xapp-1-test', SLACK_SIGNING_SECRET: '' } });
    await slack.fake.waitFor(() => slack.fake.socketConnected);
  });
  afterAll(async () => {
    await slack?.close();
  });

  it('connects with the app token and serves no HTTP endpoint', async () => {
    expect(slack.adapter.summary).toContain('Socket Mode');
    expect(slack.fake.callsTo('apps.connections.open')[0].token).toBe('xapp-1-test');
    const response = await fetch(`${slack.baseUrl}/slack/events`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
  });

  it('acknowledges an event envelope and answers in the thread', async () => {
    const ts = slack.fake.nextTs();
    slack.fake.sendOverSocket({
      type: 'events_api',
      envelope_id: 'env-1',
      accepts_response_payload: false,
      retry_attempt: 0,
      retry_reason: '',
      payload: {
        team_id: 'T1',
        api_app_id: 'AFOLIO',
        type: 'event_callback',
        event_id: 'EvSOCKET1',
        event_time: Math.floor(Date.now() / 1000),
        event: { type: 'app_mention', channel: 'C1', user: 'UALICE', text: `<@${slack.fake.botUserId}> anything here?`, ts, event_ts: ts },
        authorizations: [{ team_id: 'T1', user_id: slack.fake.botUserId, is_bot: true }],
      },
    });
    await slack.fake.waitFor(() => slack.fake.socketMessages.some(message => message.envelope_id === 'env-1'));
    const reply = await slack.fake.waitFor(() => slack.fake.threadReplies('C1', ts).find(message => message.text !== 'Thinking…'));
    expect(reply.text).toContain('There are no documents in this channel yet');
  });

  it('runs /folio from a slash_commands envelope', async () => {
    slack.fake.sendOverSocket({
      type: 'slash_commands',
      envelope_id: 'env-2',
      accepts_response_payload: true,
      payload: {
        team_id: 'T1',
        channel_id: 'C1',
        channel_name: 'general',
        user_id: 'UALICE',
        command: '/folio',
        text: 'status',
        api_app_id: 'AFOLIO',
        response_url: `${slack.fake.baseUrl}/respond/socket`,
        trigger_id: 't',
      },
    });
    await slack.fake.waitFor(() => slack.fake.socketMessages.some(message => message.envelope_id === 'env-2'));
    const response = await slack.fake.waitFor(() => slack.fake.responses.find(entry => entry.path === '/respond/socket'));
    expect(response.body.text).toContain('0 ready, 0 being read, 0 failed');
  });
});
