import { describe, expect, it } from 'vitest';
import type { TextRun } from '../page-content.ts';
import { detectTables } from './detect-tables.ts';
import { horizontalRule, syntheticPage, textRun, verticalRule, wordRuns } from '../../../../test/support/tables/synthetic-page.ts';

describe('detectTables: ruled grids', () => {
  const header = ['Region', 'Units', 'Revenue'];
  const body = [
    ['North', '120', '$ 4,500'],
    ['South', '85', '$ 3,100'],
    ['West', '40', 'n/a'],
  ];
  const columnLefts = [72, 192, 312];
  const right = 432;

  function ruledGridPage(wrappedLabel = ['Far', 'East']) {
    const ruleYs = [100, 120, 140, 160, 180, 210];
    const runs: TextRun[] = [];
    [header, ...body].forEach((row, rowIndex) => {
      row.forEach((text, column) => runs.push(textRun(text, columnLefts[column] + 4, ruleYs[rowIndex] + 4)));
    });
    // The last ruled row holds a cell wrapped over two lines ("Far" / "East").
    runs.push(textRun(wrappedLabel[0], 76, 184), textRun(wrappedLabel[1], 76, 196), textRun('7', 196, 184), textRun('$ 900', 316, 184));
    const rulings = [...ruleYs.map(y => horizontalRule(72, right, y)), ...[...columnLefts, right].map(x => verticalRule(x, 100, 210))];
    return syntheticPage(runs, rulings);
  }

  it('reads every cell of a fully ruled grid, with the first row as header', () => {
    const content = ruledGridPage();
    const tables = detectTables(content);
    expect(tables).toHaveLength(1);
    const [table] = tables;
    expect(table.method).toBe('ruled');
    expect(table.cells).toEqual([header, ...body, ['Far East', '7', '$ 900']]);
    expect(table.markdown.split('\n')[0]).toBe('| Region | Units | Revenue |');
    expect(table.markdown.split('\n')[1]).toBe('| --- | --- | --- |');
    expect(table.runIndices).toEqual(content.runs.map((_, index) => index));
    expect(table.bbox.x).toBeCloseTo(72);
    expect(table.bbox.y).toBeCloseTo(100);
    expect(table.bbox.x + table.bbox.width).toBeCloseTo(right);
    expect(table.bbox.y + table.bbox.height).toBeCloseTo(210);
    // Row boxes: as wide as the table, as tall as the row's text (two lines for "Far" / "East").
    expect(table.rowBoxes!.map(box => [box!.x, box!.width, box!.y, box!.y + box!.height])).toEqual([
      [72, 360, 104, 116],
      [72, 360, 124, 136],
      [72, 360, 144, 156],
      [72, 360, 164, 176],
      [72, 360, 184, 208],
    ]);
  });

  it('joins a cell wrapped after its own hyphen without a space, and other wraps with one', () => {
    expect(detectTables(ruledGridPage(['49e168b7-', 'd2ae-407f']))[0].cells[4][0]).toBe('49e168b7-d2ae-407f');
    expect(detectTables(ruledGridPage(['Far -', 'East']))[0].cells[4][0]).toBe('Far - East');
  });

  it('leaves the sub-cells of a spanning cell empty instead of inventing text', () => {
    const content = ruledGridPage();
    // An extra vertical rule splits only the header row's last cell: "Revenue" now spans two sub-columns.
    content.graphics.rulings.push(verticalRule(372, 120, 210));
    for (const y of [124, 144, 164, 184]) content.runs.push(textRun('+5%', 376, y));
    const [table] = detectTables(content);
    expect(table.cells[0]).toEqual(['Region', 'Units', 'Revenue', '']);
    expect(table.cells[1]).toEqual(['North', '120', '$ 4,500', '+5%']);
    expect(table.cells.every(row => row.length === 4)).toBe(true);
  });

  it('splits a band of a ledger’s entries, ruled only around it, into one row per entry with its wrapped description', () => {
    // Columns: document, date, description, amount. Rules: frame, header rule; no rules between entries.
    const lefts = [72, 160, 240, 480];
    const runs: TextRun[] = [textRun('Document', 76, 104), textRun('Posted', 164, 104), textRun('Description', 244, 104), textRun('Amount', 484, 104)];
    const entries = [
      ['DHAW0001', '05/03/2019', 'STAFF TRANSPORTATION', '920.68', 'AIRFARE KANSAS CITY TO WASHINGTON'],
      ['DHAW0002', '05/24/2019', 'SENATOR TRANSPORTATION', '618.00', 'TRAIN FARE WASHINGTON TO NEW YORK'],
      ['DHAW0003', '06/13/2019', 'STAFF LODGING', '210.40', 'HOTEL IN SAINT LOUIS'],
    ];
    entries.forEach(([document, date, description, amount, detail], index) => {
      const y = 124 + index * 24;
      runs.push(
        textRun(document, 76, y),
        textRun(date, 164, y),
        textRun(description, 244, y),
        textRun(amount, 540, y, { align: 'right' }),
        textRun(detail, 244, y + 11),
      );
    });
    const rulings = [...[100, 118, 196].map(y => horizontalRule(72, 560, y)), ...[...lefts, 560].map(x => verticalRule(x, 100, 196))];
    const [table] = detectTables(syntheticPage(runs, rulings));
    expect(table.cells).toEqual([
      ['Document', 'Posted', 'Description', 'Amount'],
      ['DHAW0001', '05/03/2019', 'STAFF TRANSPORTATION AIRFARE KANSAS CITY TO WASHINGTON', '920.68'],
      ['DHAW0002', '05/24/2019', 'SENATOR TRANSPORTATION TRAIN FARE WASHINGTON TO NEW YORK', '618.00'],
      ['DHAW0003', '06/13/2019', 'STAFF LODGING HOTEL IN SAINT LOUIS', '210.40'],
    ]);
  });

  it('reads a label that ends in a colon as a row of its own, not as the wrapped end of the row above', () => {
    // A balance sheet with a rule above each total: a section label ("Non-current assets:") under a total.
    const lefts = [72, 300, 400];
    const lines = [
      ['Cash and cash equivalents', '24,687', '23,646'],
      ['Total current assets', '112,913', '135,405'],
      ['Non-current assets:'],
      ['Marketable securities', '110,461', '120,805'],
      ['Total assets', '332,160', '352,755'],
    ];
    const runs: TextRun[] = [textRun('Balance', 76, 104), textRun('2023', 304, 104), textRun('2022', 404, 104)];
    lines.forEach((cells, index) => cells.forEach((text, column) => runs.push(textRun(text, lefts[column] + 4, 124 + index * 14))));
    const rulings = [...[100, 118, 135, 177, 196].map(y => horizontalRule(72, 500, y)), ...[...lefts, 500].map(x => verticalRule(x, 100, 196))];
    const [table] = detectTables(syntheticPage(runs, rulings));
    expect(table.cells.map(row => row[0])).toEqual([
      'Balance',
      'Cash and cash equivalents',
      'Total current assets',
      'Non-current assets:',
      'Marketable securities',
      'Total assets',
    ]);
  });

  it("reads a cell that spans columns whole, where a column's rule stops short of its row", () => {
    // Rows 100-120, 120-140, 140-160; the rule at 300 stops at 140, and the last row's text crosses its
    // place: one cell spans it. The rule at 200 is missing there too, but no text crosses it.
    const runs = [
      textRun('Week', 76, 105),
      textRun('Hours', 204, 105),
      textRun('Pay', 304, 105),
      textRun('Ex 1', 76, 125),
      textRun('44 h', 204, 125),
      textRun('190,31 €', 304, 125),
      textRun('Total pay', 76, 145),
      textRun('205, 53 €', 270, 145),
    ];
    const rulings = [
      ...[100, 120, 140, 160].map(y => horizontalRule(72, 400, y)),
      ...[72, 400].map(x => verticalRule(x, 100, 160)),
      verticalRule(200, 100, 140),
      verticalRule(300, 100, 140),
    ];
    const [table] = detectTables(syntheticPage(runs, rulings));
    expect(table.cells).toEqual([
      ['Week', 'Hours', 'Pay'],
      ['Ex 1', '44 h', '190,31 €'],
      ['Total pay', '205, 53 €', ''],
    ]);
  });

  it('does not take a box around a paragraph for a table', () => {
    const paragraph = [
      'Note: all figures in this report are unaudited and may change when the',
      'annual accounts are closed. Readers should not rely on them for any',
      'investment decision; see the notice on page 2 for the full disclaimer.',
    ];
    const runs = paragraph.flatMap((line, index) => wordRuns(line, 80, 110 + index * 13));
    const rulings = [horizontalRule(72, 460, 100), horizontalRule(72, 460, 160), verticalRule(72, 100, 160), verticalRule(460, 100, 160)];
    expect(detectTables(syntheticPage(runs, rulings))).toEqual([]);
  });

  it('does not take a boxed list of bullets for a table', () => {
    const runs = [
      textRun('●', 80, 104),
      ...wordRuns('LLM Tree Search: one can give the LLM a prompt', 120, 104),
      textRun('●', 80, 124),
      ...wordRuns('Value-based Tree Search: a model scores each node', 120, 124),
    ];
    const rulings = [...[100, 120, 140].map(y => horizontalRule(72, 460, y)), ...[72, 100, 460].map(x => verticalRule(x, 100, 140))];
    expect(detectTables(syntheticPage(runs, rulings))).toEqual([]);
  });

  it('does not take a single boxed cell or a boxed heading for a table', () => {
    const runs = [textRun('Key findings', 80, 104, { bold: true })];
    const rulings = [horizontalRule(72, 300, 100), horizontalRule(72, 300, 120), verticalRule(72, 100, 120), verticalRule(300, 100, 120)];
    expect(detectTables(syntheticPage(runs, rulings))).toEqual([]);
  });
});

