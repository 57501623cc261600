import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioError } from '../../src/errors.ts';
import { SqliteKnowledgeStore } from '../../src/store/sqlite/sqlite-knowledge-store.ts';
import { parseSpaceId, type SpaceId } from '../../src/spaces/space-id.ts';
import type { FakeEphemeralMessage } from '../fakes/fake-slack-api.ts';
import { makeRefundPolicyPdf } from './support/slack-test-documents.ts';
import { startSlackTestApp, type SlackTestApp } from './support/slack-test-app.ts';

async function shareRefundPolicy(slack: SlackTestApp, channel: string): Promise<void> {
  const file = slack.fake.addFile(`F${channel}`, 'refund-policy.pdf', await makeRefundPolicyPdf());
  const ts = slack.fake.nextTs();
  await slack.sendEvent({ type: 'message', subtype: 'file_share', channel, channel_type: 'channel', user: 'UALICE', text: '', ts, files: [file] });
  await slack.fake.waitFor(() => slack.fake.threadReplies(channel, ts).find(message => /\* is ready:/.test(message.text ?? '')), 30_000);
  await slack.adapter.whenIdle();
}

/** `/folio forget-space` in a channel: the private question, as the message its buttons are clicked on. */
async function askToForget(slack: SlackTestApp, channel: string): Promise<FakeEphemeralMessage> {
  const { responsePath } = await slack.sendCommand('forget-space', { channelId: channel });
  const reply = await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === responsePath));
  expect(reply.body.response_type).toBe('ephemeral');
  return { channel, user: 'UALICE', ts: slack.fake.nextTs(), text: reply.body.text, blocks: reply.body.blocks };
}

const button = (question: FakeEphemeralMessage, actionId: string) =>
  question.blocks!.flatMap((block: any) => (block.type === 'actions' ? block.elements : [])).find((element: any) => element.action_id === actionId);

async function click(
  slack: SlackTestApp,
  question: FakeEphemeralMessage,
  actionId: string,
  until: (text: string) => boolean,
  channelId?: string,
): Promise<void> {
  const { value } = button(question, actionId);
  if (channelId) {
    const { responsePath } = await slack.clickButton({ actionId, blockId: 'folio_forget_space', value, channelId });
    await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === responsePath && until(response.body.text)));
  } else {
    await slack.clickButton({ actionId, blockId: 'folio_forget_space', value, ephemeral: question });
    await slack.fake.waitFor(() => until(question.text ?? ''));
  }
  await slack.adapter.whenIdle();
}

describe('/folio forget-space', () => {
  let slack: SlackTestApp;
  const forgotten: SpaceId = parseSpaceId('slack:T1:CFORGET');
  const kept: SpaceId = parseSpaceId('slack:T1:CKEEP');

  beforeAll(async () => {
    slack = await startSlackTestApp();
    for (const channel of ['CFORGET', 'CKEEP']) await shareRefundPolicy(slack, channel);
    await slack.app.setSettings(forgotten, { visibility: 'private' });
  }, 120_000);
  afterAll(async () => {
    await slack?.close();
  });

  it('asks first with Forget and Cancel buttons; Cancel forgets nothing', async () => {
    const question = await askToForget(slack, 'CFORGET');
    expect(question.text).toContain('Forget everything I have from this conversation? That is 1 document: *refund-policy.pdf*.');
    expect(question.text).toContain('This cannot be undone');
    expect(button(question, 'folio_forget_space_confirm')).toMatchObject({ style: 'danger', text: { text: 'Forget them' }, value: 'slack:T1:CFORGET' });
    expect(button(question, 'folio_forget_space_cancel')).toMatchObject({ text: { text: 'Cancel' } });
    expect(await slack.app.listDocuments(forgotten)).toHaveLength(1);

    await click(slack, question, 'folio_forget_space_cancel', text => text === 'Nothing was forgotten.');
    expect(question.blocks).toBeUndefined();
    expect(await slack.app.listDocuments(forgotten)).toHaveLength(1);
    expect(await command(slack, 'help', 'CFORGET')).toContain('`/folio forget-space` removes them all (after asking)');
  });

  it('refuses a Forget button clicked in another conversation', async () => {
    const question = await askToForget(slack, 'CFORGET');
    await click(slack, question, 'folio_forget_space_confirm', text => text.startsWith('That button was for another conversation'), 'CKEEP');
    expect(await slack.app.listDocuments(forgotten)).toHaveLength(1);
    expect(await slack.app.listDocuments(kept)).toHaveLength(1);
  });

  it('Forget removes the documents, settings and file records of this channel only, says so, and tells the channel', async () => {
    expect(await slack.app.surfaceState.list(`slack:document:${forgotten}:`)).toHaveLength(1);
    const postsBefore = slack.fake.callsTo('chat.postMessage').length;
    const question = await askToForget(slack, 'CFORGET');
    await click(slack, question, 'folio_forget_space_confirm', text => text.startsWith('Done'));
    expect(question.text).toBe('Done: I forgot the 1 document from this conversation and the settings here.');

    expect(await slack.app.listDocuments(forgotten)).toEqual([]);
    expect(await slack.app.getSettings(forgotten)).toMatchObject({ visibility: 'thread' });
    expect(await slack.app.surfaceState.list(`slack:document:${forgotten}:`)).toEqual([]);
    expect(await slack.app.surfaceState.list('slack:file:FCFORGET:')).toEqual([]);
    expect(
      slack.fake
        .callsTo('chat.postMessage')
        .slice(postsBefore)
        .map(call => [call.params.channel, call.params.text]),
    ).toEqual([['CFORGET', '<@UALICE> had me forget the 1 document shared in this conversation. Share files again to ask about them.']]);
    expect(await slack.app.listDocuments(kept)).toHaveLength(1);
    expect(await slack.app.surfaceState.list(`slack:document:${kept}:`)).toHaveLength(1);

    // Asked again with nothing left: only the settings would go, and no notice is posted.
    const again = await askToForget(slack, 'CFORGET');
    expect(again.text).toContain('I have no documents from this conversation.');
    await click(slack, again, 'folio_forget_space_confirm', text => text.startsWith('Done'));
    expect(again.text).toBe('Done: I had no documents here, and the settings here are back to the defaults.');
    expect(slack.fake.callsTo('chat.postMessage').length).toBe(postsBefore + 1);
  });
});

describe('/folio forget-space when the store fails', () => {
  let slack: SlackTestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-slack-forget-store-'));
    const store = new SqliteKnowledgeStore({ dataDir });
    store.deleteSpace = async () => {
      throw new FolioError({
        code: 'store_unavailable',
        message: 'test: store down',
        userMessage: 'The search index is not reachable right now. Please try again in a few minutes.',
        retryable: true,
      });
    };
    slack = await startSlackTestApp({ folio: { store } });
    await shareRefundPolicy(slack, 'CDOWN');
  }, 120_000);
  afterAll(async () => {
    await slack?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says what failed and what to do, and nothing is lost', async () => {
    const question = await askToForget(slack, 'CDOWN');
    await click(slack, question, 'folio_forget_space_confirm', text => text.startsWith('The search index'));
    expect(question.text).toBe('The search index is not reachable right now. Please try again in a few minutes.');
    expect(await slack.app.listDocuments(parseSpaceId('slack:T1:CDOWN'))).toHaveLength(1);
  });
});

async function command(slack: SlackTestApp, text: string, channelId: string): Promise<string> {
  const { responsePath } = await slack.sendCommand(text, { channelId });
  const reply = await slack.fake.waitFor(() => slack.fake.responses.find(response => response.path === responsePath));
  return reply.body.text as string;
}
