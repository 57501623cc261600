import { describe, expect, it } from 'vitest';
import type { Block } from './types.ts';
import { chartText, placeChartData } from './chart-data.ts';

const ducks = {
  title: 'Ducks',
  categories: ['2019', '2020'],
  series: [
    { name: 'Fresh', values: ['120', '130'] },
    { name: 'Salt', values: ['80', '95'] },
  ],
};

function block(page: number, kind: Block['kind'], text: string, size = 100): Block {
  return { page, kind, text, bbox: { x: 0, y: 0, width: size, height: size }, order: 0 };
}

describe('chartText', () => {
  it('writes a row per category under the series names, or a row per series when there are more series', () => {
    expect(chartText(ducks)).toBe(['Ducks', '', '|  | Fresh | Salt |', '| --- | --- | --- |', '| 2019 | 120 | 80 |', '| 2020 | 130 | 95 |'].join('\n'));
    const wide = {
      categories: ['Q1'],
      series: [
        { name: 'North | East', values: ['1'] },
        { name: 'South', values: ['2'] },
      ],
    };
    expect(chartText(wide)).toBe(['|  | Q1 |', '| --- | --- |', '| North / East | 1 |', '| South | 2 |'].join('\n'));
  });
});

describe('placeChartData', () => {
  const pageSizes = [
    { width: 720, height: 540 },
    { width: 720, height: 540 },
  ];

  it("gives a deck's chart to the figure on its slide's page that shows its labels", () => {
    const photo = block(2, 'figure', 'Lake at dawn', 300);
    const chart = block(2, 'figure', '200 100 0 2019 2020', 200);
    const blocks = [block(1, 'heading', 'Survey'), block(2, 'heading', 'Results'), photo, chart];
    // Slide 2 is hidden: page 2 shows slide 3.
    expect(placeChartData(blocks, [{ ...ducks, slideNumber: 3 }], { slideNumbers: [1, 3], pageSizes })).toBe(1);
    expect(chart.text).toBe(chartText(ducks));
    expect(photo.text).toBe('Lake at dawn');
  });

  it("titles a chart without a title of its own by its slide's title", () => {
    const untitled = { categories: ducks.categories, series: ducks.series };
    const chart = block(1, 'figure', '200 100 0', 200);
    // The slide's title is its largest heading near the top, as in the slide's tree node.
    const kicker = { ...block(1, 'heading', 'Lake survey'), font: { name: 'Arial', size: 14, bold: true, italic: false } };
    const title = { ...block(1, 'heading', 'Ducks counted on the lake, 2019–2020'), font: { name: 'Arial', size: 28, bold: true, italic: false } };
    const blocks = [kicker, title, chart];
    placeChartData(blocks, [{ ...untitled, slideNumber: 1 }], { slideNumbers: [1], pageSizes });
    expect(chart.text).toBe(chartText({ ...untitled, title: 'Ducks counted on the lake, 2019–2020' }));
    // A deck's PDF lists each slide by its title in the outline; "Slide 1" names none.
    const outlined = block(1, 'figure', '200 100 0', 200);
    const outline = [
      { title: 'Slide 1', level: 1, page: 1 },
      { title: 'Ducks by water, 2019 and 2020', level: 1, page: 1 },
    ];
    placeChartData([block(1, 'paragraph', 'Ducks by water, 2019 and 2020'), outlined], [{ ...untitled, slideNumber: 1 }], {
      slideNumbers: [1],
      pageSizes,
      outline,
    });
    expect(outlined.text).toBe(chartText({ ...untitled, title: 'Ducks by water, 2019 and 2020' }));
  });

  it('keeps what is drawn over a chart that its rows do not say, and drops its axis ticks and labels', () => {
    const text = ['Ducks', '100,000', '10,000', '12 MILLION', 'ducks counted in 2021', '1,000', 'Fre', 'FreshSalt', 'Lakes 31', '74', '%'].join('\n');
    const chart = block(1, 'figure', text, 200);
    placeChartData([block(1, 'heading', 'Survey'), chart], [{ ...ducks, slideNumber: 1 }], { slideNumbers: [1], pageSizes });
    expect(chart.text).toBe(`${chartText(ducks)}\n\n${['12 MILLION', 'ducks counted in 2021', 'Lakes 31', '74'].join('\n')}`);
  });

  it('keeps a callout beside a chart whose labels are single letters', () => {
    // Struck out of the callout's words, the grades' letters would leave nothing of "Decade feed".
    const grades = ['A', 'B', 'C', 'D', 'E', 'F'];
    const lettered = { title: 'Grades', categories: grades, series: [{ name: 'Pupils', values: ['12', '30', '9', '4', '2', '1'] }] };
    const chart = block(1, 'figure', ['Grades', ...grades, 'Decade feed'].join('\n'), 200);
    placeChartData([chart], [{ ...lettered, slideNumber: 1 }], { slideNumbers: [1], pageSizes });
    expect(chart.text).toBe(`${chartText(lettered)}\n\nDecade feed`);
  });

  it('adds a figure to a slide that has none, last on its page', () => {
    const blocks = [block(1, 'heading', 'Survey'), block(2, 'heading', 'Results'), block(2, 'paragraph', 'Counts rose.')];
    placeChartData(blocks, [{ ...ducks, slideNumber: 1 }], { slideNumbers: [1, 2], pageSizes });
    expect(blocks.map(entry => [entry.page, entry.kind, entry.order])).toEqual([
      [1, 'heading', 0],
      [1, 'figure', 1],
      [2, 'heading', 2],
      [2, 'paragraph', 3],
    ]);
    expect(blocks[1]).toMatchObject({ text: chartText(ducks), bbox: { x: 0, y: 0, width: 720, height: 540 } });
  });

  it("gives a document's chart to the page holding its labels, to its figure with the most axis ticks, and leaves a chart no page shows", () => {
    const image = block(2, 'figure', 'Fig 1 Torque and speed', 400);
    const ticks = block(2, 'figure', '150 100 50 0', 200);
    const blocks = [block(1, 'paragraph', 'Fresh water was cold in 2019.'), block(2, 'paragraph', 'Fresh Salt 2019 2020'), image, ticks];
    const elsewhere = { categories: ['Q1', 'Q2'], series: [{ name: 'Revenue', values: ['1', '2'] }] };
    expect(placeChartData(blocks, [ducks, elsewhere], { pageSizes })).toBe(1);
    expect(ticks.text).toBe(chartText(ducks));
    expect(image.text).toBe('Fig 1 Torque and speed');
  });
});

