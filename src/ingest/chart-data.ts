import { boxArea } from '../documents/bounding-box.ts';
import { isMarkdownSeparatorRow, markdownRowCells } from '../text/markdown-table-row.ts';
import { foldedWords } from '../text/stopwords.ts';
import type { OfficeChart } from './convert/office-charts.ts';
import { slideTitles } from './tree/slide-deck.ts';
import type { Block, OutlineEntry } from './types.ts';

/**
 * A chart's numbers as its figure's text: the title, then a Markdown table with a row per category
 * ("2020 | 130 | 95") under the series' names, or a row per series when there are more series than
 * categories, so a row stays short enough to quote whole ("2020 — Freshwater ducks: 130; Saltwater
 * ducks: 95").
 */
export function chartText(chart: Omit<OfficeChart, 'slideNumber'>): string {
  const byCategory = chart.categories.length >= chart.series.length;
  const columns = byCategory ? chart.series.map(series => series.name) : chart.categories;
  const rows = byCategory
    ? chart.categories.map((category, index) => [category, ...chart.series.map(series => series.values[index] ?? '')])
    : chart.series.map(series => [series.name, ...series.values]);
  const line = (cells: string[]) => `| ${cells.map(cell => cell.replace(/\|/g, '/').replace(/\s+/g, ' ').trim()).join(' | ')} |`;
  const table = [line(['', ...columns]), line(['---', ...columns.map(() => '---')]), ...rows.map(line)].join('\n');
  return chart.title ? `${chart.title}\n\n${table}` : table;
}

/**
 * Gives each chart's figure block the chart's numbers as its text (chartText), in place of the axis
 * ticks and labels the PDF shows. A deck's chart goes to its slide's page (`slideNumbers[pageIndex]`
 * is the slide a page shows), a document's to the page whose text holds most of its labels; there,
 * to the figure whose text holds most of them, else the one with the most numbers (axis ticks), else
 * the largest. A slide without a figure gets a
 * figure block of its own; a document chart whose labels no page holds is not placed. A deck's chart
 * without a title of its own is titled by its slide's, the title its slide's tree node gets
 * (slideTitles): its rows are quoted under it, so a question asking for it in those words finds them. A table found on
 * a chart's page that is only the chart's data labels (chartLabelTable) is dropped: its numbers, read
 * off the bars without their categories, would be quoted instead of the chart's rows. Returns how many
 * charts were placed. Block order is kept (a new block goes last on its page, `order` renumbered).
 */
export function placeChartData(
  blocks: Block[],
  charts: OfficeChart[],
  options: { slideNumbers?: number[]; pageSizes: Array<{ width: number; height: number }>; outline?: OutlineEntry[] },
): number {
  const used = new Set<Block>();
  const titles = options.slideNumbers ? slideTitles(blocks, { outline: options.outline ?? [], pageSizes: options.pageSizes }) : new Map();
  const valuesByPage = new Map<number, Set<number>>();
  let placed = 0;
  for (const chart of charts) {
    const labels = [
      ...new Set(
        [...chart.categories, ...chart.series.map(series => series.name), chart.title ?? ''].map(label => foldedWords(label).join(' ')).filter(Boolean),
      ),
    ];
    const page = chart.slideNumber !== undefined && options.slideNumbers ? options.slideNumbers.indexOf(chart.slideNumber) + 1 : pageHolding(blocks, labels);
    if (page < 1) continue;
    const figures = blocks
      .filter(block => block.page === page && block.kind === 'figure' && !used.has(block))
      .map(block => ({ block, labels: labelsIn(block, labels), numbers: numbersIn(block), area: boxArea(block.bbox) }));
    const best = figures.sort((a, b) => b.labels - a.labels || b.numbers - a.numbers || b.area - a.area)[0]?.block;
    const figure = best ?? addFigureBlock(blocks, page, options.pageSizes[page - 1]);
    const onSlide = chart.slideNumber !== undefined && options.slideNumbers !== undefined;
    const titled = chart.title || !onSlide ? chart : { ...chart, title: titles.get(page)?.title };
    const values = chart.series.flatMap(series => series.values.map(Number).filter(Number.isFinite));
    const rows = chartText(titled);
    const uncharted = textBesideChart(figure.text, titled, new Set(values));
    figure.text = uncharted ? `${rows}\n\n${uncharted}` : rows;
    used.add(figure);
    valuesByPage.set(page, new Set([...(valuesByPage.get(page) ?? []), ...values]));
    placed += 1;
  }
  const labelTables = blocks.filter(block => block.kind === 'table' && chartLabelTable(block, valuesByPage.get(block.page)));
  if (labelTables.length > 0) {
    for (const table of labelTables) blocks.splice(blocks.indexOf(table), 1);
    blocks.forEach((block, order) => (block.order = order));
  }
  return placed;
}

/** Data labels of fewer numbers than this are left as they were read: too few to tell from a table. */
const minLabelNumbers = 3;

/**
 * A table made of a chart's data labels: at least three numbers, every one a value of the page's charts
 * (or that value as a percentage: 0.37 shown as 37%), and at most one word cell for every two numbers
 * (an axis title caught in it: "(by", "percent)"). A table of the page's own has row labels.
 */
