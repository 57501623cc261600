import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pLimit from 'p-limit';
import type { IngestConfig } from '../config.ts';
import { FolioError } from '../errors.ts';
import { pathExists, writeAtomically } from '../files/atomic-file.ts';
import type { BlobStore } from '../store/blob-store.ts';
import { convertOneToPdf } from '../ingest/convert/libreoffice.ts';
import { detectFileType } from '../ingest/detect-file-type.ts';
import { renderPageRegion } from '../ingest/pdf/figures/render-page-region.ts';
import type { BoundingBox, PageSize, PageTurn } from '../documents/document-tree.ts';
import { turnedPage } from '../ingest/pdf/turned-page.ts';
import { drawHighlights } from './draw-highlights.ts';
import { openPdfTask, type PDFDocumentProxy } from '../ingest/pdf/open-pdf.ts';
import { PageImageCache } from '../store/page-image-cache.ts';
import type { DocumentRecord } from '../documents/types.ts';

export interface PageImageSettings {
  /** Cached PNGs go to `<dataDir>/page-images/<sha256>/<page>.png`, converted office PDFs beside them. */
  dataDir: string;
  blobs: BlobStore;
  ingest: Pick<IngestConfig, 'sofficePath' | 'convertTimeoutMs'>;
  /** Sharp enough to read body text in a dialog, small enough to open at once. */
  dpi?: number;
  maxSidePx?: number;
  /** Pages rendered at once by this process; rendering is CPU-bound. */
  concurrency?: number;
  /** Highlighted variants kept per original; the least recently made go first beyond it. */
  maxHighlightedPerDocument?: number;
}

/** What to mark on a page: boxes in page points, and the page's size in points (the boxes' scale) as it was read. */
export interface PageMarks {
  boxes: readonly BoundingBox[];
  pageSize: PageSize;
}

export type PageImageDocument = Pick<DocumentRecord, 'id' | 'name' | 'mime' | 'sha256'>;

/**
 * Renders one page of a stored document to PNG for citation previews ("report.pdf · p. 12" opens the
 * page). PDFs are rendered from their stored original; office originals are converted to PDF with
 * LibreOffice on first use and that PDF is kept, because a conversion takes seconds and a deck's pages
 * are usually opened one after another. Every PNG is cached by (sha256, page): the same bytes always
 * give the same page, whatever space or name they were shared under.
 */
export class PageImageRenderer {
  private readonly inFlight = new Map<string, Promise<string>>();
  private readonly renderSlots: ReturnType<typeof pLimit>;
  private readonly cache: PageImageCache;

  constructor(private readonly settings: PageImageSettings) {
    this.renderSlots = pLimit(settings.concurrency ?? 2);
    this.cache = new PageImageCache(settings.dataDir);
  }

  /**
   * The PNG file of `page` (1-based) of the document. Throws document_not_found for a page the
   * document does not have, and the converter's FolioError when an office file cannot be converted.
   * `turn`: the page was read turned (a scan fed sideways or upside down), and is shown so.
   */
  async pagePath(document: PageImageDocument, page: number, turn?: PageTurn): Promise<string> {
    if (!Number.isInteger(page) || page < 1) throw noSuchPage(document, page);
    const cached = this.cache.pagePath(document.sha256, page, turn);
    if (await pathExists(cached)) return cached;
    return this.once(`png:${document.sha256}:${page}:${turn ?? 0}`, () => this.renderSlots(() => this.render(document, page, turn, cached)));
  }

  /**
   * The PNG of `page` with `marks` drawn over it ("show me where"): the plain page (rendered or cached)
   * with translucent boxes, cached per distinct set of boxes. Each original keeps a bounded number of
   * highlighted variants (`maxHighlightedPerDocument`), so links with ever new highlights cannot fill
   * the disk.
   */
  async highlightedPagePath(document: PageImageDocument, page: number, marks: PageMarks): Promise<string> {
    const plain = await this.pagePath(document, page, marks.pageSize.turn);
    if (marks.boxes.length === 0) return plain;
    const key = createHash('sha256')
      .update(
        JSON.stringify([
          marks.pageSize.width,
          marks.pageSize.height,
          marks.pageSize.turn ?? 0,
          marks.boxes.map(box => [box.x, box.y, box.width, box.height].map(value => Math.round(value * 10))),
        ]),
      )
      .digest('hex')
      .slice(0, 24);
    const target = this.cache.highlightedPath(document.sha256, page, key);
    if (await pathExists(target)) return target;
    return this.once(`highlight:${document.sha256}:${page}:${key}`, () =>
      this.renderSlots(async () => {
        const png = await drawHighlights(new Uint8Array(await readFile(plain)), marks.pageSize, marks.boxes);
        await writeAtomically(target, png);
        await this.trimHighlighted(dirname(target));
        return target;
      }),
    );
  }