describe('detectTables: horizontally ruled (booktabs) tables', () => {
  it('takes columns from text alignment and the header from above the header rule', () => {
    const header = ['Model', 'Backbone', 'Accuracy', 'F1'];
    const body = [
      ['Baseline', 'ResNet-50', '81.2', '0.79'],
      ['Ours (small)', 'ViT-S', '84.0', '0.82'],
      ['Ours (large)', 'ViT-L', '86.5', '0.85'],
      ['Ensemble', 'mixed', '87.1', '0.86'],
    ];
    // Text columns are left-aligned, number columns right-aligned, as LaTeX sets them.
    const place = (row: string[], y: number) => [
      textRun(row[0], 76, y),
      textRun(row[1], 170, y),
      textRun(row[2], 300, y, { align: 'right' }),
      textRun(row[3], 380, y, { align: 'right' }),
    ];
    const runs = [...place(header, 104), ...body.flatMap((row, index) => place(row, 124 + index * 14))];
    const rulings = [horizontalRule(72, 390, 100), horizontalRule(72, 390, 119), horizontalRule(72, 390, 182)];
    const tables = detectTables(syntheticPage(runs, rulings));
    expect(tables).toHaveLength(1);
    expect(tables[0].method).toBe('ruled');
    expect(tables[0].cells).toEqual([header, ...body]);
    expect(tables[0].runIndices).toHaveLength(runs.length);
  });

  it('does not read a two-column page between two full-width rules as a table', () => {
    const runs = columnsOfText([72, 318], 90, 20);
    const rulings = [horizontalRule(72, 540, 80), horizontalRule(72, 540, 360)];
    expect(detectTables(syntheticPage(runs, rulings))).toEqual([]);
  });

  it('does not read three columns of prose under a running head’s double rule, over a footnote rule, as a table', () => {
    // The top of a Federal Register page (text, x, y, width, height of each run): the running head,
    // the double rule under it, three columns of prose, and a short rule over the first column's 7 pt footnotes.
    const lines: Array<[string, number, number, number, number]> = [
      ['47699', 536.4, 33.8, 30.6, 11],
      ['Federal Register', 120.1, 34.6, 76.8, 10],
      ['/ Vol. 85, No. 152 / Thursday, August 6, 2020 / Proposed Rules', 198.5, 34.6, 293.2, 10],
      ['Hatta International Airport in Jakarta,', 45, 60.3, 154.8, 9],
      ['Indonesia, resulting in 189 fatalities.', 45, 70.3, 150.8, 9],
      ['Investigation of the accident has been', 45, 80.3, 155.3, 9],
      ['completed by the Indonesian authorities', 45, 90.3, 166.8, 9],
      ['(Komite Nasional Keselamatan', 45, 100.3, 126.9, 9],
      ['Transportasi (KNKT)) with assistance', 45, 110.3, 154.8, 9],
      ['altitude disagree alert,', 222, 60.3, 91.9, 9],
      ['and may affect', 320.3, 60.3, 60.4, 9],
      ['the flightcrew\u2019s ability to accomplish', 222, 70.2, 153.3, 9],
      ['continued safe flight and landing.', 222, 80.1, 139.3, 9],
      ['On November 7, 2018, the FAA issued', 231, 89.3, 158.8, 9],
      ['Emergency AD 2018\u201323\u201351 as an', 222, 99.2, 137.4, 9],
      ['interim corrective action.', 222, 109.1, 104.4, 9],
      ['The FAA', 332.8, 109.1, 38, 9],
      ['sent Emergency AD 2018\u201323\u201351 to all', 222, 119, 156.8, 9],
      ['and the Ethiopian Civil Aviation', 399, 60.3, 134.8, 9],
      ['Authority (ECAA).', 399, 70.2, 77, 9],
      ['The data from the flight data', 408, 79.4, 117.8, 9],
      ['recorders, as summarized in reports ', 399, 89.3, 149.3, 9],
      ['of', 554.7, 89.3, 8, 9],
      ['the Ethiopian Airlines Flight 302', 399, 99.2, 136.3, 9],
      ['accident and the Lion Air Flight 610', 399, 109.1, 150.3, 9],
      ['accident, indicated that if a single', 399, 119, 139.8, 9],
    ];
    const runs = [...lines, ['Preliminary KNKT.18.10.35.04 Aircraft', 56.2, 123, 126, 7] as const].map(([text, x, y, width, height]) => ({
      ...textRun(text, x, y, { fontSize: height }),
      bbox: { x, y, width, height },
    }));
    const rulings = [horizontalRule(45, 567, 48), horizontalRule(45, 567, 52), horizontalRule(45, 95, 120)];
    expect(detectTables(syntheticPage(runs, rulings))).toEqual([]);
  });
});

