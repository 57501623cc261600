import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../../src/answer/types.ts';
import { loadConfig } from '../../src/config.ts';
import type { AskOutcome } from '../../src/conversation/ask-outcome.ts';
import { createFolio } from '../../src/folio.ts';
import type { Folio } from '../../src/folio-api.ts';
import { parseSpaceId } from '../../src/spaces/space-id.ts';
import { makeTestPdf } from '../support/layout/make-test-pdf.ts';

const channel = parseSpaceId('slack:T1:CFOCUS');
const onePage = (lines: string[]) => makeTestPdf([{ texts: lines.map((text, index) => ({ text, x: 72, top: 100 + index * 20, size: 12 })) }]);
/** A PDF of one page per list of lines, each line under the one before. */
const pagesOf = (pages: string[][]) =>
  makeTestPdf(pages.map(lines => ({ texts: lines.map((text, index) => ({ text, x: 72, top: 80 + index * 20, size: 12 })) })));
const answerOf = (outcome: AskOutcome): Answer => {
  if (!('answer' in outcome)) throw new Error(`no answer: ${outcome.kind}`);
  return outcome.answer;
};

/** Questions focused on the documents of their thread, or on documents the caller names, widened when those do not answer. */
describe('question focus in Folio.ask', () => {
  let dataDir: string;
  let folio: Folio;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-focus-'));
    folio = createFolio(loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent', FOLIO_OCR: 'off' }));
    const files = [
      { name: 'north-office.pdf', ts: '100.1', lines: ['North office guide.', 'The canteen opens at eight in the morning.'] },
      { name: 'south-office.pdf', ts: '200.2', lines: ['South office guide.', 'The canteen opens at nine in the morning.'] },
      { name: 'parking.pdf', ts: '300.3', lines: ['Parking rules.', 'Visitors park on level two of the garage.'] },
    ];
    for (const file of files) {
      const path = join(dataDir, file.name);
      await writeFile(path, await onePage(file.lines));
      const [outcome] = await folio.ingestFiles([{ path, name: file.name }], channel, { source: { platform: 'slack', messageRef: `CFOCUS:${file.ts}` } });
      expect(outcome.status).toBe('ready');
      ids[file.name] = outcome.documentId;
    }
  }, 90_000);
  afterAll(async () => {
    await folio?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const ask = (question: string, focus?: { threadRef?: string; documents?: string[] }) => folio.ask({ spaces: [channel], question, focus });

  it('answers a question in a file’s thread from that file', async () => {
    const south = answerOf(await ask('When does the canteen open?', { threadRef: 'CFOCUS:200.2' }));
    expect(south.answer).toContain('nine');
    expect(south.citations.map(citation => citation.documentId)).toEqual([ids['south-office.pdf']]);
    expect(south.focus).toEqual({ documents: [{ id: ids['south-office.pdf'], name: 'south-office.pdf' }], reason: 'thread', widened: false });

    const north = answerOf(await ask('When does the canteen open?', { threadRef: 'CFOCUS:100.1' }));
    expect(north.answer).toContain('eight');
    expect(north.citations.every(citation => citation.documentId === ids['north-office.pdf'])).toBe(true);
  });

  it('widens to the whole space when the thread’s file does not answer, and says where the answer came from', async () => {
    const answer = answerOf(await ask('Where do visitors park?', { threadRef: 'CFOCUS:100.1' }));
    expect(answer.grounded).toBe(true);
    expect(answer.answer).toContain('level two');
    expect(answer.focus).toMatchObject({ reason: 'thread', widened: true });
    expect(answer.notes).toContain('Not in **north-office.pdf**; found in **parking.pdf**.'.replaceAll('**', ''));
  });

  it('does not widen to a file that only shares a word with the question', async () => {
    // parking.pdf holds "visitors" and nothing else asked for: no answer found elsewhere.
    const answer = answerOf(await ask('Who books the meeting rooms and the catering for visitors?', { threadRef: 'CFOCUS:100.1' }));
    expect(answer.grounded).toBe(false);
    expect(answer.focus).toMatchObject({ reason: 'thread', widened: true });
    expect(answer.citations).toEqual([]);
    expect(answer.closest.every(section => section.document === 'north-office.pdf')).toBe(true);
  });

  it('says "not found" from the thread’s file, with its closest sections, when the whole space does not answer either', async () => {
    const answer = answerOf(await ask('Does the canteen serve Lebanese food?', { threadRef: 'CFOCUS:100.1' }));
    expect(answer.grounded).toBe(false);
    expect(answer.focus).toMatchObject({ reason: 'thread', widened: true });
    expect(answer.closest.length).toBeGreaterThan(0);
    expect(answer.closest.every(section => section.document === 'north-office.pdf')).toBe(true);
    expect(answer.answer).toContain('The documents never mention Lebanese.');
  });

  it('asks the whole space at the top level, and focuses on documents a caller names (by name or id)', async () => {
    const top = answerOf(await ask('When does the canteen open?'));
    expect(top.focus).toBeUndefined();
    expect(new Set(top.context.map(entry => entry.documentId))).toEqual(new Set([ids['north-office.pdf'], ids['south-office.pdf']]));

    const named = answerOf(await ask('When does the canteen open?', { documents: ['North-Office.pdf'] }));
    expect(named.answer).toContain('eight');
    expect(named.focus).toMatchObject({ reason: 'request', widened: false, documents: [{ name: 'north-office.pdf' }] });
    expect(answerOf(await ask('When does the canteen open?', { documents: [ids['south-office.pdf']] })).answer).toContain('nine');
  });

  it('searches a follow-up with the words of the question before it, and says how it was rewritten', async () => {
    const history = [
      { role: 'user' as const, text: 'When does the canteen open in the north office?' },
      { role: 'assistant' as const, text: 'The canteen opens at eight in the morning. [1]' },
    ];
    const followUp = answerOf(await folio.ask({ spaces: [channel], question: 'And in the south office?', history }));
    expect(followUp.rewritten).toBe('And in the south office? canteen open north');
    expect(followUp.answer).toContain('nine');
    expect(answerOf(await folio.ask({ spaces: [channel], question: 'Where do visitors park in the garage?', history })).rewritten).toBeUndefined();
    // The document the question before named stays the focus of a follow-up that leans on it.
    const same = answerOf(await folio.ask({ spaces: [channel], question: 'Is it in the morning?', history }));
    expect(same.focus).toMatchObject({ reason: 'follow-up', documents: [{ name: 'north-office.pdf' }] });
  });

  it('focuses a thread whose first message names a document instead of sharing it', async () => {
    const history = [{ role: 'user' as const, text: 'Please read south-office.pdf before the visit on Monday.' }];
    const inThread = answerOf(
      await folio.ask({ spaces: [channel], question: 'When does the canteen open?', history, focus: { threadRef: 'CFOCUS:555.5', inThread: true } }),
    );
    expect(inThread.focus).toMatchObject({ reason: 'thread', documents: [{ name: 'south-office.pdf' }] });
    expect(inThread.answer).toContain('nine');
    // Not a reply in a thread (a chat without threads): an earlier message names nothing for this one.
    const flat = answerOf(await folio.ask({ spaces: [channel], question: 'When does the canteen open?', history, focus: { threadRef: 'CFOCUS:555.5' } }));
    expect(flat.focus).toBeUndefined();
  });

  it('focuses a reply in a thread on the documents Folio’s earlier answer there cited', async () => {
    const thread = { threadRef: 'CFOCUS:700.7' };
    // The thread's first question, at the channel's top level, named its document by request.
    const first = answerOf(await ask('When does the canteen open?', { ...thread, documents: ['south-office.pdf'] }));
    expect(first.citations.map(citation => citation.documentId)).toEqual([ids['south-office.pdf']]);
    const history = [
      { role: 'user' as const, text: 'When does the canteen open?' },
      { role: 'assistant' as const, text: first.answer },
    ];
    const reply = answerOf(await folio.ask({ spaces: [channel], question: 'When does the canteen open?', history, focus: { ...thread, inThread: true } }));
    expect(reply.focus).toEqual({ documents: [{ id: ids['south-office.pdf'], name: 'south-office.pdf' }], reason: 'thread', widened: false });
    expect(reply.answer).toContain('nine');
    // An answer that widened to another document is what the thread was answered from next.
    const parking = answerOf(
      await folio.ask({ spaces: [channel], question: 'Where do visitors park in the garage?', history, focus: { ...thread, inThread: true } }),
    );
    expect(parking.focus).toMatchObject({ widened: true });
    expect(parking.answer).toContain('level two');
    const after = answerOf(await folio.ask({ spaces: [channel], question: 'When does the canteen open?', history, focus: { ...thread, inThread: true } }));
    expect(after.focus).toMatchObject({ reason: 'thread', documents: [{ name: 'parking.pdf' }] });
    // Another thread, or the top level, is not focused by it.
    expect(
      answerOf(await folio.ask({ spaces: [channel], question: 'When does the canteen open?', history, focus: { threadRef: 'CFOCUS:800.8', inThread: true } }))
        .focus,
    ).toBeUndefined();
  });

  it('refuses a named document the space does not hold, and ignores a thread that shared none', async () => {
    await expect(ask('When does the canteen open?', { documents: ['west-office.pdf'] })).rejects.toMatchObject({ code: 'document_not_found' });
    expect(answerOf(await ask('When does the canteen open?', { threadRef: 'CFOCUS:999.9' })).focus).toBeUndefined();
  });

  /** Writes `pdf` as `name`, ingests it from the command line (no chat message) and returns its ready record. */
  const ingestFromCli = async (name: string, pdf: Uint8Array) => {
    const path = join(dataDir, name);
    await writeFile(path, pdf);
    const [outcome] = await folio.ingestFiles([{ path, name }], channel, { source: { platform: 'cli' } });
    expect(outcome.status).toBe('ready');
    return (await folio.listDocuments(channel)).find(record => record.id === outcome.documentId)!;
  };

  it('focuses a question on a document named by its printed title, whatever its file is called', async () => {
    const body = ['Bicycles are kept in the shed behind building C.', 'The shed is locked at ten in the evening.', 'Ask reception for a key.'];
    const record = await ingestFromCli(
      'scan-0042.pdf',
      await makeTestPdf([
        {
          texts: [
            { text: 'Bicycle Storage Guidelines', x: 72, top: 80, size: 28 },
            ...body.map((text, index) => ({ text, x: 72, top: 160 + index * 20, size: 12 })),
          ],
        },
      ]),
    );
    expect(record.title).toBe('Bicycle Storage Guidelines');
    const byTitle = answerOf(await ask('When is the shed locked, according to the bicycle storage guidelines?'));
    expect(byTitle.focus).toMatchObject({ reason: 'named', documents: [{ name: 'scan-0042.pdf' }] });
    expect(byTitle.answer).toContain('ten in the evening');
  });

  it('focuses a question on the document written in the language it names', async () => {
    const lines = ['Hinweise für Besucher.', 'Besucher parken im Parkhaus auf Ebene drei, nicht auf Ebene zwei.', 'Der Schlüssel liegt am Empfang.'];
    await ingestFromCli('hinweise.pdf', await onePage(lines));
    // "German" says what the document is written in; its pages need not name it.
    const byLanguage = answerOf(await ask('On which level of the parkhaus do visitors park, according to the German document?'));
    expect(byLanguage.focus).toMatchObject({ reason: 'named', documents: [{ name: 'hinweise.pdf' }] });
    expect(byLanguage.focus?.widened).toBeFalsy();
    expect(byLanguage.answer).toContain('Ebene drei');
  });

  it('tells a document’s language by its whole text, not by a cover in another language', async () => {
    const cover = [
      'Annual report of the Northern Water Board for the year 2023, prepared for the members',
      'of the general assembly and for the provinces that fund the work of the board on the dikes,',
      'the pumping stations and the quality of the surface water in the whole of the region.',
      'This cover is written in English for the partners of the board; the report itself follows',
      'in the language of the board and of the provinces that it serves, with the figures of the year.',
    ];
    const body = [
      'Het waterschap heeft in 2023 de dijk bij Harlingen versterkt en de oevers hersteld.',
      'De gemalen hebben samen 41 miljoen kubieke meter water uitgeslagen naar de zee.',
      'Het bestuur is zes keer bijeengekomen en heeft de begroting voor het volgende jaar vastgesteld.',
      'De kwaliteit van het oppervlaktewater is in de meeste meren en sloten van de regio verbeterd.',
      'Voor het komende jaar wil het waterschap de gemalen bij de kust vervangen door zuinigere pompen.',
    ];
    const more = [
      'In de zomer was het droog en zijn er beregeningsverboden ingesteld voor een deel van de polders.',
      'De kosten van het beheer zijn gestegen door de hogere prijzen van energie en van bouwmaterialen.',
      'Het waterschap heeft met de provincies afspraken gemaakt over de verdeling van die kosten.',
      'De leden van het algemeen bestuur zijn tevreden over de samenwerking met de gemeenten in de regio.',
    ];
    const record = await ingestFromCli('waterschap-2023.pdf', await pagesOf([cover, body, more]));
    expect(record.language).toBe('nl');
    const byLanguage = answerOf(await ask('How much water did the gemalen pump, according to the Dutch report?'));
    expect(byLanguage.focus).toMatchObject({ reason: 'named', documents: [{ name: 'waterschap-2023.pdf' }] });
    expect(byLanguage.answer).toContain('41 miljoen');
  });

  it('focuses a question on a document named by the words its first page opens with when it prints no title', async () => {
    const cover = ['IMPROVING THE ALLOCATION OF VISITOR PARKING AT THE WEST CAMPUS', 'HEARING', 'Before the facilities committee'];
    const record = await ingestFromCli('scan-0043.pdf', await pagesOf([cover, ['Visitors may park in lot 4 after six in the evening.']]));
    expect(record.title).toBeUndefined();
    expect(record.opening).toMatch(/^IMPROVING THE ALLOCATION OF VISITOR PARKING AT THE WEST CAMPUS HEARING/);
    const byOpening = answerOf(await ask('Where may visitors park, according to the hearing on the allocation of visitor parking?'));
    expect(byOpening.focus).toMatchObject({ reason: 'named', documents: [{ name: 'scan-0043.pdf' }] });
    expect(byOpening.answer).toContain('lot 4');
  });

  it('focuses a question on the one document whose pages keep naming what it asks about', async () => {
    const cover = [
      'This annual review sets out how the regional transport authority spent its budget,',
      'which routes it opened and closed, how punctual its trains and buses were,',
      'and what passengers told the authority in the yearly satisfaction survey.',
      'Each chapter covers one part of the network and ends with the targets for next year.',
      'Figures are given for the calendar year unless a chapter says otherwise.',
      'The review was approved by the board of the authority in its spring meeting.',
    ];
    const later = [
      'The Kestrel depot took over the maintenance of the northern bus fleet.',
      'Kestrel engineers replaced the brakes of forty buses in March.',
      'A second workshop at Kestrel opened for electric buses in October.',
    ];
    const record = await ingestFromCli('review-2023.pdf', await pagesOf([cover, ...later.map(text => [text])]));
    expect(record.opening).not.toContain('Kestrel');
    const byPages = answerOf(await ask('When did the second Kestrel workshop open?'));
    expect(byPages.focus).toMatchObject({ reason: 'named', documents: [{ name: 'review-2023.pdf' }] });
    expect(byPages.answer).toContain('October');
  });
});
