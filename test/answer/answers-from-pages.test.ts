import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolio } from '../../src/folio.ts';
import type { Folio } from '../../src/folio-api.ts';
import type { Answer } from '../../src/answer/types.ts';
import { loadConfig } from '../../src/config.ts';
import { parseSpaceId, type SpaceId } from '../../src/spaces/space-id.ts';
import { FakeGeminiServer } from '../fakes/fake-gemini-server.ts';
import { FakeOpenAIServer } from '../fakes/fake-openai-server.ts';
import { addRuledTable } from '../support/answer/add-ruled-table.ts';
import { makeTestPdf, type TestOutlineEntry, type TestPage } from '../support/layout/make-test-pdf.ts';
import { answerOf } from '../support/answer/answer-of.ts';

/**
 * End to end from PDF bytes to the answer: the context is built from the fused page ranking, so the
 * page that holds the fact is in the context (and cited) even when it sits deep inside a long section.
 */

// ---------------------------------------------------------------------------------------------------
// Documents

/** A page: a bold heading (when given) and one line per sentence below it. */
function page(heading: string | undefined, lines: string[]): TestPage {
  const top = heading ? 110 : 72;
  return {
    texts: [
      ...(heading ? [{ text: heading, x: 72, top: 72, size: 18, font: 'bold' as const }] : []),
      ...lines.map((line, index) => ({ text: line, x: 72, top: top + index * 16, size: 11 })),
    ],
  };
}

const rotterdamFact = 'The Rotterdam warehouse employs approximately 1,240 people.';
const rotterdamPage = 10;

/** One made-up office topic per page, so every page of the long section reads differently. */
const topics = [
  {
    subject: 'fire safety',
    object: 'extinguisher checklist',
    room: 'basement archive',
    person: 'Ines Kovac',
    day: 'Monday',
    month: 'January',
    pct: 4,
    years: 6,
    period: 'week',
  },
  {
    subject: 'printer maintenance',
    object: 'toner log',
    room: 'copy corner',
    person: 'Tomas Berg',
    day: 'Tuesday',
    month: 'February',
    pct: 7,
    years: 3,
    period: 'month',
  },
  {
    subject: 'bicycle storage',
    object: 'rack plan',
    room: 'courtyard shed',
    person: 'Mara Lind',
    day: 'Wednesday',
    month: 'March',
    pct: 2,
    years: 5,
    period: 'fortnight',
  },
  {
    subject: 'canteen hygiene',
    object: 'cleaning rota',
    room: 'kitchen office',
    person: 'Olu Adeyemi',
    day: 'Thursday',
    month: 'April',
    pct: 9,
    years: 4,
    period: 'week',
  },
  {
    subject: 'meeting room booking',
    object: 'booking calendar',
    room: 'reception desk',
    person: 'Hana Sato',
    day: 'Friday',
    month: 'May',
    pct: 3,
    years: 2,
    period: 'day',
  },
  {
    subject: 'visitor badges',
    object: 'badge printer',
    room: 'security lodge',
    person: 'Piet de Vries',
    day: 'Monday',
    month: 'June',
    pct: 5,
    years: 8,
    period: 'week',
  },
  {
    subject: 'plant watering',
    object: 'watering schedule',
    room: 'atrium',
    person: 'Lena Vogt',
    day: 'Tuesday',
    month: 'July',
    pct: 1,
    years: 1,
    period: 'month',
  },
  {
    subject: 'heating controls',
    object: 'thermostat manual',
    room: 'boiler room',
    person: 'Sami Khan',
    day: 'Wednesday',
    month: 'August',
    pct: 11,
    years: 9,
    period: 'fortnight',
  },
  {
    subject: 'internal mail',
    object: 'pigeonhole list',
    room: 'post room',
    person: 'Erik Dahl',
    day: 'Thursday',
    month: 'September',
    pct: 6,
    years: 7,
    period: 'week',
  },
  {
    subject: 'recycling bins',
    object: 'sorting guide',
    room: 'loading yard',
    person: 'Ana Ruiz',
    day: 'Friday',
    month: 'October',
    pct: 8,
    years: 3,
    period: 'day',
  },
  {
    subject: 'window cleaning',
    object: 'ladder register',
    room: 'caretaker office',
    person: 'Jon Price',
    day: 'Monday',
    month: 'November',
    pct: 12,
    years: 5,
    period: 'month',
  },
  {
    subject: 'first aid training',
    object: 'attendance sheet',
    room: 'training hall',
    person: 'Rita Moreau',
    day: 'Tuesday',
    month: 'December',
    pct: 10,
    years: 10,
    period: 'week',
  },
];

