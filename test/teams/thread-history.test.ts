import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Activity } from '@microsoft/agents-activity';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ingestSummaryMessage } from '../../adapters/teams/cards/ingest-summary-card.ts';
import type { GraphThreadMessage } from '../../adapters/teams/graph/graph-client.ts';
import { threadTurns } from '../../adapters/teams/graph/thread-turns.ts';
import { SeenTurns } from '../../adapters/teams/seen-turns.ts';
import { readTeamsTurn } from '../../adapters/teams/teams-turn.ts';
import { SqliteStateStore } from '../../src/state/sqlite-state-store.ts';
import { channelMessage, groupChatMessage, personalMessage } from './support/teams-activities.ts';

const botAppId = '0f6a1b2c-3d4e-4f50-8a9b-0c1d2e3f4a5b';
const folio = { application: { id: botAppId, displayName: 'Folio' }, user: null };
const grace = { user: { id: 'aad-grace', displayName: 'Grace Hopper' }, application: null };
const botMention = { id: 0, mentioned: { application: { id: botAppId, displayName: 'Folio' }, user: null } };

/** An answer card as Folio posted answers before they became Markdown messages (its answer TextBlock has the id `folio-answer`). */
function legacyAnswerCard(text: string) {
  return {
    type: 'AdaptiveCard',
    version: '1.5',
    body: [
      { type: 'TextBlock', id: 'folio-answer', text, wrap: true },
      { type: 'TextBlock', text: '**Sources**' },
    ],
    actions: [],
  };
}

function message(id: number, fields: Partial<GraphThreadMessage>): GraphThreadMessage {
  return { id: String(id), messageType: 'message', from: grace, body: { contentType: 'html', content: '' }, ...fields };
}

describe('a channel thread read through Graph, as conversation turns', () => {
  const thread: GraphThreadMessage[] = [
    // Out of order on purpose: Graph lists replies newest first and the root separately.
    message(1_700_000_000_300, {
      from: folio,
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: JSON.stringify(legacyAnswerCard('Employees get **31 days** [1].')) }],
    }),
    message(1_700_000_000_100, {
      body: { contentType: 'html', content: '<div><div><at id="0">Folio</at>&nbsp;How many vacation days &amp; holidays?</div></div>' },
      mentions: [botMention],
    }),
    message(1_700_000_000_200, {
      from: folio,
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: JSON.stringify(
            ingestSummaryMessage([{ documentId: 'd', name: 'a.pdf', pages: 1, status: 'ready', duplicate: false }], '@Folio').attachments![0].content,
          ),
        },
      ],
    }),
    // An answer message: Markdown text, which Graph returns as HTML.
    message(1_700_000_000_350, { from: folio, body: { contentType: 'html', content: '<p>Managers get <strong>two more</strong> [1].</p>' } }),
    message(1_700_000_000_400, {
      body: { contentType: 'html', content: '<p>Ask <at id="1">Ada Lovelace</at>, she knows.</p><p>It is per calendar year.</p>' },
      mentions: [{ id: 1, mentioned: { user: { id: 'aad-ada', displayName: 'Ada Lovelace' }, application: null } }],
    }),
    message(1_700_000_000_450, {
      from: { application: { id: 'another-app', displayName: 'Polly' }, user: null },
      body: { contentType: 'html', content: 'Vote now!' },
    }),
    message(1_700_000_000_500, { messageType: 'systemEventMessage', from: null, body: { contentType: 'html', content: '<systemEventMessage/>' } }),
    message(1_700_000_000_600, { deletedDateTime: '2023-11-14T22:13:20.600Z', body: { contentType: 'html', content: '' } }),
    message(1_700_000_000_700, { body: { contentType: 'html', content: '<at id="0">Folio</at> and how is it carried over?' }, mentions: [botMention] }),
    message(1_700_000_000_800, { body: { contentType: 'html', content: 'A later message' } }),
  ];

  it('keeps people’s words and Folio’s answers in order, before the question, without the bot’s mention', () => {
    expect(threadTurns(thread, { beforeMessageId: '1700000000700', botAppId })).toEqual([
      { role: 'user', text: 'How many vacation days & holidays?' },
      { role: 'assistant', text: 'Employees get **31 days** [1].' },
      { role: 'assistant', text: 'Managers get two more [1].' },
      { role: 'user', text: 'Ask Ada Lovelace, she knows. It is per calendar year.' },
    ]);
  });

  it('takes no app’s messages as Folio’s when the bot’s app id is unknown, and keeps only the last turns, each bounded', () => {
    expect(threadTurns(thread, { beforeMessageId: '1700000000700' }).map(turn => turn.role)).toEqual(['user', 'user']);
    const long = Array.from({ length: 30 }, (_, index) =>
      message(1_700_000_001_000 + index, { body: { contentType: 'html', content: `turn ${index} ${'x'.repeat(3_000)}` } }),
    );
    const turns = threadTurns(long, { beforeMessageId: '1700000002000', botAppId });
    expect(turns).toHaveLength(12);
    expect(turns[0].text.startsWith('turn 18 ')).toBe(true);
    expect(Math.max(...turns.map(turn => turn.text.length))).toBe(2_000);
  });
});

