import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackBotScopes } from '../../adapters/slack/slack-surface.ts';
import { startSlackTestApp, type SlackTestApp } from './support/slack-test-app.ts';

/** Installs into many workspaces: OAuth with the installation kept in Folio's StateStore. */
describe('Slack OAuth installs', () => {
  let slack: SlackTestApp;

  beforeAll(async () => {
    slack = await startSlackTestApp({
      env: { SLACK_BOT_TOKEN: '', SLACK_CLIENT_ID: '111.222', SLACK_CLIENT_SECRET: 'client-secret', SLACK_STATE_SECRET: 'state-secret-for-tests' },
    });
  });
  afterAll(async () => {
    await slack?.close();
  });

  async function mentionFrom(teamId: string): Promise<string> {
    const ts = slack.fake.nextTs();
    const { status } = await slack.sendEvent({ type: 'app_mention', channel: 'C1', user: 'UDAVE', text: '<@UFOLIOT2> what is in here?', ts }, { teamId });
    expect(status).toBe(200);
    await slack.adapter.whenIdle();
    return ts;
  }

  /** The browser side of an install: /slack/install, Slack's consent page (skipped), back to the redirect URL. */
  async function install(): Promise<{ authorize: URL; callback: Response }> {
    const start = await fetch(`${slack.baseUrl}/slack/install`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    const state = authorize.searchParams.get('state')!;
    const cookie = start.headers.get('set-cookie')!.split(';')[0];
    const callback = await fetch(`${slack.baseUrl}/slack/oauth_redirect?code=the-code&state=${encodeURIComponent(state)}`, { headers: { cookie } });
    await callback.clone().arrayBuffer();
    return { authorize, callback };
  }

  it('installs a workspace through /slack/install and /slack/oauth_redirect, then answers there with its token', async () => {
    expect(slack.adapter.summary).toContain('OAuth installs at /slack/install');
    const { authorize, callback } = await install();
    expect(authorize.origin + authorize.pathname).toBe('https://slack.com/oauth/v2/authorize');
    expect(authorize.searchParams.get('scope')!.split(',').sort()).toEqual(slackBotScopes);
    expect(callback.status).toBe(200);
    expect(slack.fake.callsTo('oauth.v2.access')[0].params).toMatchObject({ code: 'the-code', client_id: '111.222', client_secret: 'client-secret' });
    const installation = await slack.app.surfaceState.get<{ bot: { token: string; userId: string } }>('slack:installation:team:T2');
    expect(installation?.bot).toMatchObject({ token: 'xoxb-installed-T2', userId: 'UFOLIOT2' });

    const ts = await mentionFrom('T2');
    const reply = slack.fake.messages.find(message => message.thread_ts === ts && message.text !== 'Thinking…');
    expect(reply?.text).toContain('There are no documents in this channel yet');
    expect(
      slack.fake
        .callsTo('chat.postMessage')
        .filter(call => call.params.thread_ts === ts)
        .map(call => call.token),
    ).toEqual(['xoxb-installed-T2']);
  });

  it('refuses a callback whose state was not issued by /slack/install', async () => {
    const before = slack.fake.callsTo('oauth.v2.access').length;
    const callback = await fetch(`${slack.baseUrl}/slack/oauth_redirect?code=stolen&state=forged`);
    await callback.arrayBuffer();
    expect(callback.status).toBeGreaterThanOrEqual(400);
    expect(slack.fake.callsTo('oauth.v2.access')).toHaveLength(before);
  });

  it('ignores events from a workspace that never installed Folio', async () => {
    const before = slack.fake.calls.length;
    await mentionFrom('T3');
    expect(slack.fake.calls.length).toBe(before);
  });

  it('deletes the installation when the app is uninstalled, and stops answering there', async () => {
    await slack.sendEvent({ type: 'app_uninstalled' }, { teamId: 'T2' });
    await slack.adapter.whenIdle();
    expect(await slack.app.surfaceState.get('slack:installation:team:T2')).toBeUndefined();
    const before = slack.fake.calls.length;
    await mentionFrom('T2');
    expect(slack.fake.calls.length).toBe(before);
  });

  it('deletes the installation when its bot token is revoked, but not for user tokens only', async () => {
    await install();
    await slack.sendEvent({ type: 'tokens_revoked', tokens: { oauth: ['UINSTALLER'] } }, { teamId: 'T2' });
    await slack.adapter.whenIdle();
    expect(await slack.app.surfaceState.get('slack:installation:team:T2')).toBeDefined();
    await slack.sendEvent({ type: 'tokens_revoked', tokens: { bot: ['UFOLIOT2'] } }, { teamId: 'T2' });
    await slack.adapter.whenIdle();
    expect(await slack.app.surfaceState.get('slack:installation:team:T2')).toBeUndefined();
  });
});
