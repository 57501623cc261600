import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../documents/types.ts';
import type { SpaceId } from '../spaces/space-id.ts';
import type { SpaceWords } from './named-documents.ts';
import { questionFocus } from './question-focus.ts';

const space = 'slack:T1:C1' as SpaceId;
const deckMime = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const sheetMime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const file = (name: string, mime: string, language: string) => ({ id: name, name, mime, language, source: { platform: 'cli' } }) as DocumentRecord;
const ready = [
  file('q3-board.pptx', deckMime, 'en'),
  file('q3-board.xlsx', sheetMime, 'en'),
  file('Beispielpräsentation.pptx', deckMime, 'de'),
  file('Beispiel-Tabellenblatt.xlsx', sheetMime, 'de'),
  file('Benutzerhandbuch.pdf', 'application/pdf', 'de'),
  file('annual-report.pdf', 'application/pdf', 'en'),
];
const nothingHeld: SpaceWords = { documentsHolding: async words => new Map(words.map(word => [word, 0])), pagesHolding: async () => new Map() };
const focused = async (question: string) => (await questionFocus({ question }, ready, space, nothingHeld))?.documents.map(record => record.name);

describe('questionFocus', () => {
  it('narrows the documents a question names to the kind of file it calls them', async () => {
    expect(await focused('What was the churn rate in the q3-board slides?')).toEqual(['q3-board.pptx']);
    expect(await focused('What was the churn rate in the q3-board spreadsheet?')).toEqual(['q3-board.xlsx']);
    expect(await focused('What was the churn rate in q3-board?')).toEqual(['q3-board.pptx', 'q3-board.xlsx']);
  });

  it('narrows the documents a shared name word names together to the kind of file asked for', async () => {
    const templates = [file('ONLYOFFICE-Beispielpräsentation.pptx', deckMime, 'de'), file('ONLYOFFICE-Beispiel-Tabellenblatt.xlsx', sheetMime, 'de'), ...ready];
    const focusedOn = async (question: string) => (await questionFocus({ question }, templates, space, nothingHeld))?.documents.map(record => record.name);
    expect(await focusedOn('Wer hat die ONLYOFFICE-Präsentation erstellt und wann?')).toEqual(['ONLYOFFICE-Beispielpräsentation.pptx']);
    expect(await focusedOn('What do the ONLYOFFICE files say about peace?')).toEqual([
      'ONLYOFFICE-Beispielpräsentation.pptx',
      'ONLYOFFICE-Beispiel-Tabellenblatt.xlsx',
    ]);
  });

  it('narrows the documents a question names by their language to the kind of file it calls them', async () => {
    expect(await focused('In the German slides, how did samurai challenge an opponent?')).toEqual(['Beispielpräsentation.pptx']);
    expect(await focused('What does the German document say about invoices?')).toEqual([
      'Beispielpräsentation.pptx',
      'Beispiel-Tabellenblatt.xlsx',
      'Benutzerhandbuch.pdf',
    ]);
  });
});
