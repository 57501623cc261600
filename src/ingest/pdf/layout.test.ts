import { describe, expect, it } from 'vitest';
import type { Block } from '../types.ts';
import { attachCaptions } from './attach-captions.ts';
import { layoutPage } from './layout.ts';
import type { PageContent, TextRun } from './page-content.ts';

function run(text: string, x: number, top: number, size = 10, style: Partial<TextRun> = {}): TextRun {
  return {
    text,
    bbox: { x, y: top, width: text.length * size * 0.5, height: size * 1.2 },
    fontSize: size,
    fontName: style.bold ? 'Helvetica-Bold' : 'Helvetica',
    bold: false,
    italic: false,
    endsLine: true,
    ...style,
  };
}

function page(runs: TextRun[]): PageContent {
  return { page: 2, width: 612, height: 792, runs, graphics: { rulings: [], rectangles: [], images: [], paths: [] } };
}

/** The text of each block a page of `runs` alone is laid out in, without figures or tables. */
function blockTexts(runs: TextRun[]): string[] {
  return layoutPage(page(runs), { figures: [], tables: [] }).map(block => block.text);
}

const sentence = 'Widgets are made of smaller widgets in most factories.';

describe('layoutPage', () => {
  it('puts figures and tables in reading order and keeps their runs out of paragraphs', () => {
    const runs = [
      run(sentence, 72, 100),
      run('Axis label', 100, 200),
      run('Figure 2: Widgets per factory.', 72, 330, 9),
      run('Name', 80, 400),
      run('Count', 200, 400),
      run(`Last words. ${sentence}`, 72, 500),
    ];
    const blocks = layoutPage(page(runs), {
      figures: [{ bbox: { x: 72, y: 150, width: 300, height: 170 }, source: 'vector', runIndices: [1] }],
      tables: [
        {
          bbox: { x: 72, y: 395, width: 200, height: 30 },
          cells: [['Name', 'Count']],
          markdown: '| Name | Count |\n| --- | --- |',
          runIndices: [3, 4],
          method: 'aligned',
        },
      ],
      figureRefs: [{ sha256: 'abc', widthPx: 600, heightPx: 340, source: 'vector' }],
    });
    expect(blocks.map(block => [block.kind, block.text])).toEqual([
      ['paragraph', sentence],
      ['figure', 'Axis label'],
      ['caption', 'Figure 2: Widgets per factory.'],
      ['table', 'Name Count'],
      ['paragraph', `Last words. ${sentence}`],
    ]);
    expect(blocks[3].markdown).toContain('| Name | Count |');
    expect(blocks.every(block => block.page === 2)).toBe(true);

    attachCaptions(blocks);
    expect(blocks[1].figure).toEqual({ sha256: 'abc', widthPx: 600, heightPx: 340, source: 'vector', caption: 'Figure 2: Widgets per factory.' });
  });

  it('reads two columns a narrow gutter apart as columns, not as one line across', () => {
    const left = ['LLMs are limited by their context window', 'even with longer contexts the models grow', 'worse at reading long documents, and so'];
    const right = ['The figure below depicts how the system', 'works: a tree is searched for the nodes', 'that answer, and their pages are read.'];
    // Each line ends (the producer's end of line); the right column starts one em after the left ends.
    const runs = left.flatMap((text, index) => [run(text, 72, 100 + 12 * index), run(right[index], 72 + text.length * 5 + 10, 100 + 12 * index)]);
    const blocks = layoutPage(page(runs), { figures: [], tables: [] });
    expect(blocks.map(block => block.text)).toEqual([left.join(' '), right.join(' ')]);
  });

  it('reads a field label and the value a tab stop after it as one line, and a longer line ending in a colon apart', () => {
    const fields = [
      ['Holder:', 'CCC Salzburg'],
      ['Bank:', 'Salzburger Sparkasse Bank AG'],
      ['IBAN:', 'AT92 2040 4000 4096 8679'],
    ];
    // The labels are written one after the other with their values; the values stand at one tab stop.
    const runs = fields.flatMap(([label, value], index) => [run(label, 340, 750 + 13 * index, 8, { endsLine: false }), run(value, 399, 750 + 13 * index, 8)]);
    expect(blockTexts(runs)).toEqual(['Holder: CCC Salzburg Bank: Salzburger Sparkasse Bank AG IBAN: AT92 2040 4000 4096 8679']);
    // One line ending in a colon, with no other label's value at the tab stop of the text beside it, stays apart from it.
    const lone = [run('The answer is:', 72, 100, 10, { endsLine: false }), run('2023; Yu et al. showed the potential of the series.', 172, 100)];
    expect(blockTexts(lone)).not.toContain('The answer is: 2023; Yu et al. showed the potential of the series.');
    // One label with a date, a number or a code beside it is a field too, whatever other labels do.
    const due = [run("Date d'échéance :", 48, 718, 9, { endsLine: false }), run('30/01/2019', 158, 718, 9)];
    expect(blockTexts(due)).toEqual(["Date d'échéance : 30/01/2019"]);
    // A column's line ending in a colon is no label: the next column beside it stays a column.
    const left = ['The results of the survey are as follows:', 'most factories make their own widgets and'];
    const right = ['Widgets are shipped by rail to the coast', 'where they are loaded onto container ships'];
    const columns = left.flatMap((text, index) => [run(text, 72, 100 + 12 * index), run(right[index], 72 + text.length * 5 + 20, 100 + 12 * index)]);
    expect(blockTexts(columns)).toEqual([left.join(' '), right.join(' ')]);
  });

  it("reads an invoice's totals, each label with the amount right-aligned after it, as lines of their own", () => {
    const totals = [
      ['Excluding VAT', '€ 593,36'],
      ['VAT 21%', '€ 124,61'],
      ['Total', '€ 717,97'],
    ];
    // Labels set flush right at 116 pt, amounts flush right at 179 pt: a gap of 3 to 5 em between them.
    const runs = totals.flatMap(([label, amount], index) => [
      run(label, 116 - label.length * 5, 579 + 12 * index, 9),
      run(amount, 179 - amount.length * 5, 579 + 12 * index, 9),
    ]);
    const text = blockTexts(runs).join(' / ');
    expect(text).toContain('VAT 21% € 124,61');
    expect(text).toContain('Total € 717,97');
    // One label and one number beside it, with no other amount ending where it ends, stay apart.
    const lone = [run('Figure height', 72, 100, 10), run('12', 200, 100, 10)];
    expect(blockTexts(lone)).not.toContain('Figure height 12');
  });

  it("reads a contract's terms, each label with an amount and words after it a tab stop away, as lines of their own", () => {
    const terms = [
      ['Der Mietpreis beträgt', '300,00 Euro Betrag erhalten _ _ _'],
      ['Die Kaution beträgt', '250,00 Euro Betrag erhalten _ _ _'],
    ];
    const runs = terms.flatMap(([label, amount], index) => [run(label, 72, 300 + 12 * index, 10), run(amount, 240, 300 + 12 * index, 10)]);
    const text = blockTexts(runs).join(' / ');
    expect(text).toContain('Der Mietpreis beträgt 300,00 Euro Betrag erhalten');
    expect(text).toContain('Die Kaution beträgt 250,00 Euro Betrag erhalten');
    // One such line, with no other amount starting where its amount does, stays apart.
    const lone = [run('Der Mietpreis beträgt', 72, 100, 10), run('300,00 Euro Betrag erhalten', 240, 100, 10)];
    expect(blockTexts(lone).join(' / ')).not.toContain('beträgt 300,00');
  });

  it("reads a tax form's lines, each run out in leaders past its number to its amount, with their amounts", () => {
    const leaders = ' .'.repeat(30);
    // The amounts are set larger, a little higher, and written after all the labels, in a column of their own.
    const lines = [
      ['16', `Other expenses (describe in Schedule O)${leaders}`, '45,094.'],
      ['17', `Total expenses. Add lines 10 through 16${leaders} ▶`, '69,660.'],
      ['18', `Excess or (deficit) for the year${leaders}`, '7,926.'],
    ];
    const labels = lines.flatMap(([number, label], index) => [
      run(number, 54, 600 + 12 * index, 8, { endsLine: false }),
      run(label, 72, 600 + 12 * index, 8, { endsLine: false }),
      run(number, 484, 600 + 12 * index, 8),
    ]);
    const amounts = lines.map(([, , amount], index) => run(amount, 540, 599 + 12 * index, 10));
    const text = blockTexts([...labels, ...amounts]).join(' / ');
    expect(text).toContain(`Total expenses. Add lines 10 through 16${leaders} ▶ 17 69,660.`);
    expect(text).toContain(`Excess or (deficit) for the year${leaders} 18 7,926.`);
    // The next column's entry of a two-column contents page, leaders of its own, is no amount.
    const contents = [run(`5.4 Mesures de réduction${leaders}`, 54, 300, 8), run('227', 394, 300, 8), run(`2000${leaders}`, 420, 300, 8)];
    expect(blockTexts(contents)).not.toContainEqual(expect.stringContaining('227 2000'));
    // Without leaders, a label and an amount that far from it stay apart.
    const plain = [run('Total expenses', 72, 100, 8), run('17', 130, 100, 8), run('69,660.', 180, 99, 10)];
    expect(blockTexts(plain)).not.toContain('Total expenses 17 69,660.');
  });

  it('reads a list of labels and values at two tab stops, without colons, as label-value lines', () => {
    const specifications = [
      ['motortype', '13.751.65.5.2.0'],
      ['motorsoort', 'draaistroom-asynchroon-motor'],
      ['nominaal vermogen', '0,18 kW'],
      ['nom. koppel', '1,27 Nm'],
      ['reductorbouwvorm', 'A - met voet, met centrering'],
    ];
    const runs = specifications.flatMap(([label, value], index) => [run(label, 91, 573 + 11 * index, 9), run(value, 261, 573 + 11 * index, 9)]);
    const text = blockTexts(runs).join(' / ');
    expect(text).toContain('nominaal vermogen 0,18 kW');
    expect(text).toContain('reductorbouwvorm A - met voet, met centrering');
    // Three such rows could be an address beside a date: they stay apart.
    const address = specifications.slice(0, 3).flatMap(([label, value], index) => [run(label, 91, 100 + 11 * index, 9), run(value, 261, 100 + 11 * index, 9)]);
    expect(blockTexts(address).join(' / ')).not.toContain('nominaal vermogen 0,18 kW');
  });

  it('reads a deeply indented first line with the justified lines under it as one paragraph', () => {
    const lines = ['LLMs are limited by the context', 'window they read; longer windows help', 'but not much.'];
    // The first line starts 3 em in and ends where the full line under it does.
    const indent = (lines[1].length - lines[0].length) * 5;
    const runs = [run(lines[0], 72 + indent, 100), run(lines[1], 72, 112), run(lines[2], 72, 124)];
    const blocks = layoutPage(page(runs), { figures: [], tables: [] });
    expect(indent).toBe(30);
    expect(blocks.map(block => block.text)).toEqual([lines.join(' ')]);
  });

  it('reads double-spaced lines as paragraphs, and a wide gap between single-spaced paragraphs as a break', () => {
    // Lines of 60 characters (300 pt at 10 pt), 24 pt apart: a gap of 12 pt, 1.2 em, line after line.
    const full = (words: string) => words.padEnd(60, ' x').slice(0, 60).trimEnd();
    const first = [
      full('The Commission is proposing a new rule for broker dealers and'),
      full('their natural persons who are associated with them, when they'),
      'recommend a transaction.',
    ];
    const second = [
      full('Pursuant to the Exchange Act, the Commission is proposing the'),
      full('amendment of Rule 17a-4, which would require broker dealers to'),
      'keep records for six years.',
    ];
    const lines = ['B. Legal Basis', ...first, ...second];
    const doubleSpaced = lines.map((line, index) => run(line, 72, 100 + index * 24));
    expect(blockTexts(doubleSpaced)).toEqual(['B. Legal Basis', first.join(' '), second.join(' ')]);
    // Single-spaced paragraphs a blank line apart stay apart, even when one's last line is full.
    const paragraphs = [
      first.slice(0, 1),
      second.slice(0, 2),
      [full('A third paragraph of two lines that are both as long as the'), full('others and that ends as the page ends, at the right margin.')],
    ];
    let top = 100;
    const singleSpaced = paragraphs.flatMap(paragraph => {
      const runs = paragraph.map((line, index) => run(line, 72, top + index * 12));
      top += paragraph.length * 12 + 12;
      return runs;
    });
    expect(blockTexts(singleSpaced)).toEqual(paragraphs.map(paragraph => paragraph.join(' ')));
  });

  it('judges heading sizes against the document body size it is given', () => {
    const runs = [run('Results and findings', 72, 100, 12), run(sentence, 72, 130, 10), run(sentence, 72, 142, 10)];
    const pageAlone = layoutPage(page(runs), { tables: [], figures: [] });
    expect(pageAlone[0]).toMatchObject({ kind: 'heading', font: { size: 12, bold: false } });
    const inLargePrintDocument = layoutPage(page(runs), { tables: [], figures: [] }, { bodyFontSize: 12, bodyBold: false });
    expect(inLargePrintDocument[0].kind).toBe('paragraph');
  });

  it('does not take bold for a heading when the whole document is bold', () => {
    const runs = [run('Short bold line', 72, 100, 10, { bold: true }), run(sentence, 72, 130, 10, { bold: true })];
    expect(layoutPage(page(runs), { tables: [], figures: [] }, { bodyFontSize: 10, bodyBold: false })[0].kind).toBe('heading');
    expect(layoutPage(page(runs), { tables: [], figures: [] }, { bodyFontSize: 10, bodyBold: true })[0].kind).toBe('paragraph');
  });

  it('mends words hyphenated across lines and marks monospace blocks as code', () => {
    const runs = [
      run('The widget factory produces an exam-', 72, 100),
      run('ple of good engineering every day.', 72, 112),
      run('const widgets = makeWidgets(10);', 72, 200, 10, { fontName: 'Courier' }),
      run('widgets.forEach(paint);', 72, 212, 10, { fontName: 'Courier' }),
    ];
    const blocks: Block[] = layoutPage(page(runs), { tables: [], figures: [] });
    expect(blocks.map(block => [block.kind, block.text])).toEqual([
      ['paragraph', 'The widget factory produces an example of good engineering every day.'],
      ['code', 'const widgets = makeWidgets(10);\nwidgets.forEach(paint);'],
    ]);
  });

  it('reads a small raised number after a word as a note marker, and a number on the baseline as text', () => {
    const word = run('subject to Regulation Best Interest,', 72, 100, 12, { endsLine: false });
    const marker = (text: string, top: number, size: number) => run(text, 72 + word.bbox.width, top, size, { endsLine: false });
    const marked = [word, marker('645', 100, 7), run('while the rule', 72 + word.bbox.width + 14, 100, 12)];
    expect(layoutPage(page(marked), { tables: [], figures: [] }).map(block => block.text)).toEqual(['subject to Regulation Best Interest,⁶⁴⁵ while the rule']);
    // The same small number set on the line's baseline (a subscript, a table's unit) stays as printed.
    const level = [word, marker('645', 106, 7), run('while the rule', 72 + word.bbox.width + 14, 100, 12)];
    expect(layoutPage(page(level), { tables: [], figures: [] }).map(block => block.text)).toEqual(['subject to Regulation Best Interest,645 while the rule']);
  });

  it('keeps a compound whose next part starts with a capital or a digit whole, with its hyphen', () => {
    const runs = [
      run('Deze kolonie werd in 1667 tijdens de Tweede Engels-', 72, 100),
      run('Nederlandse Oorlog veroverd, lang voor COVID-', 72, 112),
      run('19 en de US-', 72, 124),
      run('based firms.', 72, 136),
    ];
    expect(layoutPage(page(runs), { tables: [], figures: [] }).map(block => block.text)).toEqual([
      'Deze kolonie werd in 1667 tijdens de Tweede Engels-Nederlandse Oorlog veroverd, lang voor COVID-19 en de US-based firms.',
    ]);
  });

  it('keeps the hyphen of a compound the page also writes inside a line', () => {
    const runs = [
      run('All broker-dealers keep records. A retail broker-', 72, 100),
      run('dealer keeps them six years, and an exam-', 72, 112),
      run('ple shows how.', 72, 124),
    ];
    expect(layoutPage(page(runs), { tables: [], figures: [] }).map(block => block.text)).toEqual([
      'All broker-dealers keep records. A retail broker-dealer keeps them six years, and an example shows how.',
    ]);
  });
});
