import { posix } from 'node:path';
import { attribute, decodeXml } from './package-xml.ts';
import { pptxSlidePaths } from './slide-list.ts';
import { openZipArchive, type ZipArchive } from './zip-archive.ts';

/**
 * A chart of an office file with the numbers it plots, read from the chart part of the package
 * (DrawingML `c:chartSpace`): what a PDF of it shows only as bars and axis ticks.
 */
export interface OfficeChart {
  /** For a deck, the 1-based slide the chart is on; undefined for documents and workbooks. */
  slideNumber?: number;
  title?: string;
  /** The category labels (the x axis, or a pie's slices); numbered 1… when the chart has none. */
  categories: string[];
  /** One row per series: its name and its value for each category ('' where it has none). */
  series: Array<{ name: string; values: string[] }>;
}

const chartRelationship = /\/relationships\/chart$/;
/** Far more than any real deck or report holds; a package with more is not read further. */
const maxCharts = 200;

/**
 * The charts of a PPTX/DOCX/XLSX (and their macro and show variants) in the order they appear: slide
 * by slide, in document order, or sheet part order. Other formats have none to read ([]). A chart part
 * that cannot be read is left out; a package that cannot be opened throws.
 */
export async function readOfficeCharts(path: string, extension: string): Promise<OfficeChart[]> {
  const family = packageFamily(extension);
  if (!family) return [];
  const archive = await openZipArchive(path);
  try {
    const located = family === 'deck' ? await deckChartParts(archive) : family === 'document' ? await documentChartParts(archive) : workbookChartParts(archive);
    const charts: OfficeChart[] = [];
    for (const { part, slideNumber } of located.slice(0, maxCharts)) {
      const xml = await archive.readText(part);
      const chart = xml === undefined ? undefined : parseChartXml(xml);
      if (chart) charts.push({ ...(slideNumber !== undefined ? { slideNumber } : {}), ...chart });
    }
    return charts;
  } finally {
    await archive.close();
  }
}

function packageFamily(extension: string): 'deck' | 'document' | 'workbook' | undefined {
  if (['pptx', 'pptm', 'ppsx'].includes(extension)) return 'deck';
  if (['docx', 'docm'].includes(extension)) return 'document';
  if (['xlsx', 'xlsm'].includes(extension)) return 'workbook';
  return undefined;
}

interface ChartPart {
  part: string;
  slideNumber?: number;
}

async function deckChartParts(archive: ZipArchive): Promise<ChartPart[]> {
  const presentationXml = await archive.readText('ppt/presentation.xml');
  const relationshipsXml = await archive.readText('ppt/_rels/presentation.xml.rels');
  if (presentationXml === undefined || relationshipsXml === undefined) return [];
  const parts: ChartPart[] = [];
  for (const [index, slidePath] of pptxSlidePaths(presentationXml, relationshipsXml).entries()) {
    if (!slidePath) continue;
    const slideXml = await archive.readText(slidePath);
    const slideRelationships = await archive.readText(relationshipsPathOf(slidePath));
    if (slideXml === undefined || slideRelationships === undefined) continue;
    for (const part of chartPartsReferenced(slideXml, slideRelationships, slidePath)) parts.push({ part, slideNumber: index + 1 });
  }
  return parts;
}

async function documentChartParts(archive: ZipArchive): Promise<ChartPart[]> {
  const documentXml = await archive.readText('word/document.xml');
  const relationshipsXml = await archive.readText('word/_rels/document.xml.rels');
  if (documentXml === undefined || relationshipsXml === undefined) return [];
  return chartPartsReferenced(documentXml, relationshipsXml, 'word/document.xml').map(part => ({ part }));
}

function workbookChartParts(archive: ZipArchive): ChartPart[] {
  const number = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
  return archive.entryNames
    .filter(name => /^xl\/charts\/chart\d+\.xml$/.test(name))
    .sort((a, b) => number(a) - number(b))
    .map(part => ({ part }));
}

/** `ppt/slides/slide3.xml` → `ppt/slides/_rels/slide3.xml.rels`. */
function relationshipsPathOf(partPath: string): string {
  return posix.join(posix.dirname(partPath), '_rels', `${posix.basename(partPath)}.rels`);
}

