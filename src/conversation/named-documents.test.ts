import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../documents/types.ts';
import { namedDocuments, type SpaceWords } from './named-documents.ts';

const record = (name: string) => ({ id: name, name }) as DocumentRecord;
/** A document whose first pages open with `opening` (document-opening.ts). */
const opened = (name: string, opening: string, title?: string) => ({ id: name, name, opening, ...(title ? { title } : {}) }) as DocumentRecord;
const ready = [
  'NIKE_2021_10K.pdf',
  'COSTCO_2021_10K.pdf',
  'Mietvertrag_Hauptstrasse_2024.pdf',
  'nova_y70.pdf',
  'honor_watch_gs_pro.pdf',
  'watch_d.pdf',
  'Pew-Research-Center_Hispanic-Identity-Report_12.20.2017.pdf',
  'PP_2019.01.17_Trump-economy_FINAL2.pdf',
  '379f44022bb27aa53efd5d322c7b57bf.pdf',
  'handbook.pdf',
].map(record);
/** Documents whose pages hold each word: brand names in one, common words in many. */
const holding: Record<string, number> = {
  nike: 1,
  costco: 1,
  mietvertrag: 1,
  nova: 1,
  y70: 1,
  honor: 9,
  watch: 8,
  pro: 12,
  pew: 20,
  research: 30,
  center: 25,
  hauptstrasse: 1,
};
/**
 * Documents' pages holding each word: `counts[word]`, else `otherwise`; `pages[word]`, on how many pages
 * of each document holding it (none known unless given).
 */
const heldBy = (counts: Record<string, number>, otherwise = 0, pages: Record<string, Record<string, number>> = {}): SpaceWords => ({
  documentsHolding: async words => new Map(words.map(word => [word, counts[word] ?? otherwise] as const)),
  pagesHolding: async word => new Map(Object.entries(pages[word] ?? {})),
});
/** The names of the documents of `records` a question names. */
const namesIn = (records: DocumentRecord[], spaceWords: SpaceWords) => async (question: string) =>
  (await namedDocuments(question, records, spaceWords)).map(document => document.name);
const named = namesIn(ready, heldBy(holding));

