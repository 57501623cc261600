import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handbookFacts, makeHandbookPdf } from './support/handbook-pdf.ts';
import { filesForm, startWebTestServer, type WebTestServer } from './support/web-test-server.ts';

const apiKey = 'settings-test-key-0123456789';
let web: WebTestServer;

const settingsOf = (space: string, init: RequestInit = {}) => web.request(`/v1/spaces/${encodeURIComponent(space)}/settings`, init);
const patch = (space: string, body: unknown, contentType = 'application/json') =>
  settingsOf(space, { method: 'PATCH', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) });

beforeAll(async () => {
  web = await startWebTestServer({ apiKey });
  const finished = web.nextFinished();
  const response = await web.request('/v1/spaces/handbook/documents', {
    method: 'POST',
    body: filesForm([{ name: 'handbook.pdf', bytes: await makeHandbookPdf() }]),
  });
  expect(response.status).toBe(202);
  expect((await finished).outcome.status).toBe('ready');
});
afterAll(() => web?.close());

describe('space settings API', () => {
  it('reads the defaults, changes some settings, and keeps every space apart', async () => {
    expect(await (await settingsOf('handbook')).json()).toEqual({ visibility: 'thread', citedOnly: false, questionsPerUserPerMinute: null });
    const changed = await patch('handbook', { visibility: 'private', questionsPerUserPerMinute: 5 });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ visibility: 'private', citedOnly: false, questionsPerUserPerMinute: 5 });
    expect(await (await patch('handbook', { citedOnly: true, questionsPerUserPerMinute: null })).json()).toEqual({
      visibility: 'private',
      citedOnly: true,
      questionsPerUserPerMinute: null,
    });
    expect(await (await settingsOf('handbook')).json()).toEqual({ visibility: 'private', citedOnly: true, questionsPerUserPerMinute: null });
    // `handbook` is `web:handbook`; a chat space is configured by its full id, and neither affects the other.
    expect(await (await patch('slack:T1:C1', { visibility: 'private' })).json()).toMatchObject({ visibility: 'private', citedOnly: false });
    expect(await (await settingsOf('web:handbook')).json()).toMatchObject({ citedOnly: true });
    expect(await (await settingsOf('other')).json()).toEqual({ visibility: 'thread', citedOnly: false, questionsPerUserPerMinute: null });
  });

  it('refuses unknown settings and wrong values with 400 and a message saying what is allowed', async () => {
    const refused = async (body: unknown, contentType?: string) => {
      const response = await patch('refusals', body, contentType);
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { code: string; message: string } }).error;
    };
    expect(await refused({ visibility: 'loud' })).toEqual({
      code: 'input_invalid',
      message: expect.stringMatching(/^Visibility must be "thread" .* or "private"/),
    });
    expect((await refused({ citedOnly: 'yes' })).message).toBe('Cited-only must be on or off (true or false).');
    expect((await refused({ questionsPerUserPerMinute: 0 })).message).toMatch(/from 1 to 1000, or off \(null\)/);
    expect((await refused({ questionsPerUserPerMinute: 2.5 })).message).toMatch(/whole number/);
    expect((await refused({ colour: 'blue' })).message).toBe(
      'There is no setting called "colour"; the settings are visibility, citedOnly and questionsPerUserPerMinute.',
    );
    expect((await refused(['visibility'])).message).toBe('Send the settings to change as an object, e.g. {"visibility": "private"}.');
    expect((await refused('visibility=private', 'application/x-www-form-urlencoded')).message).toMatch(/Content-Type: application\/json/);
    // Nothing was stored by the refused changes.
    expect(await (await settingsOf('refusals')).json()).toEqual({ visibility: 'thread', citedOnly: false, questionsPerUserPerMinute: null });
  });

  it('needs the API key like every other space route', async () => {
    const url = `${web.baseUrl}/v1/spaces/handbook/settings`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"visibility":"thread"}' })).status).toBe(401);
    expect(await (await settingsOf('handbook')).json()).toMatchObject({ visibility: 'private' });
  });

  it('reports the delivery the settings give an answer', async () => {
    const ask = (space: string) =>
      web.request(`/v1/spaces/${space}/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: handbookFacts.question }),
      });
    await patch('handbook', { visibility: 'private', citedOnly: false });
    expect(await (await ask('handbook')).json()).toMatchObject({ outcome: 'answered', delivery: 'private' });
    await patch('handbook', { visibility: 'thread' });
    expect(await (await ask('handbook')).json()).toMatchObject({ outcome: 'answered', delivery: 'thread' });
    expect(await (await ask('nothing-here')).json()).toMatchObject({ outcome: 'no_documents', delivery: 'thread' });
  });
});
