import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadToFile } from '../../../adapters/shared/download-to-file.ts';
import { parseSpaceId } from '../../../src/spaces/space-id.ts';
import { makeRefundPolicyPdf } from '../../slack/support/slack-test-documents.ts';
import { startSlackTestApp, type SlackTestApp } from '../../slack/support/slack-test-app.ts';

// test/slack/slack-adapter.test.ts refuses a `url_private_download` on a host that is not a Slack file
// host. Here: every other way a file object or a file host could steer the bot token somewhere else.
// SLACK_FILE_HOSTS is "127.0.0.1" (any port), so the fake Slack API and the servers below acting as
// Slack file hosts are allowed; "elsewhere" listens on [::1], a different host that is not allowed
// but reachable (the control at the end downloads from it once it is allowed).

interface RecordingServer {
  url: string;
  host: string;
  requests: Array<{ path: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

interface ServerReply {
  status: number;
  headers?: Record<string, string>;
  body?: Uint8Array;
}

async function recordingServer(host: string, respond: (path: string, headers: IncomingHttpHeaders) => ServerReply): Promise<RecordingServer> {
  const requests: RecordingServer['requests'] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, headers: request.headers });
    const reply = respond(path, request.headers);
    response.writeHead(reply.status, reply.headers).end(reply.body);
  });
  await new Promise<void>(resolve => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const hostPort = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  return {
    url: `http://${hostPort}`,
    host: hostPort,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise(resolve => server.close(() => resolve()));
    },
  };
}