function fillerLines(topic: (typeof topics)[number]): string[] {
  const Subject = topic.subject[0].toUpperCase() + topic.subject.slice(1);
  return [
    `${Subject} is reviewed every ${topic.day} by the facilities desk.`,
    `The ${topic.object} for ${topic.subject} is kept in the ${topic.room}.`,
    `Questions about ${topic.subject} go to ${topic.person} by email.`,
    `Changes to ${topic.subject} are announced in the ${topic.month} newsletter.`,
    `Last year the ${topic.subject} budget rose by ${topic.pct} percent.`,
    `${Subject} records are archived after ${topic.years} years.`,
    `New staff learn about ${topic.subject} during their first ${topic.period}.`,
    `An audit of ${topic.subject} is planned for ${topic.month}.`,
    `The ${topic.room} stays closed for ${topic.subject} on public holidays.`,
    `Feedback on ${topic.subject} is collected in a short survey.`,
  ];
}

/**
 * 14 pages: "1 Introduction" and "2 Scope" on p.1, "3 Operations" from p.2 to p.13 (one topic per page),
 * "4 Outlook" on p.14. The Rotterdam head count is only on p.10, the section's 9th page; pp. 5 and 12
 * mention another warehouse and working hours (near misses).
 */
async function makeOperationsPdf(): Promise<Uint8Array> {
  const pages: TestPage[] = [
    {
      texts: [
        { text: '1 Introduction', x: 72, top: 72, size: 18, font: 'bold' },
        { text: 'This report describes how the company runs its sites across Europe.', x: 72, top: 110, size: 11 },
        { text: 'It is updated once a year by the operations office.', x: 72, top: 126, size: 11 },
        { text: '2 Scope', x: 72, top: 180, size: 18, font: 'bold' },
        { text: 'The report covers offices, depots and distribution centres.', x: 72, top: 218, size: 11 },
        { text: 'Subsidiaries outside Europe publish their own reports.', x: 72, top: 234, size: 11 },
      ],
    },
  ];
  topics.forEach((topic, index) => {
    const pageNumber = index + 2;
    const lines = fillerLines(topic);
    if (pageNumber === rotterdamPage) lines.splice(4, 0, rotterdamFact);
    if (pageNumber === 5) lines.splice(2, 0, 'The Hamburg warehouse ships spare parts to the harbour cranes.');
    if (pageNumber === 12) lines.splice(6, 0, 'Work at the Antwerp depot starts at six in the morning.');
    pages.push(page(pageNumber === 2 ? '3 Operations' : undefined, lines));
  });
  pages.push(page('4 Outlook', ['Next year two new depots open in Poland.', 'The operations office expects steady growth in parcel volumes.']));
  const outline: TestOutlineEntry[] = [
    { title: '1 Introduction', page: 1 },
    { title: '2 Scope', page: 1 },
    { title: '3 Operations', page: 2 },
    { title: '4 Outlook', page: 14 },
  ];
  return makeTestPdf(pages, { outline });
}

const regionTable = [
  ['Region', '2022', '2023', '2024'],
  ['North', '4,310', '4,720', '5,050'],
  ['South', '3,870', '4,125', '4,390'],
  ['East', '2,940', '3,180', '3,410'],
  ['West', '3,560', '3,705', '3,990'],
];
const tablePage = 2;

/** Three pages; p.2 holds a ruled table of revenue by region and year (EUR million). */
async function makeFinancePdf(): Promise<Uint8Array> {
  const base = await makeTestPdf(
    [
      page('1 Summary', [
        'Revenue grew in every region in 2023, led by the North.',
        'Operating costs stayed flat thanks to lower energy prices.',
        'The board proposes an unchanged dividend for the year.',
      ]),
      {
        texts: [
          { text: '2 Revenue by region', x: 72, top: 72, size: 18, font: 'bold' },
          { text: 'Table 1: Revenue by region and year, in EUR million.', x: 72, top: 110, size: 10 },
          { text: 'Figures are unaudited and rounded to the nearest million.', x: 72, top: 260, size: 11 },
        ],
      },
      page('3 Outlook', ['Management expects moderate growth in the coming year.', 'Investments focus on automation in the largest depots.']),
    ],
    {
      outline: [
        { title: '1 Summary', page: 1 },
        { title: '2 Revenue by region', page: 2 },
        { title: '3 Outlook', page: 3 },
      ],
    },
  );
  return addRuledTable(base, { page: tablePage, columnXs: [72, 180, 270, 360, 450], top: 130, rows: regionTable });
}