describe('detectTables: three columns of prose on a first page', () => {
  it("does not read a Federal Register first page's columns under its masthead rules as a table", () => {
    // Under the masthead's rules, 28 lines 9 pt apart: the agency's short lines and some prose in the
    // first column, bullets and prose in the second, prose in the third, each column 166 pt wide, its
    // prose lines mostly full (justified), some ending a paragraph short.
    const prose = 'the agency proposes to supersede the directive';
    const runs: TextRun[] = [textRun('Proposed Rules', 45, 60, { fontSize: 16 }), textRun('Federal Register Vol. 85, No. 152', 399, 60)];
    const cell = (text: string, x: number, y: number, width: number) =>
      runs.push({ ...textRun(text, x, y, { fontSize: 9 }), bbox: { x, y, width, height: 9 } });
    for (let line = 0; line < 28; line++) {
      const y = 115 + 9 * line;
      if (line < 10) cell(prose, 45, y, line < 8 ? 166 : 120);
      else cell(line % 2 === 0 ? 'DEPARTMENT OF TRANSPORTATION' : 'Federal Aviation Administration', 45, y, 130);
      if (line % 3 === 0) cell('• Fax: 202–493–2251.', 222, y, 80);
      else cell(prose, 222, y, line % 7 === 1 ? 100 : 166);
      if (line % 14 === 13) cell('rules.', 399, y, 24);
      else cell(prose, 399, y, line % 4 === 3 ? 100 : 166);
    }
    const rulings = [horizontalRule(45, 567, 48), horizontalRule(45, 567, 52), horizontalRule(45, 567, 109), horizontalRule(45, 567, 373)];
    expect(detectTables(syntheticPage(runs, rulings))).toEqual([]);
  });
});

