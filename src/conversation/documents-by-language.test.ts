import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../documents/types.ts';
import { documentsByLanguage } from './documents-by-language.ts';

const opened = (name: string, opening: string) => ({ id: name, name, opening }) as DocumentRecord;
const ready = [
  opened('normal_4pages.pdf', '제1695호 발행일 2020년 4월 2일 이슈와 논점 코로나-19 관련 보험약관상 재해보험금 지급문제 및 개선과제 (COVID-19)'),
  opened('right_to_left_01.pdf', 'تحسين الإنتاجية وحل المشكلات من خلال البرمجة بلغة R و Python'),
  opened('Regulation Best Interest_proposed rule.pdf', 'Securities and Exchange Commission. Regulation Best Interest. The Commission is proposing a new rule.'),
  opened('jahresbericht.pdf', 'Der Bericht über das Geschäftsjahr und die Entwicklung der Gesellschaft im Überblick.'),
  { id: 'f', name: 'Facture_F20180027.pdf', opening: 'FACTURE N° F20180027', language: 'fr' } as DocumentRecord,
];
const names = (question: string) => documentsByLanguage(question, ready).map(record => record.name);

describe('documentsByLanguage', () => {
  it('finds the documents a question names by their language, in its own language or English', () => {
    expect(names('In the Korean insurance report, how many cases are cited?')).toEqual(['normal_4pages.pdf']);
    expect(names('Welche ISSN hat der koreanische Bericht?')).toEqual(['normal_4pages.pdf']);
    expect(names('Welk voorbeeld noemt de Arabische tekst?')).toEqual(['right_to_left_01.pdf']);
    expect(names('Was steht im deutschen Jahresbericht zum Umsatz?')).toEqual(['jahresbericht.pdf']);
    expect(names('What does the English document say about care?')).toEqual(['Regulation Best Interest_proposed rule.pdf']);
    // Invoices, minutes and spreadsheets are documents too; the record's language is read from its whole text.
    expect(names('What VAT rate applies on the French invoice?')).toEqual(['Facture_F20180027.pdf']);
    expect(names('Wie hoch ist der Betrag auf der französischen Rechnung?')).toEqual(['Facture_F20180027.pdf']);
    // Words for what a document is that no question is asked by kind: an application, notes, a table.
    expect(names('On the German Beratungshilfe application, what does code C mean?')).toEqual(['jahresbericht.pdf']);
    expect(names('What hourly rate is used in the French overtime recap table?')).toEqual(['Facture_F20180027.pdf']);
    expect(names('In de Duitse aanvraag voor Beratungshilfe, wat betekent code C?')).toEqual(['jahresbericht.pdf']);
  });

  it('needs a word for a document after the language, and a language only some documents are in', () => {
    expect(names('What does the report say about Korean exports?')).toEqual([]);
    expect(names('What is in the Germany report?')).toEqual([]);
    expect(names('Was sagt der koreanische Kontext?')).toEqual([]);
    expect(documentsByLanguage('Which Korean report covers insurance?', ready.slice(0, 1))).toEqual([]);
  });
});