const flagPage = 3;

/** A German handbook of state symbols; the flag's colours are only on p.3. */
async function makeGermanPdf(): Promise<Uint8Array> {
  return makeTestPdf(
    [
      page('1 Einleitung', [
        'Dieses Heft stellt die Staatssymbole der Bundesrepublik vor.',
        'Es richtet sich an Schulen und Behörden im ganzen Land.',
        'Jedes Kapitel beschreibt ein Symbol und seine Geschichte.',
      ]),
      page('2 Wappen', [
        'Das Bundeswappen zeigt einen schwarzen Adler auf goldenem Grund.',
        'Die Farben der Landeswappen unterscheiden sich von Land zu Land.',
        'Behörden führen das Wappen auf Siegeln und Briefköpfen.',
      ]),
      page('3 Flagge', [
        'Die Bundesflagge ist schwarz-rot-gold.',
        'Sie wird an Feiertagen vor öffentlichen Gebäuden gehisst.',
        'Ihre Streifen sind waagerecht und gleich breit.',
      ]),
      page('4 Hymne', [
        'Die Nationalhymne ist die dritte Strophe des Liedes der Deutschen.',
        'Sie wird bei Staatsbesuchen und Sportereignissen gespielt.',
        'Der Text stammt aus dem Jahr 1841.',
      ]),
    ],
    {
      outline: [
        { title: '1 Einleitung', page: 1 },
        { title: '2 Wappen', page: 2 },
        { title: '3 Flagge', page: 3 },
        { title: '4 Hymne', page: 4 },
      ],
    },
  );
}

/** A three-page policy with one heading per page (and the outline to match). */
function policyPdf(sections: Array<[string, string[]]>): Promise<Uint8Array> {
  return makeTestPdf(
    sections.map(([heading, lines]) => page(heading, lines)),
    { outline: sections.map(([heading], index) => ({ title: heading, page: index + 1 })) },
  );
}

const chargingFact = 'Electric cars can be charged in the underground garage on level minus two.';

const spaceDocuments: Array<{ name: string; make: () => Promise<Uint8Array> }> = [
  {
    name: 'travel-policy.pdf',
    make: () =>
      policyPdf([
        [
          '1 Booking',
          [
            'Flights and trains are booked through the travel desk.',
            'Rental cars are only booked when no train connection exists.',
            'Bookings need the approval of the budget owner.',
          ],
        ],
        [
          '2 Hotels',
          [
            'Hotels are chosen from the preferred list of the travel desk.',
            'Breakfast is included in the nightly rate where possible.',
            'Late check-out is paid privately.',
          ],
        ],
        [
          '3 Expenses',
          [
            'Expense reports are filed within thirty days of returning.',
            'Taxi receipts are accepted for trips after ten in the evening.',
            'Fuel for private cars is reimbursed per kilometre.',
          ],
        ],
      ]),
  },
  {
    name: 'it-handbook.pdf',
    make: () =>
      policyPdf([
        [
          '1 Accounts',
          [
            'Every new colleague receives an account on the first day.',
            'Accounts are locked after five failed login attempts.',
            'The service desk unlocks accounts by phone.',
          ],
        ],
        [
          '2 Laptops',
          [
            'Laptops are replaced every four years.',
            'A docking station and a headset come with every laptop.',
            'Laptop batteries are charged overnight in the docking station.',
          ],
        ],
        [
          '3 Printing',
          [
            'Printers release jobs only after a badge is scanned.',
            'Colour printing needs the approval of the team lead.',
            'Paper is refilled by the reception team.',
          ],
        ],
      ]),
  },
  {
    name: 'facilities.pdf',
    make: () =>
      policyPdf([
        [
          '1 Parking',
          ['Visitor parking is next to the main entrance.', 'Parking permits are issued by the reception team.', 'Motorbikes park behind the loading yard.'],
        ],
        ['2 Canteen', ['The canteen opens at half past eleven.', 'A vegetarian dish is offered every day.', 'Cups and plates are returned to the trolley.']],
        ['3 Electric vehicles', [chargingFact, 'Charging is free for the first four hours.', 'A charging card is issued by the reception team.']],
      ]),
  },
];

