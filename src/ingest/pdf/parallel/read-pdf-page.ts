import { createHash } from 'node:crypto';
import type { BoundingBox, FigureRef, PageTurn } from '../../../documents/document-tree.ts';
import { detectFigures } from '../figures/detect-figures.ts';
import { renderFigures } from '../figures/render-figures.ts';
import { extractFormFieldRuns } from '../form-field-runs.ts';
import { extractGraphics } from '../graphics.ts';
import { analyzePageGeometry, type PageGeometry } from '../layout.ts';
import type { PageOcr } from '../ocr/page-ocr.ts';
import type { PDFPageProxy } from '../open-pdf.ts';
import { turnedPage } from '../turned-page.ts';
import type { GraphicsSummary, PageContent, TextRun } from '../page-content.ts';
import { detectTables } from '../tables/detect-tables.ts';
import { extractTextRuns } from '../text-runs.ts';
import { textTurn } from '../text-turn.ts';
import { withoutLineNumbers } from '../line-numbers.ts';

/** One page's result before its figures are handed to the FigureSink. */
export interface PageReading {
  geometry: PageGeometry;
  /** For document-wide font statistics. */
  runs: TextRun[];
  ocr: boolean;
  /** OCR could not read the page's text (PageOcrReading.illegible). */
  illegible?: true;
  /** Rendered crops, keyed by the sha256 already written into the geometry's figure refs. */
  figures: Array<{ sha256: string; png: Uint8Array }>;
  /** Set when the page was simplified to stay within time and memory bounds (for a debug log). */
  degraded?: string;
}

export interface ReadPageOptions {
  figureDpi: number;
  /**
   * Reads a page that looks scanned. 'defer' (parse workers, which have no OCR engine): stop and
   * return `needsOcr` so the caller reads that page itself. Without it a scanned page stays empty.
   */
  ocr?: PageOcr | 'defer';
  /** The document has a form (hasFormFields): its fields' values are read into the page's runs. */
  formFields?: boolean;
  /** The document is a printed spreadsheet (isSheetPrint): its blocks of cells are tables. */
  sheet?: boolean;
}

/** A page with fewer characters than this, but with images, is treated as a scan. */
const minTextCharacters = 20;
/** OCR the page only when its images cover at least this share of it (not for a logo on an empty page). */
const minImageCoverage = 0.25;
/**
 * Above this many painted paths (maps, dense scatter plots: one real page has 65,000 paths in 674,000
 * operators), drawing a figure crop replays all of them: seconds per figure and a canvas on top of an
 * already huge operator list. Such a page keeps its figures as blocks (region, inner text, caption)
 * but they get no PNG.
 */
export const maxPathsPerPage = 20_000;

/**
 * Reads one page: text runs, graphics, tables, figures (rendered to PNG, hashed, not yet stored),
 * OCR for a page that looks scanned when `ocr` is given, and the page's layout geometry.
 * Runs the same in the main thread and in parse workers.
 */
export async function readPdfPage(page: PDFPageProxy, pageNumber: number, options: ReadPageOptions): Promise<PageReading | { needsOcr: true }> {
  let viewport = page.getViewport({ scale: 1 });
  let runs = (await extractTextRuns(page)).filter(run => isFiniteBox(run.bbox));
  let graphics = finiteGraphics(await extractGraphics(page));
  const ocr = Boolean(options.ocr) && looksScanned(runs, graphics, viewport.width * viewport.height);
  if (ocr && options.ocr === 'defer') return { needsOcr: true };
  let turn: PageTurn | undefined;
  const turnedText = ocr ? undefined : textTurn(runs);
  if (turnedText) {
    // Text that reads sideways or upside down as the page is shown: the page is read, and shown, turned upright.
    turn = turnedText;
    page = turnedPage(page, turn);
    viewport = page.getViewport({ scale: 1 });
    runs = (await extractTextRuns(page)).filter(run => isFiniteBox(run.bbox));
    graphics = finiteGraphics(await extractGraphics(page));
  }
  let illegible: true | undefined;
  if (ocr) {
    ({ runs, turn, illegible } = await (options.ocr as PageOcr).recognize(page));
    if (turn) {
      // A scan fed sideways or upside down: the rest of the page is read in the frame its words read in.
      page = turnedPage(page, turn);
      viewport = page.getViewport({ scale: 1 });
      graphics = finiteGraphics(await extractGraphics(page));
    }
  }
  // A filled form's values live in its widgets, not in the text layer (or the scan) the runs come from.
  if (options.formFields) runs = [...runs, ...(await extractFormFieldRuns(page, runs))];
  runs = withoutLineNumbers(runs);
  const content: PageContent = { page: pageNumber, width: viewport.width, height: viewport.height, runs, graphics };
  const tables = detectTables(content, { sheet: options.sheet });
  let figures = detectFigures(content, { exclude: tables.map(table => table.bbox) });
  // On a scanned page the scan itself is an image; it is the page, not a figure on it.
  if (ocr) figures = figures.filter(figure => area(figure.bbox) < 0.7 * viewport.width * viewport.height);
  const tooHeavy = graphics.paths.length > maxPathsPerPage;
  const degraded = tooHeavy && figures.length > 0 ? `${graphics.paths.length} vector paths: ${figures.length} figure(s) not rendered` : undefined;
  const rendered =
    figures.length > 0 && !tooHeavy
      ? await renderFigures(
          page,
          figures.map(figure => figure.bbox),
          { dpi: options.figureDpi, textBoxes: runs.map(run => run.bbox) },
        )
      : [];
  const figureRefs: Array<FigureRef | undefined> = [];
  const pngs: PageReading['figures'] = [];
  rendered.forEach((figure, index) => {
    if (figure.png.length === 0) return void figureRefs.push(undefined);
    const sha256 = createHash('sha256').update(figure.png).digest('hex');
    pngs.push({ sha256, png: figure.png });
    figureRefs.push({ sha256, widthPx: figure.widthPx, heightPx: figure.heightPx, source: figures[index].source });
  });
  const geometry = { ...analyzePageGeometry(content, { tables, figures, figureRefs }), ...(turn ? { turn } : {}) };
  return { geometry, runs, ocr, ...(illegible ? { illegible } : {}), figures: pngs, ...(degraded ? { degraded } : {}) };
}

function looksScanned(runs: TextRun[], graphics: GraphicsSummary, pageArea: number): boolean {
  const characters = runs.reduce((sum, run) => sum + run.text.trim().length, 0);
  if (characters >= minTextCharacters) return false;
  const imageArea = graphics.images.reduce((sum, image) => sum + area(image), 0);
  return imageArea >= minImageCoverage * pageArea;
}

/**
 * A damaged text or font matrix (a zero scale, an overflow) gives pdf.js positions of NaN or ±Infinity.
 * Such text and shapes have no place on the page, and every geometric step after this assumes one
 * (column cuts, table grids): they are left out.
 */
function isFiniteBox(box: BoundingBox): boolean {
  return Number.isFinite(box.x) && Number.isFinite(box.y) && Number.isFinite(box.width) && Number.isFinite(box.height);
}

function finiteGraphics(graphics: GraphicsSummary): GraphicsSummary {
  return {
    rulings: graphics.rulings.filter(line => [line.x1, line.y1, line.x2, line.y2].every(Number.isFinite)),
    rectangles: graphics.rectangles.filter(isFiniteBox),
    images: graphics.images.filter(isFiniteBox),
    paths: graphics.paths.filter(isFiniteBox),
  };
}

function area(box: BoundingBox): number {
  return Math.max(0, box.width) * Math.max(0, box.height);
}