function chartLabelTable(table: Block, values: Set<number> | undefined): boolean {
  if (!values || values.size === 0) return false;
  const cells = (table.markdown ?? table.text)
    .split('\n')
    .filter(line => !isMarkdownSeparatorRow(line))
    .flatMap(markdownRowCells)
    .filter(Boolean);
  const numbers = cells.map(cell => (/^-?\d+(?:[.,]\d+)?%?$/.test(cell) ? Number(cell.replace('%', '').replace(',', '.')) : undefined));
  const found = numbers.filter((value): value is number => value !== undefined);
  const words = numbers.length - found.length;
  const charted = (value: number) => [...values].some(chartValue => Math.abs(chartValue - value) < 0.5 || Math.abs(chartValue * 100 - value) < 0.5);
  return found.length >= minLabelNumbers && words * 2 <= found.length && found.every(charted);
}

/**
 * The lines of a figure's text that its chart's rows do not say: callouts and tables drawn over the
 * chart ("29 MILLION vulnerable downloads in 2011", "Organizations 61,807", a pie's "74 %"). A line goes
 * when each of its words is a label of the chart, one of its `values`, an axis tick (axisTicks) or a
 * scrap of a label set at an angle (three letters or fewer).
 */
function textBesideChart(text: string, chart: Omit<OfficeChart, 'slideNumber'>, values: ReadonlySet<number>): string {
  const labelWords = new Set(foldedWords([chart.title ?? '', ...chart.categories, ...chart.series.map(series => series.name)].join(' ')));
  const lines = text.split('\n').map(line => line.split(/\s+/u).filter(Boolean));
  const numberOf = (token: string) => (/^-?[\d.,]*\d%?$/u.test(token) ? Number(token.replace(/[,%]/gu, '')) : Number.NaN);
  const ticks = axisTicks(lines.flat().map(numberOf).filter(Number.isFinite));
  // Labels along an axis are often read run together ("GroßbritannienUSA"): what is left of a word
  // once the labels' words are taken out of it.
  // Labels of one or two letters ("A", "Q1") would strike those letters out of every word.
  const byLength = [...labelWords].filter(word => word.length >= 3).sort((a, b) => b.length - a.length);
  const leftOf = (word: string) => byLength.reduce((rest, label) => rest.replaceAll(label, ' '), word).replace(/\s+/gu, '');
  const said = (token: string) => {
    const number = numberOf(token);
    if (Number.isFinite(number)) return values.has(number) || ticks.has(number) || labelWords.has(token);
    return foldedWords(token).every(word => leftOf(word).length <= 3);
  };
  return lines
    .filter(tokens => !tokens.every(said))
    .map(tokens => tokens.join(' '))
    .join('\n')
    .trim();
}

/**
 * The numbers that step along an axis: three or more of them an equal step or an equal factor apart
 * ("0 50 100 150", "100 1,000 10,000"), whatever other numbers lie between them. A callout's or a pie's
 * own numbers rarely do.
 */
function axisTicks(numbers: number[]): Set<number> {
  const present = new Set(numbers);
  const sorted = [...present].sort((a, b) => a - b).slice(0, maxTickCandidates);
  const ticks = new Set<number>();
  for (let low = 0; low < sorted.length; low++) {
    for (let high = low + 1; high < sorted.length; high++) {
      const [first, second] = [sorted[low]!, sorted[high]!];
      const next = [second + (second - first), first > 0 ? (second * second) / first : Number.NaN];
      for (const third of next) if (present.has(third)) for (const tick of [first, second, third]) ticks.add(tick);
    }
  }
  return ticks;
}

/** Numbers of one figure looked at for axis ticks: bounds the pairs tried. */
const maxTickCandidates = 200;

/** The page whose blocks hold at least half of the labels, most of them; 0 when none does. */
function pageHolding(blocks: Block[], labels: string[]): number {
  const words = new Map<number, string>();
  for (const block of blocks) words.set(block.page, `${words.get(block.page) ?? ''} ${foldedWords(block.text).join(' ')} `);
  let best = 0;
  let bestCount = Math.ceil(labels.length / 2) - 1;
  for (const [page, text] of [...words].sort(([a], [b]) => a - b)) {
    const count = labels.filter(label => text.includes(` ${label} `)).length;
    if (count > bestCount) [best, bestCount] = [page, count];
  }
  return best;
}

function labelsIn(block: Block, labels: string[]): number {
  const text = ` ${foldedWords(block.text).join(' ')} `;
  return labels.filter(label => text.includes(` ${label} `)).length;
}

/** Axis ticks: a chart drawn in the PDF has numbers inside its figure, a photo or diagram rarely. */
function numbersIn(block: Block): number {
  return block.text.match(/(?<![\p{L}\d])\d+(?:[.,]\d+)?%?(?![\p{L}\d])/gu)?.length ?? 0;
}

function addFigureBlock(blocks: Block[], page: number, size: { width: number; height: number } | undefined): Block {
  const figure: Block = { page, kind: 'figure', text: '', bbox: { x: 0, y: 0, width: size?.width ?? 0, height: size?.height ?? 0 }, order: 0 };
  const after = blocks.findLastIndex(block => block.page <= page);
  blocks.splice(after + 1, 0, figure);
  blocks.forEach((block, order) => (block.order = order));
  return figure;
}