describe('the turns Folio saw (state store)', () => {
  let dataDir: string;
  let state: SqliteStateStore;
  let nowMs: number;
  let seen: SeenTurns;
  const serviceUrl = 'https://smba.trafficmanager.net/amer/';
  const turnOf = (raw: object) => readTeamsTurn(Activity.fromObject(raw));

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-seen-turns-'));
    state = new SqliteStateStore({ dataDir });
    nowMs = Date.parse('2025-03-01T09:00:00Z');
    seen = new SeenTurns(state, () => nowMs);
  });
  afterEach(async () => {
    await state.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps each channel thread apart, and the last twelve turns of it', async () => {
    const channel = { teamId: '19:team@thread.tacv2', channelId: '19:general@thread.tacv2' };
    const first = turnOf(channelMessage(serviceUrl, { ...channel, rootId: '1700000000001' }, { mention: true, text: 'q' }));
    const other = turnOf(channelMessage(serviceUrl, { ...channel, rootId: '1700000000002' }, { mention: true, text: 'q' }));
    for (let index = 1; index <= 8; index++) await seen.add(first, `question ${index}`, `answer ${index}`);
    await seen.add(other, 'other thread', 'other answer');
    nowMs += 3 * 24 * 3600_000; // a thread is one conversation however long it pauses
    const history = await seen.recent(first);
    expect(history).toHaveLength(12);
    expect(history[0]).toEqual({ role: 'user', text: 'question 3' });
    expect(history.at(-1)).toEqual({ role: 'assistant', text: 'answer 8' });
    expect(await seen.recent(other)).toEqual([
      { role: 'user', text: 'other thread' },
      { role: 'assistant', text: 'other answer' },
    ]);
  });

  it('in a chat without threads, follows up only on what was asked in the last hour', async () => {
    const chat = turnOf(personalMessage(serviceUrl, { chatId: 'a:1ada', text: 'q' }));
    await seen.add(chat, 'yesterday’s question', 'yesterday’s answer');
    nowMs += 61 * 60_000;
    await seen.add(chat, 'How many vacation days?', 'Thirty-one.');
    nowMs += 5 * 60_000;
    expect(await seen.recent(chat)).toEqual([
      { role: 'user', text: 'How many vacation days?' },
      { role: 'assistant', text: 'Thirty-one.' },
    ]);
    // A group chat is another conversation: nothing carries over.
    expect(await seen.recent(turnOf(groupChatMessage(serviceUrl, '19:g@thread.v2', { mention: true, text: 'q' })))).toEqual([]);
  });
});