  /**
   * Drops every cached page and converted PDF of these bytes. Forgetting a document does this already
   * (releaseBlobs) when no document uses the bytes any more.
   */
  async removeCached(sha256: string): Promise<void> {
    await this.cache.remove(sha256);
  }

  private async render(document: PageImageDocument, page: number, turn: PageTurn | undefined, target: string): Promise<string> {
    const pdfPath = await this.pdfPath(document);
    const buffer = await readFile(pdfPath);
    const pdf = await openPdfForRendering(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), document);
    try {
      if (page > pdf.numPages) throw noSuchPage(document, page, pdf.numPages);
      const pdfPage = turnedPage(await pdf.getPage(page), turn);
      const { width, height } = pdfPage.getViewport({ scale: 1 });
      const rendered = await renderPageRegion(
        pdfPage,
        { x: 0, y: 0, width, height },
        { dpi: this.settings.dpi ?? 110, maxSidePx: this.settings.maxSidePx ?? 1600 },
      );
      pdfPage.cleanup();
      await writeAtomically(target, rendered.png);
      return target;
    } finally {
      await pdf.destroy();
    }
  }

  /** The stored original when it is a PDF, else its cached conversion (made now if missing). */
  private async pdfPath(document: PageImageDocument): Promise<string> {
    const original = this.settings.blobs.originalPath(document.sha256);
    if (!(await pathExists(original))) {
      throw new FolioError({
        code: 'document_not_found',
        message: `original of ${document.id} (${document.sha256}) is missing`,
        userMessage: `The file of ${document.name} is no longer stored, so its pages cannot be shown. Share it again.`,
      });
    }
    if (document.mime === 'application/pdf') return original;
    const converted = join(this.cache.directoryOf(document.sha256), 'document.pdf');
    if (await pathExists(converted)) return converted;
    return this.once(`pdf:${document.sha256}`, () => this.convert(document, original, converted));
  }

  private async convert(document: PageImageDocument, original: string, target: string): Promise<string> {
    // The original is stored without an extension; LibreOffice picks its import filter by it.
    const detected = await detectFileType(original, { declaredName: document.name, maxBytes: Number.MAX_SAFE_INTEGER });
    return convertOneToPdf({ path: original, extension: detected.extension, name: document.name }, target, {
      sofficePath: this.settings.ingest.sofficePath,
      timeoutMs: this.settings.ingest.convertTimeoutMs,
    });
  }

  /** Keeps the newest `maxHighlightedPerDocument` files of one original's highlighted pages. */
  private async trimHighlighted(directory: string): Promise<void> {
    const limit = this.settings.maxHighlightedPerDocument ?? 200;
    // Only finished images: a `.tmp` is another request's write in progress.
    const names = (await readdir(directory).catch(() => [] as string[])).filter(name => name.endsWith('.png'));
    if (names.length <= limit) return;
    const files = await Promise.all(names.map(async name => ({ name, made: (await stat(join(directory, name)).catch(() => undefined))?.mtimeMs ?? 0 })));
    files.sort((a, b) => b.made - a.made);
    await Promise.all(files.slice(limit).map(file => rm(join(directory, file.name), { force: true })));
  }

  /** Concurrent requests for the same page (or conversion) share one piece of work. */
  private once(key: string, work: () => Promise<string>): Promise<string> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const promise = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }
}

async function openPdfForRendering(data: Uint8Array, document: PageImageDocument): Promise<PDFDocumentProxy> {
  // The same options as the parser's openPdf: a page image shows the glyphs the parser measured.
  // Rendering does not install pdf.js's speed layer: a process that only shows pages runs plain
  // pdf.js, one that also parses uses the layer once it has installed it (speed/pdfjs-speed-layer.ts).
  const task = openPdfTask(data);
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    // The same bytes were read when the document was ingested, so this is rare (a damaged blob).
    throw new FolioError({
      code: 'pdf_unreadable',
      message: `cannot open ${document.id} for rendering: ${(error as Error)?.message ?? String(error)}`,
      userMessage: `The pages of ${document.name} cannot be shown: its stored file could not be read. Share it again.`,
      cause: error,
    });
  }
}

function noSuchPage(document: PageImageDocument, page: number, pageCount?: number): FolioError {
  return new FolioError({
    code: 'document_not_found',
    message: `no page ${page} in ${document.id}${pageCount ? ` (${pageCount} pages)` : ''}`,
    userMessage: pageCount
      ? `${document.name} has ${pageCount} page${pageCount === 1 ? '' : 's'}; there is no page ${page}.`
      : `Page numbers start at 1; "${page}" is not a page of ${document.name}.`,
  });
}