describe('the Slack bot token stays with Slack', () => {
  let slack: SlackTestApp;
  let pdf: Uint8Array;
  let elsewhere: RecordingServer;
  let edge: RecordingServer;
  let fileHost: RecordingServer;
  const token = () => slack.fake.botToken;
  const sawToken = (server: RecordingServer) => server.requests.some(request => JSON.stringify(request.headers).includes(token()));

  beforeAll(async () => {
    pdf = await makeRefundPolicyPdf();
    slack = await startSlackTestApp({ env: { SLACK_FILE_HOSTS: '127.0.0.1' } });
    elsewhere = await recordingServer('::1', () => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: pdf }));
    // An "edge" host that serves the bytes to anyone holding the URL, as Slack's CDN hosts do after a redirect.
    edge = await recordingServer('127.0.0.1', () => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: pdf }));
    // A Slack file host that checks the token (as Slack does), then redirects to where the path says.
    fileHost = await recordingServer('127.0.0.1', (path, headers): ServerReply => {
      if (headers.authorization !== `Bearer ${token()}`) return { status: 403 };
      if (path.startsWith('/to-elsewhere/')) return { status: 302, headers: { location: `${elsewhere.url}/stolen.pdf` } };
      if (path.startsWith('/to-edge/')) return { status: 302, headers: { location: `${edge.url}/cdn/refund.pdf` } };
      if (path.startsWith('/to-self/')) return { status: 301, headers: { location: '/direct/refund.pdf' } };
      return { status: 200, headers: { 'content-type': 'application/pdf' }, body: pdf };
    });
  });

  afterAll(async () => {
    await slack?.close();
    await Promise.all([elsewhere?.close(), edge?.close(), fileHost?.close()]);
  });

  /** Shares `file` in its own channel and resolves with the documents that channel has afterwards. */
  async function share(channel: string, file: Record<string, unknown>) {
    const { status } = await slack.sendEvent({
      type: 'message',
      subtype: 'file_share',
      channel,
      channel_type: 'channel',
      user: 'UALICE',
      text: '',
      ts: slack.fake.nextTs(),
      files: [file],
    });
    expect(status).toBe(200);
    await slack.adapter.whenIdle();
    const replies = slack.fake.messages
      .filter(message => message.channel === channel && message.user === slack.fake.botUserId)
      .map(message => message.text ?? '');
    return { documents: await slack.app.listDocuments(parseSpaceId(`slack:T1:${channel}`)), replies };
  }
  const hosted = (id: string, urls: Record<string, string>) => ({
    id,
    name: `${id}.pdf`,
    mimetype: 'application/pdf',
    filetype: 'pdf',
    mode: 'hosted',
    ...urls,
  });

  it('does not send it to a url_private on another host', async () => {
    const { documents, replies } = await share('C11', hosted('FPRIVATE', { url_private: `${elsewhere.url}/FPRIVATE.pdf` }));
    expect(documents).toEqual([]);
    expect(replies.join('\n')).toMatch(/own file storage/);
    expect(elsewhere.requests).toEqual([]);
  });

  it('does not send it to a host that files.info names for a Slack Connect stub', async () => {
    const unscript = slack.fake.script(call =>
      call.method === 'files.info' && call.params.file === 'FSTUB'
        ? { body: { ok: true, file: hosted('FSTUB', { url_private_download: `${elsewhere.url}/FSTUB.pdf` }) } }
        : undefined,
    );
    try {
      const { documents } = await share('C12', { id: 'FSTUB', file_access: 'check_file_info', mode: 'hosted' });
      expect(documents).toEqual([]);
      expect(slack.fake.callsTo('files.info').some(call => call.params.file === 'FSTUB')).toBe(true);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      unscript();
    }
  });

  it('does not follow a redirect from a Slack file host to another host', async () => {
    const { documents, replies } = await share('C13', hosted('FREDIRECT', { url_private_download: `${fileHost.url}/to-elsewhere/FREDIRECT.pdf` }));
    expect(fileHost.requests.some(request => request.path.startsWith('/to-elsewhere/'))).toBe(true);
    expect(documents).toEqual([]);
    expect(replies.join('\n')).toMatch(/own file storage/);
    expect(elsewhere.requests).toEqual([]);
  });

  it('drops the token when a redirect moves to another allowed host, and keeps it on the same host', async () => {
    const viaEdge = await share('C14', hosted('FEDGE', { url_private_download: `${fileHost.url}/to-edge/FEDGE.pdf` }));
    expect(viaEdge.documents.map(document => document.status)).toEqual(['ready']);
    expect(edge.requests.length).toBe(1);
    expect(edge.requests[0].headers.authorization).toBeUndefined();
    expect(sawToken(edge)).toBe(false);

    const sameHost = await share('C15', hosted('FSELF', { url_private_download: `${fileHost.url}/to-self/FSELF.pdf` }));
    expect(sameHost.documents.map(document => document.status)).toEqual(['ready']);
    expect(fileHost.requests.filter(request => request.path === '/direct/refund.pdf').map(request => request.headers.authorization)).toEqual([
      `Bearer ${token()}`,
    ]);
  });

  it('refuses plain http and look-alike host names before connecting anywhere', async () => {
    const allowedHosts = ['files.slack.com', '*.slack-edge.com'];
    const attempts = [
      'http://files.slack.com/files-pri/T1-F1/report.pdf',
      'https://files.slack.com.evil.test/report.pdf',
      'https://files.slack.com@evil.test/report.pdf',
      'https://evil.test/files.slack.com/report.pdf',
      'https://evilslack-edge.com/report.pdf',
      'https://slack-edge.com.evil.test/report.pdf',
      'file:///etc/passwd',
      'ftp://files.slack.com/report.pdf',
      'not a url',
    ];
    for (const url of attempts) {
      await expect(downloadToFile(url, { allowedHosts, headers: { Authorization: `Bearer ${token()}` }, maxBytes: 1024 }), url).rejects.toMatchObject({
        code: 'download_refused',
      });
    }
  });

  it('reaches the other host once it is allowed (the control: the refusals above are the host check)', async () => {
    const downloaded = await downloadToFile(`${elsewhere.url}/allowed.pdf`, {
      allowedHosts: [elsewhere.host],
      maxBytes: 10 * 1024 * 1024,
      allowInsecureLoopback: true,
    });
    try {
      expect(downloaded.bytes).toBe(pdf.length);
      expect(elsewhere.requests.map(request => request.path)).toEqual(['/allowed.pdf']);
    } finally {
      await downloaded.remove();
    }
  });
});
