import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphAppToken } from '../../adapters/teams/graph/graph-app-token.ts';
import { GraphClient } from '../../adapters/teams/graph/graph-client.ts';
import { shareIdFor } from '../../adapters/teams/graph/share-id.ts';
import { FakeGraph } from '../fakes/fake-graph.ts';

const credentials = { clientId: 'client-1', clientSecret: 'secret-1' };
const tenant = 'tenant-a';

describe('GraphClient against a fake Graph', () => {
  let graph: FakeGraph;
  const client = (secret = credentials.clientSecret) =>
    new GraphClient({
      graphUrl: graph.graphUrl,
      token: new GraphAppToken({ clientId: credentials.clientId, clientSecret: secret, tokenUrl: graph.tokenUrl, scope: `${graph.baseUrl}/.default` }),
    });

  beforeAll(async () => {
    graph = await FakeGraph.start(credentials);
  });
  afterAll(async () => {
    await graph?.close();
  });

  it('reads thread replies at …/replies/{id} and reuses one token per tenant', async () => {
    const reference = {
      id: 'att-1',
      contentType: 'reference' as const,
      contentUrl: 'https://contoso.sharepoint.com/sites/x/Shared Documents/a.pdf',
      name: 'a.pdf',
    };
    graph.addChannelMessage({ teamGroupId: 'group-1', channelId: '19:c@thread.tacv2', messageId: '200', rootId: '100' }, [reference]);
    graph.addChatMessage({ chatId: '19:chat@thread.v2', messageId: '300' }, []);
    const graphClient = client();
    const reply = await graphClient.channelMessage(tenant, { teamGroupId: 'group-1', channelId: '19:c@thread.tacv2', messageId: '200', threadRootId: '100' });
    expect(reply.attachments).toEqual([expect.objectContaining(reference)]);
    expect((await graphClient.chatMessage(tenant, { chatId: '19:chat@thread.v2', messageId: '300' })).attachments).toEqual([]);
    expect(graph.requests.filter(request => request.form && request.path === `/${tenant}/oauth2/v2.0/token`)).toHaveLength(1);
  });

  it('reads a whole channel thread: the post and every page of its replies (@odata.nextLink)', async () => {
    const where = { teamGroupId: 'group-2', channelId: '19:long@thread.tacv2', rootId: '1700000000000' };
    const user = { user: { id: 'aad-1', displayName: 'Ada' } };
    graph.addThreadMessage(where, { id: where.rootId, from: user, html: '<p>The post</p>' });
    for (let index = 1; index <= 60; index++)
      graph.addThreadMessage(where, { id: String(1_700_000_000_000 + index), from: user, html: `<p>reply ${index}</p>` });
    const messages = await client().channelThread(tenant, where);
    expect(messages).toHaveLength(61);
    expect(new Set(messages.map(message => message.id)).size).toBe(61);
    expect(messages.find(message => message.id === where.rootId)?.body?.content).toBe('<p>The post</p>');
    const pages = graph.requests.filter(request => request.path === `/v1.0/teams/group-2/channels/${where.channelId}/messages/${where.rootId}/replies`);
    expect(pages).toHaveLength(2);
    // The thread is read with the channel-message permission: without it, Graph's 403 names that permission.
    graph.forbidden.add('channel-messages');
    try {
      await expect(client().channelThread(tenant, where)).rejects.toMatchObject({
        code: 'permission_missing',
        userMessage: expect.stringContaining('ChannelMessage.Read.Group'),
      });
    } finally {
      graph.forbidden.clear();
    }
  });

  it('finds a shared file through shares/u!…/driveItem/content without sending the token to the download host', async () => {
    const url = 'https://contoso.sharepoint.com/sites/x/Shared Documents/b.pdf';
    graph.addSharedFile(url, new Uint8Array([37, 80, 68, 70]));
    const where = await client().fileDownload(tenant, url);
    expect(where.headers).toBeUndefined();
    expect(where.url).toMatch(/\/download\/.+\?tempauth=fake$/);
    expect(graph.requests.some(request => request.path === `/v1.0/shares/${shareIdFor(url)}/driveItem/content`)).toBe(true);
    expect(shareIdFor(url)).toMatch(/^u![A-Za-z0-9_-]+$/);
  });

  it('names Files.Read.All when Graph refuses the file, and says "deleted" for a 404', async () => {
    graph.forbidden.add('shares');
    try {
      await expect(client().fileDownload(tenant, 'https://contoso.sharepoint.com/x.pdf')).rejects.toMatchObject({
        code: 'permission_missing',
        userMessage: expect.stringContaining('**Files.Read.All**'),
      });
    } finally {
      graph.forbidden.clear();
    }
    await expect(client().chatMessage(tenant, { chatId: '19:none@thread.v2', messageId: '1' })).rejects.toMatchObject({
      code: 'document_not_found',
      userMessage: expect.stringMatching(/deleted/),
    });
  });

  it('reports a wrong client secret as a sign-in problem for an administrator, not as vendor text', async () => {
    const error = await client('wrong')
      .chatMessage(tenant, { chatId: '19:chat@thread.v2', messageId: '300' })
      .catch(caught => caught);
    expect(error).toMatchObject({ code: 'unauthorized', retryable: false });
    expect(error.userMessage).toMatch(/administrator needs to check Folio's app registration/);
    expect(error.userMessage).not.toMatch(/AADSTS/);
  });
});
