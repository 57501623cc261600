import { describe, expect, it } from 'vitest';
import { detectLanguage, documentLanguage, readLanguage } from './detect-language.ts';

describe('detectLanguage', () => {
  it.each([
    ['What was the revenue in 2023?', 'en'],
    ['Wie hoch war der Umsatz im Jahr 2023?', 'de'],
    ['Quel est le chiffre d’affaires de la société en 2023 ?', 'fr'],
    // "de" and "en" are Dutch words too: French question words outweigh them.
    ['Combien de poursuites ont été engagées en vertu du DMCA en 1999 ?', 'fr'],
    ["En quel langage l'implémentation a-t-elle été faite ?", 'fr'],
    // "En" opens French and Spanish questions as it does Dutch ones; the rest tells which.
    ['En quelle année Power Systems a-t-il acquis KINOLT ?', 'fr'],
    ['En wat kost het?', 'nl'],
    // French verbs and pronouns count too, not only question words: "de" twice and "en" are Dutch words.
    ['à partir de quel âge un salarié peut-il partir en retraite ?', 'fr'],
    ['¿Cuál fue el margen operativo del año?', 'es'],
    ['2023年の売上高はいくらでしたか？', 'ja'],
    ['2023年的收入是多少？', 'zh'],
    ['Какова выручка за 2023 год?', 'ru'],
    ['ما هي المكتبة التي يذكرها النص لإدارة البيانات؟', 'ar'],
    ['استاندارد کالا را چه سازمانی صادر کرده است؟', 'fa'],
    // Persian typed with the Arabic yeh (ي) is still told by its other letters.
    ['شرکت بورس کالای ايران چه استانداردی را پذيرفته است؟', 'fa'],
    ['EBITDA 2023', 'en'],
  ])('%s → %s', (question, language) => {
    expect(detectLanguage(question)).toBe(language);
  });

  it('reads a question by its own words, not by the title it quotes, and by the word it opens with', () => {
    expect(detectLanguage('Was sagt der Bericht „Americans and Germans Differ in Their Views of Each Other and the World“ über die USA?')).toBe('de');
    expect(detectLanguage('Kurze Frage zu "Views of Government\'s Handling of Terrorism Fall to Post-9/11 Low": Wie viele sehen ISIS als Bedrohung?')).toBe(
      'de',
    );
    expect(detectLanguage('Welche strategischen Ziele stehen im Strategic Plan 2016-2018 der Division of Medical Quality Assurance?')).toBe('de');
    expect(detectLanguage('hoe zet ik continue hartslagmeting aan? staat dat in honor_watch_gs_pro?')).toBe('nl');
    expect(detectLanguage('What does the report "Die Zeit der Pakete" say?')).toBe('en');
  });

  it('reads a German or Dutch question full of English terms by its own function words', () => {
    // "in" is a word of all three languages, so it tells none of them.
    expect(detectLanguage('Laut Tabelle 5.1 im Fed-Jahresbericht: wie viele commercial checks (in Tausend) wurden 2023 abgewickelt?')).toBe('de');
    expect(detectLanguage('In welchem Jahr wurde dieses Dokument höchstwahrscheinlich veröffentlicht?')).toBe('de');
    expect(detectLanguage('Hoeveel broker-dealers waren in december 2018 ook als investment adviser geregistreerd (dual registrants)?')).toBe('nl');
    expect(detectLanguage('In welk jaar bracht Microsoft Word voor MS-DOS op de markt?')).toBe('nl');
    expect(detectLanguage('In which year did Microsoft release Word for MS-DOS?')).toBe('en');
  });

  it('reads a question by its script only when the script outweighs its Latin letters', () => {
    expect(detectLanguage('Welche ISSN hat die Publikation 이슈와 논점 des koreanischen Berichts?')).toBe('de');
    expect(detectLanguage('What is the value of α in the second experiment?')).toBe('en');
    expect(detectLanguage('코로나-19 관련 보험약관에서 COVID-19 확진자는 몇 명입니까?')).toBe('ko');
    expect(detectLanguage('Nike 10-Kの売上高は？')).toBe('ja');
    expect(detectLanguage('Какова выручка Nike за 2023 год?')).toBe('ru');
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
    expect(
      documentLanguage([
        '코로나-19 관련 보험약관상 재해보험금 지급문제 및 개선과제',
        'Source: World Health Organization, COVID-19 Situation Report of the day',
      ]),
    ).toBe('ko');
    expect(documentLanguage(['EBITDA 2023'])).toBe('en');
    // A question's first word weighs more; a document's does not.
    expect(detectLanguage('Welche tools in the box?')).toBe('de');
    expect(documentLanguage(['Welche tools in the box?'])).toBe('en');
  });

  it('is not told by single letters: an English page beside OCR noise stays English', () => {
    const english = 'Docling bundles PDF document conversion to JSON and Markdown in an easy self contained package';
    const noise = 'o ~N Z = o S DO > sg <5 oO oO o e Oo oO o © 0 3 nw < 3 o a ©';
    expect(documentLanguage([english, noise])).toBe('en');
    const portuguese = [
      'O sistema guarda os ficheiros e as pastas do utilizador na pasta de trabalho.',
      'Uma cópia dos dados fica no servidor, com as permissões originais.',
    ];
    expect(documentLanguage(portuguese)).toBe('pt');
  });

  it('is not told by words other languages write as often: a French invoice\'s "de", a sheet\'s "over"', () => {
    const invoice = [
      'FACTURE N° F20180027 Date de facturation 31/12/2018',
      'Date de livraison 31/12/2018 Conditions de paiement',
      'Montant de la TVA sur les encaissements',
      'Frais de port de 10 EUR',
      'Net à payer 100,00 EUR',
    ];
    expect(documentLanguage(invoice)).toBe('fr');
    const sheet = ['County Votes 2023 Votes 2021 Turnout over 2021', 'Accomack 9,402 10,911 Turnout over 2019', 'Albemarle 39,815 41,005 Turnout over 2019'];
    expect(documentLanguage(sheet)).toBe('en');
    expect(documentLanguage(['Die Pakete werden heruntergeladen und danach installiert, die Dateien liegen im Ordner.'])).toBe('de');
  });

  it('is not told by web addresses: a deck signed "github.com/jbogard" on every slide is English', () => {
    const slide = 'Jimmy Bogard @jbogard github.com/jbogard jimmybogard.com';
    expect(documentLanguage([slide, 'Worker Service API', slide, 'Distributed Tracing', slide, 'The App', slide, 'Trace context'])).toBe('en');
    expect(documentLanguage(['Mail info@martin-thoma.de or see www.example.com.br for the paper.'])).toBe('en');
    expect(documentLanguage(['El sistema guarda los archivos y las carpetas del usuario en la carpeta de trabajo.'])).toBe('es');
  });
});