describe('placeChartData and the data labels read as a table', () => {
  const pageSizes = [{ width: 720, height: 540 }];
  const table = (markdown: string): Block => ({ ...block(1, 'table', markdown.replace(/\|/g, ' ')), markdown });

  it("drops a table on the chart's slide made only of the chart's values, and keeps one with row labels", () => {
    const labels = table(['| 120 |  | (by | percent) |', '| --- | --- | --- | --- |', '|  | 130 | 80 |  |', '| 95 |  |  |  |'].join('\n'));
    const own = table(['| Lake | Ducks |', '| --- | --- |', '| Fresh | 120 |', '| Salt | 80 |', '| Pond | 95 |'].join('\n'));
    const blocks = [block(1, 'heading', 'Results'), labels, own, block(1, 'figure', '200 100 0', 200)];
    placeChartData(blocks, [{ ...ducks, slideNumber: 1 }], { slideNumbers: [1], pageSizes });
    expect(blocks.map(entry => [entry.kind, entry.order])).toEqual([
      ['heading', 0],
      ['table', 1],
      ['figure', 2],
    ]);
    expect(blocks[1]).toBe(own);
  });

  it('reads labels written as percentages of fractional values, and keeps a table holding another number', () => {
    const shares = { categories: ['2019', '2020'], series: [{ name: 'Share', values: ['0.37', '0.62', '0.3'] }] };
    const percent = table(['| 37% | 62% |', '| --- | --- |', '| 30% |  |'].join('\n'));
    const other = table(['| 37% | 62% |', '| --- | --- |', '| 44% |  |'].join('\n'));
    const blocks = [percent, other, block(1, 'figure', '1 0', 200)];
    placeChartData(blocks, [{ ...shares, slideNumber: 1 }], { slideNumbers: [1], pageSizes });
    expect(blocks).not.toContain(percent);
    expect(blocks).toContain(other);
  });
});
