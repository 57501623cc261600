import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { slackPaths } from '../../adapters/slack/index.ts';
import { slackEventHandlers } from '../../adapters/slack/routes.ts';
import { slackBotEvents, slackBotScopes, slackCommand, slackEventSubscriptions, slackWebApiMethods } from '../../adapters/slack/slack-surface.ts';

const root = join(import.meta.dirname, '../..');

describe('Slack manifest', () => {
  it('asks for exactly the scopes, events, command and interactivity the code uses', async () => {
    const manifest = parse(await readFile(join(root, 'manifests/slack/manifest.yaml'), 'utf8'));
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual(slackBotScopes);
    expect([...manifest.settings.event_subscriptions.bot_events].sort()).toEqual(slackBotEvents);
    expect(manifest.features.slash_commands.map((command: { command: string }) => command.command)).toEqual([slackCommand]);
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    for (const url of [
      manifest.settings.event_subscriptions.request_url,
      manifest.settings.interactivity.request_url,
      manifest.features.slash_commands[0].url,
    ]) {
      expect(new URL(url).pathname).toBe(slackPaths.events);
    }
    expect(manifest.oauth_config.redirect_urls.map((url: string) => new URL(url).pathname)).toEqual([slackPaths.oauthRedirect]);
    expect(manifest.settings.socket_mode_enabled).toBe(false);
    // DMs without a mention need the Messages tab to accept messages.
    expect(manifest.features.app_home).toMatchObject({ messages_tab_enabled: true, messages_tab_read_only_enabled: false });
  });

  it('has a handler for every subscribed event type and nothing else', () => {
    const handlers = slackEventHandlers({} as never);
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(slackEventSubscriptions).sort());
  });

  it('lists every Web API method the adapter source calls (so its scope is in the manifest)', async () => {
    const directory = join(root, 'adapters/slack');
    const called = new Set<string>();
    for (const name of await readdir(directory)) {
      if (!name.endsWith('.ts')) continue;
      const source = await readFile(join(directory, name), 'utf8');
      for (const match of source.matchAll(/\bclient\.(auth|chat|conversations|files|reactions|users|views|oauth|assistant\.threads)\.(\w+)\(/g))
        called.add(`${match[1]}.${match[2]}`);
      // The web-api's stream helper calls chat.startStream, chat.appendStream and chat.stopStream.
      if (/\bclient\.chatStream\(/.test(source)) for (const method of ['chat.startStream', 'chat.appendStream', 'chat.stopStream']) called.add(method);
      // files.uploadV2 is the SDK's helper over the two upload methods, not a method of its own.
      if (called.delete('files.uploadV2')) for (const method of ['files.getUploadURLExternal', 'files.completeUploadExternal']) called.add(method);
    }
    expect(called.size).toBeGreaterThan(5);
    for (const method of called) expect(Object.keys(slackWebApiMethods), method).toContain(method);
  });
});