describe('documents a question names', () => {
  it('finds a document by a word of its name few documents hold, in any language, or by its file name', async () => {
    expect(await named('In the Nike 10-K, what was revenue in 2021?')).toEqual(['NIKE_2021_10K.pdf']);
    expect(await named('Wie hoch ist die Miete im Mietvertrag?')).toEqual(['Mietvertrag_Hauptstrasse_2024.pdf']);
    expect(await named('Hoeveel winkels had Costco volgens het jaarverslag?')).toEqual(['COSTCO_2021_10K.pdf']);
    expect(await named('What does handbook.pdf say about travel?')).toEqual(['handbook.pdf']);
    expect(await named('Compare Nike and Costco revenue.')).toEqual(['NIKE_2021_10K.pdf', 'COSTCO_2021_10K.pdf']);
    // A file's whole name, its words written apart, names it however common they are.
    expect(await named('how do i measure my blood pressure with the watch d?')).toEqual(['watch_d.pdf']);
  });

  it('finds a form by its name written with a hyphen, as its file name writes it without one', async () => {
    const forms = [record('en_w9_form.pdf'), record('fw4_2009.pdf'), record('handbook.pdf')];
    expect(await namesIn(forms, heldBy({}))('On the W-9, what percentage is withheld?')).toEqual(['en_w9_form.pdf']);
    // The name must be written so: "w-9" in lower case, or a number alone, names nothing.
    expect(await namesIn(forms, heldBy({}))('On the w-9, what percentage is withheld?')).toEqual([]);
  });

  it('finds a document by initials in its file name of a name the question writes in several words', async () => {
    const association = [record('fr_zds_pv_ago_2021_scan.pdf'), record('fr_zds_kandid_brochure.pdf'), record('en_ronin_bylaws.docx')];
    const byInitials = namesIn(association, heldBy({}));
    expect(await byInitials('In the Zeste de Savoir 2021 minutes, how many votes approved the report?')).toEqual([
      'fr_zds_pv_ago_2021_scan.pdf',
      'fr_zds_kandid_brochure.pdf',
    ]);
    // Initials of words that are no name (written in lower case), of part of a name, or of two words only, name nothing.
    expect(
      await namesIn([record('2023.acl-long.386.pdf'), ...association], heldBy({}))('What does Automatically Correcting Large Language Models survey?'),
    ).toEqual([]);
    expect(await byInitials('In the zeste de savoir minutes, how many votes approved the report?')).toEqual([]);
    expect(await namesIn([record('zs_notes.pdf'), ...association], heldBy({}))('What did Zeste Savoir decide?')).toEqual([]);
  });

  it('reads the words of a file name written in camel case', async () => {
    const decks = [record('AvoidingMicroserviceMegadisasters.pptx'), record('PwC_Outlook.pdf'), record('handbook.pdf')];
    const inDecks = namesIn(decks, heldBy({ microservice: 1, megadisasters: 1 }, 3));
    expect(await inDecks('In the microservice megadisasters deck, how long was the effort?')).toEqual(['AvoidingMicroserviceMegadisasters.pptx']);
    expect(await inDecks('What do the Microservices slides say about caching?')).toEqual(['AvoidingMicroserviceMegadisasters.pptx']);
    expect(await inDecks('How do microservices handle caching?')).toEqual([]);
  });

  it('takes a two-character name word ("3M", "AC") only when the question writes it as an acronym', async () => {
    const reports = [record('3M_2018_10K.pdf'), record('NIKE_2021_10K.pdf'), record('Campaign_038_Introducing_AC_Whitepaper_v5e.pdf')];
    const byName = namesIn(reports, heldBy({}, 1));
    expect(await byName('Which business segments does the 3M 10-K report on?')).toEqual(['3M_2018_10K.pdf']);
    expect(await byName('Which security products are described in the AC whitepaper?')).toEqual(['Campaign_038_Introducing_AC_Whitepaper_v5e.pdf']);
    expect(await byName('Is the ac unit in the 10-K?')).toEqual([]);
  });

  it('names together the few documents whose names share the one name word written', async () => {
    const templates = [
      record('ONLYOFFICE-Beispielpräsentation.pptx'),
      record('ONLYOFFICE-Beispiel-Tabellenblatt.xlsx'),
      record('Pew-Research-Center_Views.pdf'),
      record('Pew-Research-Center_Voters.pdf'),
      record('Pew-Research-Center_Trust.pdf'),
      record('Pew-Research-Center_Teens.pdf'),
    ];
    const byName = namesIn(templates, heldBy({ onlyoffice: 1, pew: 4 }, 0));
    expect(await byName('Wer hat die ONLYOFFICE-Präsentation erstellt?')).toEqual([
      'ONLYOFFICE-Beispielpräsentation.pptx',
      'ONLYOFFICE-Beispiel-Tabellenblatt.xlsx',
    ]);
    // A word of one's own tells which.
    expect(await byName('Welche Version der ONLYOFFICE Beispielpräsentation ist das?')).toEqual(['ONLYOFFICE-Beispielpräsentation.pptx']);
    // Also when the question holds more words of one's name than of the other's.
    const reports = [record('20200928 Duidingsrapportage Coronamelder.pdf'), record('Toegankelijkheidsonderzoek CoronaMelder 2.5.10 (iOS 15.5).pdf')];
    expect(await namesIn(reports, heldBy({ coronamelder: 2 }, 0))('met welke hulpsoftware is het CoronaMelder rapport voor iOS getest?')).toEqual([
      '20200928 Duidingsrapportage Coronamelder.pdf',
      'Toegankelijkheidsonderzoek CoronaMelder 2.5.10 (iOS 15.5).pdf',
    ]);
    // Written in lower case it is no name; shared by more names than can be a choice, it names none.
    expect(await byName('what does onlyoffice mean?')).toEqual([]);
    expect(await byName('What does Pew say about the economy?')).toEqual([]);
  });

  it('tells two documents whose names share the words asked apart by a year of the name', async () => {
    const reports = [record('PG_2021.03.04_US-Views-on-China_FINAL.pdf'), record('PG_20.07.30_U.S.-Views-China_final.pdf')];
    const byName = namesIn(reports, heldBy({}, 30));
    expect(await byName('In the 2021 US views on China report, how much confidence do Americans have in Biden?')).toEqual([
      'PG_2021.03.04_US-Views-on-China_FINAL.pdf',
    ]);
    expect(await byName('What do US views on China say about trade?')).toEqual([]);
    expect(await byName('What did Americans think of China in 2021?')).toEqual([]);
  });

  it('tells documents whose names share one name word apart by a year only one of them has', async () => {
    const decks = [
      opened('OWASP_Top-10_2013 - Presentation.pptx', 'OWASP Top 10 2013 The Ten Most Critical Web Application Security Risks', 'OWASP Top-10'),
      opened('OWASP Top 10-2017_de_V1.0.pptx', 'OWASP Top 10 2017 Die 10 häufigsten Sicherheitsrisiken', 'OWASP Top 10 - 2017'),
    ];
    const byName = namesIn(decks, heldBy({ owasp: 2 }, 0));
    expect(await byName('In the OWASP 2013 slides, what is A9?')).toEqual(['OWASP_Top-10_2013 - Presentation.pptx']);
    // "Top-10" written as one word is the other name's "Top 10" too: no word of its own.
    expect(await byName('Who sponsored the OWASP Top 10 - 2017?')).toEqual(['OWASP Top 10-2017_de_V1.0.pptx']);
    expect((await byName('What does the OWASP deck say about A9?')).sort()).toEqual(decks.map(deck => deck.name).sort());
    // Both names dated alike: the year picks neither.
    const dated = [record('PG_2020_UNICEF.pdf'), record('PP_2020_UNICEF-Trade.pdf')];
    expect(await namesIn(dated, heldBy({ unicef: 2 }, 0))('What does the UNICEF report of 2020 say?')).not.toHaveLength(1);
  });

  it('forgives a one-letter typo in a long name word, one in each of two written together, but not another name’s word', async () => {
    expect(await named('What does the Mietvetrag say about pets?')).toEqual(['Mietvertrag_Hauptstrasse_2024.pdf']);
    const reports = [record('ACTIVISIONBLIZZARD_2019_10K.pdf'), record('NIKE_2021_10K.pdf')];
    const byName = namesIn(reports, heldBy({}, 1));
    expect(await byName('how many employees did activison blizard have per their 10-K?')).toEqual(['ACTIVISIONBLIZZARD_2019_10K.pdf']);
    expect(await byName('how many employees did activist blazers have per their 10-K?')).toEqual([]);
  });

  it('takes two words that are the whole name, even when they are common ("nova Y70", "Honor Watch GS Pro")', async () => {
    expect(await named('How do I take a screenshot on the nova Y70?')).toEqual(['nova_y70.pdf']);
    expect(await named('How long does the Honor Watch GS Pro battery last?')).toEqual(['honor_watch_gs_pro.pdf']);
  });

  it('names nothing by words common in the space’s text, generic words, numbers or digests', async () => {
    expect(await named('How many charts cite Pew Research Center survey data?')).toEqual([]);
    expect(await named('What is the final step in the figure?')).toEqual([]);
    expect(await named('What does the 2021 report say?')).toEqual([]);
    expect(await named('Is 379f44022bb27aa53efd5d322c7b57bf mentioned?')).toEqual([]);
    expect(await named('How do I set an alarm on my watch?')).toEqual([]);
    expect(await named('How bright is the watch display?')).toEqual([]);
  });

  it('takes one word as a name only when the question writes it as one: a topic word is no name', async () => {
    const policies = [record('refund-policy.pdf'), record('notes.pdf')];
    const rare = heldBy({}, 1);
    expect(await namedDocuments('How long do refunds take?', policies, rare)).toEqual([]);
    expect((await namedDocuments('What does the refund policy say about receipts?', policies, rare)).map(document => document.name)).toEqual([
      'refund-policy.pdf',
    ]);
    expect(await named('what was nike revenue in 2021?')).toEqual([]);
  });

  it('finds a document by a run of its printed title, unless another title has the run or it is common in the space', async () => {
    const titled = (name: string, title: string) => ({ id: name, name, title }) as DocumentRecord;
    const papers = [
      titled('2303.05039v2.pdf', 'Improving Recommendation Systems with User Personality Inferred from Product Reviews'),
      titled('2023.acl-long.386.pdf', 'Fact-Checking Complex Claims with Program-Guided Reasoning'),
      titled('PG_2021.pdf', 'Most Americans Support Tough Stance Toward China on Human Rights'),
      titled('PG_2020.pdf', 'Americans Fault China for Its Role in the Spread of COVID-19'),
      titled('a4f3ced0.pdf', 'The opportunity of a lifetime'),
      titled('PG_2019.pdf', 'A Tough Stance Toward China Gains Support'),
    ];
    const counts: Record<string, number> = {
      program: 9,
      guided: 3,
      reasoning: 12,
      americans: 20,
      china: 15,
      fault: 4,
      role: 30,
      opportunity: 2,
      user: 9,
      manual: 5,
      improving: 10,
      recommendation: 8,
      systems: 40,
    };
    const inPages = heldBy(counts, 1);
    const titleNamed = namesIn(papers, inPages);
    expect(await titleNamed('In the paper on program-guided reasoning for fact checking, which datasets are used?')).toEqual(['2023.acl-long.386.pdf']);
    expect(await titleNamed('What does "user personality inferred from product reviews" use as input?')).toEqual(['2303.05039v2.pdf']);
    // All of a short title's words.
    expect(await titleNamed('Who writes the Opportunity of a Lifetime brochure?')).toEqual(['a4f3ced0.pdf']);
    // A short title of words many documents hold names nothing.
    expect(await namedDocuments('What does the user manual say?', [titled('4k.pdf', 'User Manual'), ...papers], inPages)).toEqual([]);
    expect(await titleNamed('Why do Americans fault China?')).toEqual(['PG_2020.pdf']);
    // Two words in a row are too few; "tough stance toward China" is in two titles.
    expect(await titleNamed('What do Americans think of China?')).toEqual([]);
    expect(await titleNamed('Do people favour a tough stance toward China?')).toEqual([]);
    expect(await titleNamed('How does program reasoning work?')).toEqual([]);
    // A run whose every word is on many documents' pages is a topic, not a name.
    expect(await titleNamed('What is new in improving recommendation systems?')).toEqual([]);
    // …unless the question writes out the whole of a title of three words or more.
    const older = titled('PIP_Seniors.pdf', 'Older Adults and Technology Use');
    const wholeTitle = namesIn([older, ...papers], heldBy({}, 30));
    expect(await wholeTitle("Welk percentage van de 65-plussers gaat online volgens 'Older adults and technology use'?")).toEqual(['PIP_Seniors.pdf']);
    expect(await wholeTitle('Do older adults use technology?')).toEqual([]);
  });

  it('finds a document by a run of the words it opens with when it prints no usable title', async () => {
    const documents = [
      opened(
        'e639029d.pdf',
        'IMPROVING THE QUALITY AND EFFICIENCY OF COMMODITY DISTRIBUTION TO FEDERAL CHILD NUTRITION PROGRAMS HEARING BEFORE THE COMMITTEE ON EDUCATION',
        'HEARING',
      ),
      opened('7c3f6204.pdf', 'Superior Court of Delaware. Re: Diane HANSON v. DELAWARE STATE PUBLIC INTEGRITY COMMISSION. C.A. No. 11A-06-001'),
      opened('e79deb02.pdf', 'Florida Department of Health Division of Medical Quality Assurance Strategic Plan 2016-2018'),
      opened('ADOBE_2015_10K.pdf', 'UNITED STATES SECURITIES AND EXCHANGE COMMISSION Washington, D.C. 20549 FORM 10-K ANNUAL REPORT PURSUANT TO SECTION 13'),
      opened('NIKE_2021_10K.pdf', 'UNITED STATES SECURITIES AND EXCHANGE COMMISSION Washington, D.C. 20549 FORM 10-K ANNUAL REPORT PURSUANT TO SECTION 13'),
    ];
    // Every word is on many documents' pages, but "commodity" and "hanson" on few.
    const inPages = heldBy({ commodity: 1, distribution: 12, hanson: 1, integrity: 4, delaware: 9 }, 30);
    const openingNamed = namesIn(documents, inPages);
    expect(await openingNamed('Who testified at the hearing on improving commodity distribution to federal child nutrition programs?')).toEqual([
      'e639029d.pdf',
    ]);
    expect(await openingNamed('In Hanson v. Delaware State Public Integrity Commission, what did the court decide?')).toEqual(['7c3f6204.pdf']);
    // Four words in a row name a document however common each is…
    expect(await openingNamed('Wat zijn de doelen van het Medical Quality Assurance Strategic Plan?')).toEqual(['e79deb02.pdf']);
    // …three only with a word few documents hold; two never; and what two documents open with names neither.
    expect(await openingNamed('What does a medical quality assurance team do?')).toEqual([]);
    expect(await openingNamed('Which strategic plan covers medical quality?')).toEqual([]);
    expect(await openingNamed('Which annual report pursuant to section 13 lists the most risks?')).toEqual([]);
  });

  it('finds a document by a word of its title or opening written as a name that no other document opens with', async () => {
    const documents = [
      opened('stereo_headset.pdf', 'Help Guide Wireless Noise Canceling Stereo Headset WH-1000XM4 Sony Headphones Connect'),
      opened(
        '2023.findings-emnlp.248.pdf',
        'LOGIC-LM: Empowering Large Language Models with Symbolic Solvers',
        'LOGIC-LM: Empowering Large Language Models with Symbolic Solvers',
      ),
      opened('a5879805.pdf', 'PROVINCE OF QUÉBEC SUPERIOR COURT MAJESTIC ASSET MANAGEMENT LLC, ès qualité of manager'),
      opened('e79deb02.pdf', 'Florida Department of Health Division of Medical Quality Assurance Strategic Plan'),
      opened('2310.09158v1.pdf', 'Learning To Teach Large Language Models Logical Reasoning'),
      opened('DSA-278777.pdf', 'MCS-51 8-BIT CONTROL-ORIENTED MICROCONTROLLERS 2-Level Interrupt Priority Structure'),
    ];
    const openingNamed = namesIn(documents, heldBy({ sony: 1, logiclm: 1, '2level': 1, quebec: 1, qualite: 1, large: 9, models: 12 }, 30));
    expect(await openingNamed('What does the Sony guide say about pairing?')).toEqual(['stereo_headset.pdf']);
    expect(await openingNamed('Which datasets does Logic-LM use?')).toEqual(['2023.findings-emnlp.248.pdf']);
    expect(await openingNamed('Wat zegt de rechtbank in Québec?')).toEqual(['a5879805.pdf']);
    // Written as a name, but common in the space's pages, in two openings, or lowercase: no name.
    expect(await openingNamed('What do Large Language Models learn?')).toEqual([]);
    expect(await openingNamed('What does sony say about pairing?')).toEqual([]);
    // A number and a word hyphenated are no name ("GPT-2-level" is not "2-Level").
    expect(await openingNamed('How well does a GPT-2-level supervisor do?')).toEqual([]);
    // "Quality" is a word of another opening, so no typo of "qualité".
    expect(await openingNamed('Was ist das Ziel der Medical Quality Assurance?')).toEqual([]);
  });

  it('takes no noun of a German question for a name of a German opening, where every noun has a capital', async () => {
    const documents = [
      opened('kantine.pdf', 'Kantinenordnung Die Kantine ist montags bis freitags geöffnet. Ein Mittagessen kostet für Mitarbeiter 4,50 Euro.'),
      opened('stereo_headset.pdf', 'Help Guide Wireless Noise Canceling Stereo Headset WH-1000XM4 Sony Headphones Connect'),
    ];
    const openingNamed = namesIn(documents, heldBy({ mitarbeiter: 1, sony: 1 }, 30));
    expect(await openingNamed('Wie viele Tage bezahlten Urlaub bekommt ein Mitarbeiter?')).toEqual([]);
    // A name in an English opening is still one.
    expect(await openingNamed('Was sagt die Sony-Anleitung über das Koppeln?')).toEqual(['stereo_headset.pdf']);
    // An English question writes no German noun with a capital unless it names something.
    expect(await openingNamed('What does the Mitarbeiter rule say about lunch?')).toEqual(['kantine.pdf']);
  });

  it('finds a document by a name written in the question that few documents hold and only its pages often', async () => {
    const reports = [
      { ...record('AR_2016.pdf'), pageCount: 40 },
      { ...record('furman-2017.pdf'), pageCount: 60 },
      { ...record('budget.pdf'), pageCount: 120 },
      { ...record('ug-prospectus.pdf'), pageCount: 27 },
      { ...record('paper-1.pdf'), pageCount: 20 },
      { ...record('paper-2.pdf'), pageCount: 24 },
    ] as DocumentRecord[];
    const pages = {
      isro: { 'AR_2016.pdf': 12 },
      furman: { 'furman-2017.pdf': 6 },
      chandrayaan: { 'AR_2016.pdf': 2 },
      kerala: { 'budget.pdf': 8 },
      // The university on most pages of its prospectus, and in the affiliations of two papers.
      ntu: { 'ug-prospectus.pdf': 21, 'paper-1.pdf': 1, 'paper-2.pdf': 1 },
      // On many pages of two documents: what both are about; or of one, and on more than a page of another.
      delta: { 'paper-1.pdf': 9, 'paper-2.pdf': 7 },
      obama: { 'paper-1.pdf': 9, 'paper-2.pdf': 2 },
    };
    const counts = { isro: 1, furman: 1, chandrayaan: 1, kerala: 1, ntu: 3, delta: 2, obama: 2, center: 3 };
    const byPages = namesIn(reports, heldBy(counts, 20, pages));
    expect(await byPages('What does the document say about ISRO launches?')).toEqual(['AR_2016.pdf']);
    expect(await byPages('How many units did the Furman Center count?')).toEqual(['furman-2017.pdf']);
    expect(await byPages('How many NTU graduates find a job within six months?')).toEqual(['ug-prospectus.pdf']);
    // On too few of its pages (2 < 3; 8 < a tenth of 120): a name mentioned in passing.
    expect(await byPages('When did Chandrayaan launch?')).toEqual([]);
    expect(await byPages('What is spent in Kerala?')).toEqual([]);
    expect(await byPages('What does Delta measure?')).toEqual([]);
    expect(await byPages('What did Obama say?')).toEqual([]);
    // Written in lower case: a word, not a name.
    expect(await byPages('what does the document say about isro launches?')).toEqual([]);
    // A first name a research aid often writes is not the person a spreadsheet names in full.
    const sheets = [...reports, { ...record('suriname.docx'), pageCount: 15 }, { ...record('deaths.xlsx'), pageCount: 2 }] as DocumentRecord[];
    const people = { ...pages, john: { 'suriname.docx': 3, 'deaths.xlsx': 1 }, glenn: { 'deaths.xlsx': 1 }, stedman: { 'suriname.docx': 2 } };
    const byPerson = namesIn(sheets, heldBy({ ...counts, john: 2, glenn: 1, stedman: 1 }, 20, people));
    expect(await byPerson("How old was John Glenn in the 'other' sheet?")).toEqual([]);
    expect(await byPerson('What did John Stedman collect?')).toEqual(['suriname.docx']);
    // A word of a named document's file name names no other by its pages.
    const brochures = [
      ...reports,
      { ...record('NUS-BBA-Brochure-2024.pdf'), pageCount: 30 },
      { ...record('graduate-programmes.pdf'), pageCount: 12 },
    ] as DocumentRecord[];
    const brochurePages = { ...pages, brochure: { 'graduate-programmes.pdf': 3 } };
    const byBrochure = namesIn(brochures, heldBy({ ...counts, brochure: 1, nus: 1, bba: 1 }, 20, brochurePages));
    expect(await byBrochure('Which majors does the BBA-Brochure of NUS list?')).toEqual(['NUS-BBA-Brochure-2024.pdf']);
    const withoutNus = namesIn(brochures.slice(0, -2).concat(brochures.slice(-1)), heldBy({ ...counts, brochure: 1 }, 20, brochurePages));
    expect(await withoutNus('Which programmes does the Brochure list?')).toEqual(['graduate-programmes.pdf']);
    // …nor a word its file name ends with.
    const camry = [
      ...reports,
      { ...record('camry_ebrochure.pdf'), pageCount: 20 },
      { ...record('graduate-programmes.pdf'), pageCount: 12 },
    ] as DocumentRecord[];
    expect(await namesIn(camry, heldBy({ ...counts, camry: 1, brochure: 1 }, 20, brochurePages))('Which trims does the Camry-Brochure list?')).toEqual([
      'camry_ebrochure.pdf',
    ]);
    // A label with a digit is no name, however often one document's pages write it (a paper's queries Q1…Q8).
    const labels = namesIn(
      [...reports, { ...record('olap-queries.pdf'), pageCount: 12 }] as DocumentRecord[],
      heldBy({ ...counts, q1: 2 }, 20, { ...pages, q1: { 'olap-queries.pdf': 6, 'AR_2016.pdf': 1 } }),
    );
    expect(await labels('What was the churn rate in Q1?')).toEqual([]);
    // Held by more documents than a few: it names none.
    expect(await namesIn(reports, heldBy({ ...counts, ntu: 7 }, 20, pages))('How many NTU graduates find a job?')).toEqual([]);
    // A German noun of a thing ("Leistung") is no name, however often one report writes it; a name is.
    const german = namesIn(
      reports,
      heldBy({ ...counts, leistung: 2, korber: 1 }, 20, { ...pages, leistung: { 'AR_2016.pdf': 12, 'paper-1.pdf': 1 }, korber: { 'AR_2016.pdf': 12 } }),
    );
    expect(await german('Bis zu welcher Leistung werden Solaranlagen gefördert?')).toEqual([]);
    expect(await german('Was sagt die Körber-Stiftung zu den Beziehungen?')).toEqual(['AR_2016.pdf']);
    // A company's legal form names no document, however often its report writes it.
    const legal = namesIn(reports, heldBy({ ...counts, ag: 1 }, 20, { ...pages, ag: { 'AR_2016.pdf': 30 } }));
    expect(await legal("Quel quorum faut-il pour qu'une résolution d'AG ordinaire soit valide ?")).toEqual([]);
    // A word with a capital inside is a name whole: "nEUro" is not "EUro", which a report writes often.
    const inner = namesIn(reports, heldBy({ ...counts, euro: 2, neuro: 1 }, 20, { ...pages, euro: { 'AR_2016.pdf': 12 }, neuro: { 'budget.pdf': 14 } }));
    expect(await inner('What is the yearly fee in the Public nEUro agreement?')).toEqual(['budget.pdf']);
  });

  it('finds a document by the month and year its file name alone is dated to', async () => {
    const reports = [
      record('PP_2021.04.22_voting-access_REPORT.pdf'),
      record('PG_2021.03.04_US-Views-on-China_FINAL.pdf'),
      record('05-03-18-political-release.pdf'),
    ];
    const byDate = namesIn(reports, heldBy({}, 20));
    expect(await byDate('Im Pew-Bericht vom April 2021: Wie viele Republikaner befürworten die Briefwahl?')).toEqual([
      'PP_2021.04.22_voting-access_REPORT.pdf',
    ]);
    expect(await byDate('Welk percentage ziet China als vijand volgens het rapport van maart 2021?')).toEqual(['PG_2021.03.04_US-Views-on-China_FINAL.pdf']);
    expect(await byDate('In the May 2018 political release, how do people rate Trump?')).toEqual(['05-03-18-political-release.pdf']);
    // A year alone, or a month two file names are dated to, names none.
    expect(await byDate('What did the 2021 survey find?')).toEqual([]);
    expect(await namesIn([...reports, record('PG_2021.04.30_Other.pdf')], heldBy({}, 20))('What did the April 2021 survey find?')).toEqual([]);
  });

  it('finds a paper by its file name without the extension or the version', async () => {
    const papers = [record('2303.08559v2.pdf'), record('2303.05039v2.pdf'), record('NIKE_2021_10K.pdf')];
    const byName = namesIn(papers, heldBy({}));
    expect(await byName('What paradigm does 2303.08559 propose?')).toEqual(['2303.08559v2.pdf']);
    expect(await byName('And 2303.08559v2?')).toEqual(['2303.08559v2.pdf']);
    expect(await byName('Which segment sold most? Looking at the NIKE_2021_10K')).toEqual(['NIKE_2021_10K.pdf']);
    // A longer number that starts the same is another paper.
    expect(await byName('What does 2303.085591 say?')).toEqual([]);
  });

  it('keeps, of several documents named, those whose title the question quotes', async () => {
    const brochures = [
      opened('GPL-Graduate-Studies-Brochure-Jul-2021.pdf', 'GRADUATE STUDIES & PROFESSIONAL LEARNING'),
      opened('PWC_opportunity_of_lifetime.pdf', 'The opportunity of a lifetime Step inside our world', 'The opportunity of a lifetime'),
      record('NIKE_2021_10K.pdf'),
    ];
    const byName = namesIn(brochures, heldBy({}, 1));
    const both = ['GPL-Graduate-Studies-Brochure-Jul-2021.pdf', 'PWC_opportunity_of_lifetime.pdf'];
    expect(await byName('Which graduate programmes does the PwC opportunity brochure list?')).toEqual(both);
    expect(await byName('Which graduate programmes does the “Opportunity of a Lifetime” brochure list?')).toEqual(['PWC_opportunity_of_lifetime.pdf']);
    expect(await byName('Which graduate programmes does the "Opportunity of a Lifetime" brochure list?')).toEqual(['PWC_opportunity_of_lifetime.pdf']);
    // A quoted phrase no named document's title has keeps them all.
    expect(await byName('Which "graduate programmes" does the PwC opportunity brochure list?')).toEqual(both);
  });
});