/**
 * The chart parts a part draws, in the order it references them: its relationship ids of chart type,
 * in the order the part's XML names them (`r:id="rId4"` of a `c:chart` element), resolved against the
 * part's folder.
 */
export function chartPartsReferenced(partXml: string, relationshipsXml: string, partPath: string): string[] {
  const targets = new Map<string, string>();
  for (const match of relationshipsXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const [id, type, target] = ['Id', 'Type', 'Target'].map(name => attribute(match[0], name));
    if (id && type && target && chartRelationship.test(type)) {
      targets.set(id, target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(posix.dirname(partPath), target)));
    }
  }
  const parts: string[] = [];
  for (const match of partXml.matchAll(/<c:chart\b[^>]*>/g)) {
    const id = /\s\w+:id="([^"]+)"/.exec(match[0])?.[1];
    const target = id ? targets.get(id) : undefined;
    if (target && !parts.includes(target)) parts.push(target);
  }
  return parts;
}

/**
 * A chart part's title, categories and series with their cached values (what the chart shows when
 * opened, kept in the part by every writer of the format). Undefined when it plots no series.
 */
export function parseChartXml(xml: string): Omit<OfficeChart, 'slideNumber'> | undefined {
  const plotArea = element(xml, 'c:plotArea') ?? '';
  const series = [...plotArea.matchAll(/<c:ser>([\s\S]*?)<\/c:ser>/g)].map(match => match[1]);
  if (series.length === 0) return undefined;
  let categories: string[] = [];
  const rows = series.map((body, index) => {
    // Scatter and bubble charts plot x against y; the others a value per category.
    const labels = cachedPoints(element(body, 'c:cat') ?? element(body, 'c:xVal'));
    if (labels.length > categories.length) categories = labels;
    const name = cachedPoints(element(body, 'c:tx')).join(' ') || `Series ${index + 1}`;
    return { name, points: cachedPoints(element(body, 'c:val') ?? element(body, 'c:yVal')) };
  });
  const width = Math.max(categories.length, ...rows.map(row => row.points.length));
  if (width === 0) return undefined;
  const title = richText(element(element(xml, 'c:chart') ?? xml, 'c:title'));
  return {
    ...(title ? { title } : {}),
    categories: Array.from({ length: width }, (_, index) => categories[index] || String(index + 1)),
    series: rows.map(row => ({ name: row.name, values: Array.from({ length: width }, (_, index) => row.points[index] ?? '') })),
  };
}

/** The points of a `c:strCache`/`c:numCache` (or literal) in index order, numbers as the chart shows them. */
function cachedPoints(xml: string | undefined): string[] {
  if (!xml) return [];
  const percent = /<c:formatCode>[^<]*%[^<]*<\/c:formatCode>/.test(xml);
  const points: string[] = [];
  for (const match of xml.matchAll(/<c:pt\b[^>]*\bidx="(\d+)"[^>]*>\s*<c:v>([^<]*)<\/c:v>/g)) {
    points[Number(match[1])] = showValue(decodeXml(match[2]).trim(), percent);
  }
  // A series name given as plain text instead of a cache.
  if (points.length === 0) {
    const literal = /<c:v>([^<]*)<\/c:v>/.exec(xml)?.[1];
    if (literal !== undefined) points.push(decodeXml(literal).trim());
  }
  return Array.from(points, point => point ?? '');
}

/** "4.4000000000000004" → "4.4"; 0.25 under a percent format → "25%". Other text as it is. */
function showValue(value: string, percent: boolean): string {
  if (!/^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/.test(value)) return value;
  const number = Number(value) * (percent ? 100 : 1);
  return `${Number.parseFloat(number.toPrecision(12))}${percent ? '%' : ''}`;
}

/** The text runs of a rich-text element (a title), paragraphs joined by a space. */
function richText(xml: string | undefined): string | undefined {
  if (!xml) return undefined;
  const text = [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)]
    .map(match => decodeXml(match[1]))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text || cachedPoints(xml).join(' ') || undefined;
}

/** The inner XML of the first `<name>` element (not nested in one of its own kind). */
function element(xml: string | undefined, name: string): string | undefined {
  if (!xml) return undefined;
  return new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];
}