describe('detectTables: borderless financial statements', () => {
  const rows: Array<[string, string, string]> = [
    ['Revenues', '$ 24,690', '$ 23,549'],
    ['Costs and expenses', '(20,612)', '(20,613)'],
    ['Restructuring charges', '(143)', '—'],
    ['Interest expense, net', '(367)', '(246)'],
    ['Income before income taxes', '3,660', '2,871'],
    ['Income taxes', '(1,016)', '(720)'],
    ['Net income', '$ 2,644', '$ 2,151'],
  ];

  function statementPage() {
    const runs: TextRun[] = [];
    runs.push(...wordRuns('The following table shows the results of the quarter compared with last year.', 72, 80));
    runs.push(textRun('2024', 400, 110, { align: 'right', bold: true }), textRun('2023', 480, 110, { align: 'right', bold: true }));
    runs.push(...wordRuns('Operating results:', 72, 126));
    rows.forEach(([label, current, prior], index) => {
      const y = 140 + index * 14;
      runs.push(...wordRuns(label, 80, y));
      for (const [value, right] of [
        [current, 400],
        [prior, 480],
      ] as const) {
        // Financial layouts set the "$" flush left in its column, apart from the right-aligned digits.
        if (value.startsWith('$ ')) runs.push(textRun('$', right - 60, y), textRun(value.slice(2), right, y, { align: 'right' }));
        else runs.push(textRun(value, right, y, { align: 'right' }));
      }
    });
    runs.push(...wordRuns('Net income grew mainly because of lower restructuring charges this quarter.', 72, 260));
    return syntheticPage(runs);
  }

  it('finds the aligned columns, keeps negatives, dashes and currency, and uses the year line as header', () => {
    const content = statementPage();
    const tables = detectTables(content);
    expect(tables).toHaveLength(1);
    const [table] = tables;
    expect(table.method).toBe('aligned');
    expect(table.cells[0]).toEqual(['', '2024', '2023']);
    expect(table.cells[1]).toEqual(['Operating results:', '', '']);
    const expectedBody = rows.map(([label, current, prior]) => [label, current.replace('$ ', '$'), prior.replace('$ ', '$')]);
    expect(table.cells.slice(2)).toEqual(expectedBody);
    // One box per row, top to bottom: the year line, the label line, the statement's lines 14 pt apart.
    expect(table.rowBoxes!.map(box => box!.y)).toEqual([110, 126, ...rows.map((_, index) => 140 + index * 14)]);
    expect(table.rowBoxes!.every(box => box!.height === 12 && box!.x === table.bbox.x && box!.width === table.bbox.width)).toBe(true);
    const tableTexts = table.runIndices.map(index => content.runs[index].text);
    expect(tableTexts).not.toContain('following');
    expect(tableTexts).not.toContain('grew');
  });

  it('reads a table of scores ("11 / 14") as a table of numbers', () => {
    const runs: TextRun[] = [textRun('Level A', 230, 100), textRun('Level AA', 350, 100), textRun('Total', 470, 100)];
    const scores = [
      ['Perceivable', '7 / 9', '9 / 11', '16 / 20'],
      ['Operable', '11 / 14', '4 / 6', '15 / 20'],
      ['Understandable', '7 / 7', '6 / 6', '13 / 13'],
      ['Robust', '2 / 2', '1 / 1', '3 / 3'],
    ];
    scores.forEach(([label, ...values], index) => {
      const y = 125 + 25 * index;
      runs.push(textRun(label!, 62, y), ...values.map((value, column) => textRun(value, 230 + 120 * column, y)));
    });
    const [table] = detectTables(syntheticPage(runs));
    expect(table?.cells).toEqual([['', 'Level A', 'Level AA', 'Total'], ...scores]);
  });

  it('reads labels of one pattern, as long and even as lines of prose, as the label column', () => {
    const metals = ['Arsenic', 'Cadmium', 'Chromium', 'Copper', 'Lead', 'Mercury', 'Nickel', 'Zinc'];
    const runs: TextRun[] = [textRun('to air', 300, 100), textRun('to water', 370, 100), textRun('to land', 440, 100)];
    metals.forEach((metal, index) => {
      const y = 114 + 10 * index;
      runs.push(...wordRuns(`${metal} and compounds (as ${metal.slice(0, 2)})`, 102, y, { fontSize: 8 }));
      for (const [value, right] of [
        [`${(index + 1) * 10}`, 320],
        [`${index + 1}`, 390],
        [`${index + 2}`, 460],
      ] as const)
        runs.push(textRun(value, right, y, { align: 'right', fontSize: 8 }));
    });
    const [table] = detectTables(syntheticPage(runs));
    expect(table.cells[0]).toEqual(['', 'to air', 'to water', 'to land']);
    expect(table.cells[6]).toEqual(['Mercury and compounds (as Me)', '60', '6', '7']);
  });

  it('leaves the note and the page number under a table ruled over its figures out of it, when the footer rule closes its rules', () => {
    const small = { fontSize: 7 };
    const runs: TextRun[] = [textRun('Jan 26, 2025', 420, 402, { ...small, align: 'right' }), textRun('Jan 28, 2024', 500, 402, { ...small, align: 'right' })];
    const body = [
      ['Cost of revenue', '178', '141'],
      ['Research and development', '3,423', '2,532'],
      ['Sales, general and administrative', '1,136', '876'],
      ['Total', '4,737', '3,549'],
    ];
    body.forEach(([label, current, prior], index) => {
      const y = 422 + 9 * index;
      runs.push(...wordRuns(label, 81, y, small), textRun(current, 420, y, { ...small, align: 'right' }), textRun(prior, 500, y, { ...small, align: 'right' }));
    });
    runs.push(textRun('Stock-based compensation capitalized in inventories was not significant during fiscal years 2025 and 2024.', 80, 467, small));
    runs.push(textRun('62', 302, 499, small));
    const rulings = [401, 411, 449, 458].map(y => horizontalRule(350, 520, y)).concat(horizontalRule(80, 531, 516));
    const content = syntheticPage(runs, rulings);
    const [table] = detectTables(content);
    expect(table.cells.at(-1)).toEqual(['Total', '4,737', '3,549']);
    const tableTexts = table.runIndices.map(index => content.runs[index].text);
    expect(tableTexts).not.toContain('62');
    expect(tableTexts.some(text => text.startsWith('Stock-based'))).toBe(false);
  });

  it("leaves an invoice's terms of payment under its last line item out of it, down to the footer rule", () => {
    const runs: TextRun[] = [];
    const header: Array<[string, number]> = [
      ['Pos.', 58],
      ['Qty', 110],
      ['Description', 150],
      ['Unit price', 440],
      ['Amount', 520],
    ];
    for (const [text, x] of header) runs.push(textRun(text, x, 350));
    runs.push(textRun('7', 62, 380), textRun('1', 115, 380), ...wordRuns('Small Business Exchange 2010 base fee', 150, 380));
    runs.push(textRun('3,89', 470, 380, { align: 'right' }), textRun('3,89', 560, 380, { align: 'right' }));
    runs.push(...wordRuns('per mailbox, 01.05.14-31.05.14', 150, 392));
    // Far under the item: the terms of payment, set as labels and values, and a remark.
    for (const [label, value, y] of [
      ['Payment', 'Bank transfer', 480],
      ['Terms', '14 days net', 492],
      ['Due date', '21.05.14', 504],
    ] as const)
      runs.push(textRun(label, 58, y), ...wordRuns(value, 200, y));
    runs.push(...wordRuns('For questions about this invoice please write to our accounts department.', 58, 530));
    const rulings = [horizontalRule(54, 572, 339), horizontalRule(54, 572, 371), horizontalRule(54, 572, 761)];
    const [table] = detectTables(syntheticPage(runs, rulings));
    expect(table?.cells.map(row => row[0])).toEqual(['Pos.', '7']);
  });

  it("reads an invoice's line items inside rules that stand the page's height apart and read as no table", () => {
    const runs: TextRun[] = [...wordRuns('INVOICE', 45, 80, { fontSize: 16, bold: true })];
    ['Pino Bluebird', 'Sesame Street 32', '1025 RX Amsterdam', 'Invoice number: 993548900', 'Customer number: 6669263', 'Invoice date: 19 April 2014'].forEach(
      (line, index) => runs.push(...wordRuns(line, 45, 130 + 12 * index)),
    );
    runs.push(textRun('Article', 45, 250), textRun('Qty', 381, 250), textRun('Unit price', 419, 250), textRun('VAT', 473, 250), textRun('Total', 517, 250));
    const items: Array<[string, string, string]> = [
      ['Tablet Air Wifi 16 GB Silver', '1', '€ 399,00'],
      ['Leather Slim Cover', '1', '€ 69,99'],
      ['Handheld console XL', '1', '€ 189,00'],
      ['Power adapter', '1', '€ 14,99'],
      ['Racing game', '1', '€ 44,99'],
    ];
    items.forEach(([article, quantity, price], index) => {
      const y = 264 + 15 * index;
      runs.push(...wordRuns(article, 45, y), textRun(quantity, 386, y, { align: 'right' }), textRun(price, 450, y, { align: 'right' }));
      runs.push(textRun('21%', 488, y, { align: 'right' }), textRun(price, 549, y, { align: 'right' }));
    });
    for (const [label, amount, y] of [
      ['Excluding VAT', '€ 593,36', 579],
      ['VAT 21%', '€ 124,61', 590],
      ['Total', '€ 717,97', 609],
    ] as const)
      runs.push(...wordRuns(label, 62, y), textRun(amount, 179, y, { align: 'right' }));
    runs.push(...wordRuns('Print it? No need. Your invoice is always in your mail and in your account.', 45, 700));
    // A rule under the header row, every other row shaded across the page, rules by the totals and over
    // the footer: one stack of rules from the letterhead down to the footer, whose bands hold no rows.
    const rulings = [
      horizontalRule(445, 521, 113),
      horizontalRule(45, 550, 259),
      ...[279, 294, 309, 324].map(y => horizontalRule(0, 595, y)),
      horizontalRule(56, 550, 576),
      horizontalRule(388, 550, 598),
      horizontalRule(126, 180, 607),
      horizontalRule(0, 595, 774),
    ];
    const content = syntheticPage(runs, rulings);
    const tables = detectTables(content);
    expect(tables).toHaveLength(1);
    expect(tables[0].cells.find(row => row[0] === 'Handheld console XL')).toEqual(['Handheld console XL', '1', '€ 189,00', '21%', '€ 189,00']);
  });

  it("reads an invoice's items labelled after their date and item number, the date on a day's first item only", () => {
    const runs: TextRun[] = [...wordRuns('Für ärztliche Bemühungen bis 19.10.2018 erlaube ich mir zu berechnen: € 54,95', 71, 259)];
    const lefts = [92, 140, 189, 325, 393, 469];
    ['Datum', 'Nr.', 'Leistungsbezeichnung', 'Anzahl', 'Satz', 'Betrag'].forEach((name, column) => runs.push(textRun(name, lefts[column], 350)));
    const items = [
      ['04.10.18', '1', 'Beratung, auch telefonisch', '1', '2,3', '10,72 €'],
      ['', '5', 'Untersuchung', '1', '2,3', '10,72 €'],
      ['', '70', 'Krankschreibung', '1', '2,3', '5,36 €'],
      ['19.10.18', '1', 'Beratung, auch telefonisch', '1', '2,3', '10,72 €'],
      ['', '5', 'Untersuchung', '1', '2,3', '10,72 €'],
      ['', '3501', 'Blutsenkung', '1', '1,15', '4,02 €'],
      ['', '3597.H1', 'Laktatdehydrogenase (LDH)', '1', '1,15', '2,68 €'],
    ];
    items.forEach((item, row) =>
      item.forEach((text, column) => {
        if (column === 2) runs.push(...wordRuns(text, lefts[column], 364 + 12 * row));
        else if (text) runs.push(textRun(text, lefts[column], 364 + 12 * row));
      }),
    );
    const tables = detectTables(syntheticPage(runs));
    expect(tables).toHaveLength(1);
    expect(tables[0].cells[0]).toEqual(['Datum', 'Nr.', 'Leistungsbezeichnung', 'Anzahl', 'Satz', 'Betrag']);
    expect(tables[0].cells.slice(1)).toEqual(items);
  });

  /** A spreadsheet printed without borders: "Year | Freshwater Ducks" over a row per year (LibreOffice's PDF of an ODS). */
  function timeSeriesPage(years: string[]) {
    const runs: TextRun[] = [...wordRuns('Number of freshwater ducks per year', 122, 91)];
    runs.push(textRun('Year', 122, 117), textRun('Freshwater Ducks', 186, 117));
    years.forEach((year, index) =>
      runs.push(textRun(year, 161, 130 + 13 * index), textRun(String(120 + 10 * index), 274, 130 + 13 * index, { align: 'right' })),
    );
    return syntheticPage(runs);
  }

  it('reads a time series of one column of numbers under column names wider than its columns', () => {
    const tables = detectTables(timeSeriesPage(['2019', '2020', '2021', '2022']));
    expect(tables).toHaveLength(1);
    expect(tables[0].cells).toEqual([
      ['Year', 'Freshwater Ducks'],
      ['2019', '120'],
      ['2020', '130'],
      ['2021', '140'],
      ['2022', '150'],
    ]);
    // Not a run of years: chart ticks, page numbers and the like stay text.
    expect(detectTables(timeSeriesPage(['2019', '2021', '2024', '2022']))).toEqual([]);
  });

  it('does not fire on two- or three-column pages of prose, even with numbers in the text', () => {
    expect(detectTables(syntheticPage(columnsOfText([72, 318], 80, 44)))).toEqual([]);
    expect(detectTables(syntheticPage(columnsOfText([36, 236, 436], 80, 44, 7)))).toEqual([]);
  });

  it('does not fire on justified paragraphs', () => {
    const sentence = 'In 2023 revenue rose 12 percent to 4,500 million while costs fell 3 percent';
    const runs: TextRun[] = [];
    for (let line = 0; line < 12; line++) {
      // Justification stretches the gaps between words differently on every line.
      let cursor = 72;
      for (const word of sentence.split(' ')) {
        const run = textRun(word, cursor, 100 + line * 13);
        runs.push(run);
        cursor += run.bbox.width + 2.8 + ((line * 7 + word.length) % 5) * 0.9;
      }
    }
    expect(detectTables(syntheticPage(runs))).toEqual([]);
  });
});

/** Columns of body text (word-level runs) starting at the given x positions, with years and amounts in the prose. */
function columnsOfText(columnLefts: number[], top: number, lineCount: number, fontSize = 10): TextRun[] {
  // Each line is about 40 characters (about 200 pt at 10 pt), so the columns never touch.
  const sentences = [
    'Revenue in 2023 grew by 12% to 4,500',
    'units while costs stayed flat at 1,200',
    'thanks to the 2022 plan that moved 35',
    'staff into the new regional service hub',
  ];
  const runs: TextRun[] = [];
  for (let line = 0; line < lineCount; line++) {
    const y = top + line * fontSize * 1.3;
    columnLefts.forEach((left, column) => runs.push(...wordRuns(sentences[(line + column) % sentences.length], left, y, { fontSize })));
  }
  return runs;
}