// ---------------------------------------------------------------------------------------------------
// Assertions shared by the scenarios

/** The context entry a citation points at (the same n), which must exist. */
function contextOf(answer: Answer, n: number) {
  const entry = answer.context.find(item => item.n === n);
  expect(entry, `citation [${n}] names no context entry`).toBeDefined();
  return entry!;
}

/** Every citation's n names a context entry of the same document whose pages include the cited ones. */
function expectCitationsMatchContext(answer: Answer): void {
  for (const citation of answer.citations) {
    const entry = contextOf(answer, citation.n);
    expect(entry.documentId).toBe(citation.documentId);
    expect(entry.document).toBe(citation.document);
    expect(entry.nodeId).toBe(citation.nodeId);
    for (const cited of citation.pages) expect(entry.pages).toContain(cited);
    expect(answer.answer).toContain(`[${citation.n}]`);
  }
}

/** The passage number whose label (formatPassage: "[n] name · p. N · path" or "pp. 9, 10, 11") names `pageNumber` of `document`. */
function passageLabelled(system: string | undefined, document: string, pageNumber: number): number | undefined {
  const escaped = document.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const label = new RegExp(`^\\[(\\d+)\\] ${escaped} · pp?\\. ([\\d, ]+)(?: · |$)`, 'gmu');
  for (const match of (system ?? '').matchAll(label)) {
    if (match[2].split(/,\s*/u).map(Number).includes(pageNumber)) return Number(match[1]);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Offline (no model): extractive answers

describe('answers built from the ranked pages (offline)', () => {
  let dataDir: string;
  let app: Folio;
  const operations = parseSpaceId('operations');
  const finance = parseSpaceId('finance');
  const german = parseSpaceId('staatssymbole');
  const policies = parseSpaceId('policies');
  const documentIds = new Map<string, string>();

  const ingest = async (space: SpaceId, name: string, bytes: Uint8Array) => {
    const path = join(dataDir, `${space.replace(/\W/g, '_')}-${name}`);
    await writeFile(path, bytes);
    const [outcome] = await app.ingestFiles([{ path, name }], space);
    expect(outcome, `${name}: ${JSON.stringify(outcome.error)}`).toMatchObject({ status: 'ready' });
    documentIds.set(name, outcome.documentId);
    return outcome;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'folio-pages-'));
    app = createFolio(loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent', FOLIO_OCR: 'off' }));
    expect((await ingest(operations, 'operations.pdf', await makeOperationsPdf())).pages).toBe(14);
    await ingest(finance, 'finance.pdf', await makeFinancePdf());
    await ingest(german, 'staatssymbole.pdf', await makeGermanPdf());
    for (const document of spaceDocuments) await ingest(policies, document.name, await document.make());
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('puts the page deep inside a long section into the context and cites it', async () => {
    const question = 'How many people work at the Rotterdam warehouse?';
    // The fused ranking the context is built from has p.10 first.
    expect((await app.search([operations], question)).pages[0]).toMatchObject({ documentName: 'operations.pdf', page: rotterdamPage });
    const answer = await answerOf(app.ask({ spaces: [operations], question }));
    expect(answer).toMatchObject({ grounded: true, extractive: true, language: 'en', modelCalls: 0 });
    // The best-ranked page leads the context, not the section's first pages.
    expect(answer.context[0]).toMatchObject({ document: 'operations.pdf', title: '3 Operations' });
    expect(answer.context[0].pages).toContain(rotterdamPage);
    expect(answer.context.flatMap(entry => entry.pages)).toContain(rotterdamPage);
    expect(answer.context.every(entry => entry.document === 'operations.pdf')).toBe(true);

    const lead = answer.citations[0];
    // The lead citation names the section's passage; its pages are every page of it the answer quotes
    // (the best matches of the other best-ranked pages support the lead), p.10 among them.
    expect(lead).toMatchObject({ document: 'operations.pdf', space: operations });
    expect(lead.pages).toContain(rotterdamPage);
    expect(lead.titlePath.at(-1)).toBe('3 Operations');
    expect(contextOf(answer, lead.n).pages).toContain(rotterdamPage);
    expectCitationsMatchContext(answer);

    expect(answer.answer).toMatch(/No language model is configured/);
    // The answer leads with the sentence that answers, quoted from p.10.
    expect(answer.answer.split('\n\n')[1]).toBe(`“${rotterdamFact}” [${lead.n}]`);
    expect(answer.answer).toContain('1,240');
  });

  it('quotes a table row with its header and cites the table page', async () => {
    const answer = await answerOf(app.ask({ spaces: [finance], question: 'What was the revenue of the South region in 2023?' }));
    expect(answer).toMatchObject({ grounded: true, extractive: true });
    expect(answer.context.every(entry => entry.document === 'finance.pdf')).toBe(true);
    expect(answer.context.flatMap(entry => entry.pages)).toContain(tablePage);

    const lead = answer.citations[0];
    expect(lead).toMatchObject({ document: 'finance.pdf', pages: [tablePage] });
    expect(contextOf(answer, lead.n)).toMatchObject({ title: '2 Revenue by region', pages: [tablePage] });
    expectCitationsMatchContext(answer);
    // The lead quote is the South row, each value read with its column's header.
    const leadQuote = answer.answer.split('\n').find(line => line.trim().length > 0 && !/No language model/.test(line));
    expect(leadQuote).toBe(`Table row: Region: South; 2022: 3,870; 2023: 4,125; 2024: 4,390 [${lead.n}]`);
    // The citation's quote is that row, placed on the table's line of the page.
    expect(lead.quotes[0]).toEqual({
      page: tablePage,
      text: 'Region: South; 2022: 3,870; 2023: 4,125; 2024: 4,390',
      highlight: expect.stringMatching(/^\d{4}:\d+-\d+$/),
    });
    expect(answer.answer).toContain('4,125');
  });

  it('answers a German question in German from the page that says it', async () => {
    const answer = await answerOf(app.ask({ spaces: [german], question: 'Welche Farben hat die Bundesflagge?' }));
    expect(answer).toMatchObject({ grounded: true, extractive: true, language: 'de' });
    expect(answer.answer.startsWith('Es ist kein Sprachmodell eingerichtet')).toBe(true);
    expect(answer.answer).toContain('schwarz-rot-gold');
    expect(answer.context[0]).toMatchObject({ document: 'staatssymbole.pdf', title: '3 Flagge' });
    expect(answer.context[0].pages).toContain(flagPage);

    const lead = answer.citations[0];
    expect(lead).toMatchObject({ document: 'staatssymbole.pdf', pages: [flagPage] });
    expect(answer.answer).toContain(`“Die Bundesflagge ist schwarz-rot-gold.” [${lead.n}]`);
    expectCitationsMatchContext(answer);
  });

  it('says, with "not found", that the closest documents are in another language', async () => {
    const answer = await answerOf(app.ask({ spaces: [german], question: 'What is the dress code for the summer party?' }));
    expect(answer.grounded).toBe(false);
    expect(answer.answer).toContain('The closest documents are written in German; asking in German may find the answer.');
    // In the documents' language, nothing is said of it.
    const inGerman = await answerOf(app.ask({ spaces: [german], question: 'Welche Kleiderordnung gilt für das Sommerfest?' }));
    expect(inGerman.grounded).toBe(false);
    expect(inGerman.answer).not.toContain('Deutsch');
  });

  it('finds the one answering page among several documents of a space', async () => {
    const answer = await answerOf(app.ask({ spaces: [policies], question: 'Where can employees charge electric cars?' }));
    expect(answer).toMatchObject({ grounded: true, extractive: true });
    expect(answer.context[0].document).toBe('facilities.pdf');
    expect(answer.context[0].pages).toContain(3);

    const lead = answer.citations[0];
    expect(lead).toMatchObject({ document: 'facilities.pdf', documentId: documentIds.get('facilities.pdf'), pages: [3] });
    expect(answer.answer).toContain(`“${chargingFact}” [${lead.n}]`);
    expectCitationsMatchContext(answer);

    // Asked about one other document only, the answer comes from that document or not at all.
    const onlyTravel = await answerOf(
      app.ask({ spaces: [policies], question: 'Where can employees charge electric cars?', documentIds: [documentIds.get('travel-policy.pdf')!] }),
    );
    expect(onlyTravel.context.length).toBeGreaterThan(0);
    expect(onlyTravel.context.every(entry => entry.document === 'travel-policy.pdf')).toBe(true);
    expect(onlyTravel.citations.every(citation => citation.document === 'travel-policy.pdf')).toBe(true);
    expect(onlyTravel.answer).not.toContain('level minus two');
  });

  it('says not found, with no citations, when no document answers', async () => {
    for (const space of [operations, policies]) {
      const answer = await answerOf(app.ask({ spaces: [space], question: 'What is the dress code for the Christmas party?' }));
      expect(answer.grounded).toBe(false);
      expect(answer.citations).toEqual([]);
      expect(answer.answer).toContain('I could not find this in the documents I can read here.');
      expect(answer.answer).not.toMatch(/“|Table row:/);
    }
  });

  it('says not found when the question names a year the documents never mention', async () => {
    const answer = await answerOf(app.ask({ spaces: [operations], question: 'How many people worked at the Rotterdam warehouse in 2031?' }));
    expect(answer).toMatchObject({ grounded: false, citations: [] });
    expect(answer.answer).toContain('I could not find this in the documents I can read here.');
    expect(answer.answer).toContain('The documents never mention 2031.');
    // The same question without the year is answered from p.10.
    const answered = await answerOf(app.ask({ spaces: [operations], question: 'How many people worked at the Rotterdam warehouse?' }));
    expect(answered.grounded).toBe(true);
    expect(answered.answer).toContain('1,240');
  });

  it('answers a question that names its document by a number only the file name carries', async () => {
    const papers = parseSpaceId('papers');
    await ingest(papers, '2409.01234v2.pdf', await makeOperationsPdf());
    const answer = await answerOf(app.ask({ spaces: [papers], question: 'How many people work at the Rotterdam warehouse according to 2409.01234?' }));
    expect(answer.grounded).toBe(true);
    expect(answer.answer).toContain('1,240');
    const byFileName = await answerOf(
      app.ask({ spaces: [papers], question: 'According to 2409.01234v2.pdf, how many people work at the Rotterdam warehouse?' }),
    );
    expect(byFileName.answer).toContain('1,240');
    // A number neither the pages nor the name carry is still one the documents never mention.
    const other = await answerOf(app.ask({ spaces: [papers], question: 'How many people work at the Rotterdam warehouse according to 2409.05555?' }));
    expect(other.answer).toContain('The documents never mention 2409.05555.');
  });

  it('answers a question that names its document by a shortening of its file name', async () => {
    const reports = parseSpaceId('reports');
    await ingest(reports, 'Warehouse Staffing Report.pdf', await makeOperationsPdf());
    for (const question of [
      'How many people work at the Rotterdam warehouse according to the WSR?',
      'What does the Staffing Rep. say about Rotterdam headcount?',
    ]) {
      const answer = await answerOf(app.ask({ spaces: [reports], question }));
      expect(answer.grounded).toBe(true);
      expect(answer.answer).toContain('1,240');
    }
    const other = await answerOf(app.ask({ spaces: [reports], question: 'How many people work at the Rotterdam warehouse according to the WHR?' }));
    expect(other.answer).toContain('The documents never mention WHR.');
  });

  it('answers a question that asks by an acronym its document only writes out', async () => {
    const earnings = parseSpaceId('earnings');
    await ingest(
      earnings,
      'q4-results.pdf',
      await policyPdf([
        ['Results', ['Revenue for the fourth quarter grew nine percent to 1.08 billion dollars.', 'Customers grew to more than 300,000 accounts.']],
        ['Guidance', ['For the first quarter we guide non-GAAP diluted earnings per share of $0.56 to $0.60.', 'Revenue is guided to grow four percent.']],
        ['Legal', ['Forward-looking statements are subject to risks and uncertainties.', 'Actual results may differ materially.']],
      ]),
    );
    const answer = await answerOf(app.ask({ spaces: [earnings], question: 'What non-GAAP diluted EPS do they guide for Q1?' }));
    expect(answer.grounded).toBe(true);
    expect(answer.answer).toContain('$0.56 to $0.60');
    // An acronym no page writes out is still one the documents never mention.
    const other = await answerOf(app.ask({ spaces: [earnings], question: 'What non-GAAP diluted XRQ do they guide for Q1?' }));
    expect(other.answer).toContain('The documents never mention XRQ.');
  });

  it('says not found when the question names a place no document mentions, and answers it for one they do', async () => {
    const answer = await answerOf(app.ask({ spaces: [operations], question: 'How many people work at the Lisbon warehouse?' }));
    expect(answer).toMatchObject({ grounded: false, citations: [] });
    expect(answer.answer).toContain('The documents never mention Lisbon.');
    // A misspelt name the document does hold is still answered.
    const misspelt = await answerOf(app.ask({ spaces: [operations], question: 'How many people work at the Roterdam warehouse?' }));
    expect(misspelt.grounded).toBe(true);
    expect(misspelt.answer).toContain('1,240');
  });
});

// ---------------------------------------------------------------------------------------------------
// Through the real SDK clients against fake model servers

const question = 'How many people work at the Rotterdam warehouse?';
const planReply = JSON.stringify({
  language: 'en',
  subQuestions: [question],
  tasks: [],
  variants: ['Rotterdam warehouse head count', 'employees Rotterdam warehouse'],
  hyde: ['The Rotterdam warehouse employs about a thousand people.'],
  picks: [],
});

/** The scripted answer: it cites the passage whose label names p.10, or says NOT_FOUND when none does. */
function answerReply(system: string | undefined): string {
  const n = passageLabelled(system, 'operations.pdf', rotterdamPage);
  return n === undefined ? 'NOT_FOUND: no passage is labelled with page 10.' : `The Rotterdam warehouse employs approximately 1,240 people [${n}].`;
}

/**
 * The scripted choice of a model that chooses (choose-quotes.ts): the excerpt that holds the fact, with
 * its short answer; none when it was not shown.
 */
function chooseReply(system: string | undefined): string {
  const line = (system ?? '').split('\n').find(entry => entry.includes('approximately 1,240 people'));
  const number = line ? Number(/^\[(\d+)\]/u.exec(line)?.[1]) : undefined;
  return JSON.stringify(number ? { excerpts: [number], answer: 'About 1,240 people.' } : { excerpts: [], answer: '' });
}

/** Whether a structured-output request is the chooser's (its schema has `excerpts`), not the plan's. */
const choosing = (schema: unknown) => JSON.stringify(schema ?? {}).includes('"excerpts"');

interface ProviderCase {
  name: string;
  start: () => Promise<{
    environment: Record<string, string>;
    /** Generate calls seen: whether each asked for JSON (the plan) and its system text. */
    calls: () => Array<{ json: boolean; schema?: unknown; system?: string; text: string }>;
    close: () => Promise<void>;
  }>;
}

const providers: ProviderCase[] = [
  {
    name: 'Gemini',
    start: async () => {
      const server = await FakeGeminiServer.start({ apiKey: 'fake-gemini-key' });
      server.reply = call => (choosing(call.jsonSchema) ? chooseReply(call.system) : call.jsonSchema ? planReply : answerReply(call.system));
      return {
        environment: { GEMINI_API_KEY: 'fake-gemini-key', GEMINI_BASE_URL: server.url, GEMINI_CHAT_MODEL: 'fake-flash', GEMINI_EMBEDDING_DIMENSIONS: '64' },
        calls: () => server.generateCalls.map(call => ({ json: Boolean(call.jsonSchema), schema: call.jsonSchema, system: call.system, text: call.text })),
        close: () => server.close(),
      };
    },
  },
  {
    name: 'OpenAI-compatible',
    start: async () => {
      const server = await FakeOpenAIServer.start({ apiKey: 'fake-openai-key' });
      server.reply = call =>
        choosing(call.responseFormat?.json_schema?.schema) ? chooseReply(call.system) : call.responseFormat ? planReply : answerReply(call.system);
      return {
        environment: {
          OPENAI_BASE_URL: server.url,
          OPENAI_API_KEY: 'fake-openai-key',
          OPENAI_CHAT_MODEL: 'fake-chat',
          OPENAI_EMBEDDING_MODEL: 'fake-embed',
          OPENAI_EMBEDDING_DIMENSIONS: '64',
        },
        calls: () =>
          server.chatCalls.map(call => ({
            json: Boolean(call.responseFormat),
            schema: call.responseFormat?.json_schema?.schema,
            system: call.system,
            text: call.text,
          })),
        close: () => server.close(),
      };
    },
  },
];

describe.each(providers)('answers built from the ranked pages with a model ($name, through its SDK)', provider => {
  let dataDir: string;
  let app: Folio;
  let fake: Awaited<ReturnType<ProviderCase['start']>>;
  const space = parseSpaceId('operations');

  beforeAll(async () => {
    fake = await provider.start();
    dataDir = await mkdtemp(join(tmpdir(), 'folio-pages-model-'));
    app = createFolio(loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_LOG_LEVEL: 'silent', FOLIO_OCR: 'off', FOLIO_DESCRIBE_FIGURES: 'off', ...fake.environment }));
    expect(app.models.language).toBeDefined();
    const path = join(dataDir, 'operations.pdf');
    await writeFile(path, await makeOperationsPdf());
    const [outcome] = await app.ingestFiles([{ path, name: 'operations.pdf' }], space);
    expect(outcome, JSON.stringify(outcome.error)).toMatchObject({ status: 'ready', pages: 14 });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await fake?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('gives the model the page deep inside the section and cites it', async () => {
    const answer = await answerOf(app.ask({ spaces: [space], question }));
    const calls = fake.calls();
    const plans = calls.filter(call => call.json);
    const answers = calls.filter(call => !call.json);
    expect(plans).toHaveLength(1);
    expect(answers).toHaveLength(1);
    // The answer request carried the gold page's text, under a label naming p.10.
    expect(answers[0].system).toContain('approximately 1,240 people');
    expect(passageLabelled(answers[0].system, 'operations.pdf', rotterdamPage)).toBeDefined();
    expect(answers[0].text).toContain(question);

    expect(answer).toMatchObject({ grounded: true, extractive: false, modelCalls: 2, language: 'en' });
    expect(answer.context.some(entry => entry.pages.includes(rotterdamPage))).toBe(true);
    const n = passageLabelled(answers[0].system, 'operations.pdf', rotterdamPage)!;
    expect(answer.answer).toBe(`The Rotterdam warehouse employs approximately 1,240 people [${n}].`);
    expect(answer.citations).toEqual([expect.objectContaining({ n, document: 'operations.pdf', pages: [rotterdamPage], space })]);
    // The model's paraphrase rests on the page's own sentence, placed for "show me where".
    expect(answer.citations[0].quotes).toEqual([{ page: rotterdamPage, text: rotterdamFact, highlight: expect.stringMatching(/^\d{4}:\d+-\d+$/) }]);
    expect(contextOf(answer, n)).toMatchObject({ document: 'operations.pdf', title: '3 Operations' });
    expect(contextOf(answer, n).pages).toContain(rotterdamPage);
    expectCitationsMatchContext(answer);
  });

  it('has a model that chooses (FOLIO_MODEL_ANSWER=choose) pick the sentence, through the structured output of its SDK', async () => {
    const chooser = createFolio({ ...app.config, ask: { ...app.config.ask, modelAnswer: 'choose' } }, { log: app.log });
    const before = fake.calls().length;
    const answer = await answerOf(chooser.ask({ spaces: [space], question }));
    const calls = fake.calls().slice(before);
    // One call: the chooser's, whose schema allows only the numbers of the excerpts it was shown.
    expect(calls).toHaveLength(1);
    const shown = [...(calls[0].system ?? '').matchAll(/^\[(\d+)\] /gmu)].map(match => Number(match[1]));
    expect(JSON.stringify(calls[0].schema)).toContain(`"enum":${JSON.stringify(shown)}`);
    expect(answer).toMatchObject({ grounded: true, extractive: false, plan: 'offline', modelCalls: 1 });
    const cited = answer.citations.find(citation => citation.pages.includes(rotterdamPage));
    expect(cited).toBeDefined();
    expect(answer.answer.startsWith(`About 1,240 people [${cited!.n}].\n\n“${rotterdamFact}” [${cited!.n}]`)).toBe(true);
    expectCitationsMatchContext(answer);
  });
});
