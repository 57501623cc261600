import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../documents/types.ts';
import { documentsByKind } from './documents-by-kind.ts';

const file = (name: string, mime: string) => ({ id: name, name, mime }) as DocumentRecord;
const deck = file('ONLYOFFICE-Beispielpräsentation.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation');
const workbook = file('ONLYOFFICE-Beispiel-Tabellenblatt.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
const manual = file('ZugferdDev.de.pdf', 'application/pdf');
const names = (question: string, named = [deck, workbook, manual]) => documentsByKind(question, named).map(record => record.name);

describe('documentsByKind', () => {
  it('keeps the named documents of the kind of file a question calls them', () => {
    expect(names('In the German ONLYOFFICE slides, how did samurai challenge an opponent?')).toEqual([deck.name]);
    expect(names('Wie viele Goldmedaillen stehen im ONLYOFFICE-Tabellenblatt?')).toEqual([workbook.name]);
    expect(names('Welke landen staan in het Excel-bestand van ONLYOFFICE?')).toEqual([workbook.name]);
  });

  it('keeps them all when the question calls them no kind, or a kind none of them is', () => {
    expect(names('What do the ONLYOFFICE files say about peace?')).toEqual([deck.name, workbook.name, manual.name]);
    expect(names('Which medals does the ONLYOFFICE table list?')).toEqual([deck.name, workbook.name, manual.name]);
    expect(names('What is on the first slide?', [manual])).toEqual([manual.name]);
  });
});
