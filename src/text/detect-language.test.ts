import { describe, expect, it } from 'vitest';
import { detectLanguage, documentLanguage, readLanguage } from './detect-language.ts';

describe('detectLanguage', () => {
  it.each([
    ['What was the revenue in 2023?', 'en'],
    ['Wie hoch war der Umsatz im Jahr 2023?', 'de'],
    ['Quel est le chiffre d’affaires de la société en 2023 ?', 'fr'],
    ['¿Cuál fue el margen operativo del año?', 'es'],
    ['2023年の売上高はいくらでしたか？', 'ja'],
    ['2023年的收入是多少？', 'zh'],
    ['Какова выручка за 2023 год?', 'ru'],
    ['EBITDA 2023', 'en'],
  ])('%s → %s', (question, language) => {
    expect(detectLanguage(question)).toBe(language);
  });

  it('says whether anything in the text told the language', () => {
    expect(readLanguage('How many days of paid vacation does an employee get?')).toEqual({ code: 'en', evident: true });
    expect(readLanguage('Wie viele Tage Urlaub bekommt ein Mitarbeiter?')).toEqual({ code: 'de', evident: true });
    expect(readLanguage('Urlaubstage 2024?')).toEqual({ code: 'en', evident: false });
  });
});

describe('documentLanguage', () => {
  it('goes by the common words of the text, not by a letter of another script', () => {
    expect(documentLanguage(['The loss of the model is α times the error.', 'We train it for β steps.'])).toBe('en');
    expect(documentLanguage(['Die Pakete werden heruntergeladen und danach installiert.', 'Siehe auch α.'])).toBe('de');
    expect(documentLanguage(['Выручка за 2023 год выросла.'])).toBe('ru');
    expect(documentLanguage(['EBITDA 2023'])).toBe('en');
  });
});
