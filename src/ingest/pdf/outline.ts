import type { OutlineEntry } from '../types.ts';
import type { PDFDocumentProxy } from './open-pdf.ts';

interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

/** Enough for any real table of contents; guards against outlines that loop or explode. */
const maxEntries = 10_000;
const maxDepth = 12;

/**
 * The PDF outline (bookmarks) flattened in document order with levels (1 = top). Destinations resolve
 * to 1-based pages and, for XYZ/FitH/FitBH/FitR destinations, to a top-left y in points. Entries whose
 * destination does not resolve (URLs, broken references) keep `page: null`.
 */
export async function readOutline(pdf: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const roots = ((await pdf.getOutline().catch(() => null)) ?? []) as OutlineNode[];
  const entries: OutlineEntry[] = [];
  const visit = async (nodes: OutlineNode[], level: number): Promise<void> => {
    for (const node of nodes) {
      if (entries.length >= maxEntries) return;
      const title = (node.title ?? '').replace(/\s+/g, ' ').trim();
      const target = await resolveDestination(pdf, node.dest).catch(() => null);
      if (title) entries.push({ title, level, page: target?.page ?? null, ...(target?.y !== undefined ? { y: target.y } : {}) });
      if (node.items?.length && level < maxDepth) await visit(node.items, level + 1);
    }
  };
  await visit(roots, 1);
  return entries;
}

/** Printed page labels ("i", "ii", "1", ...) indexed by pageIndex, when the PDF defines them. */
export async function readPageLabels(pdf: PDFDocumentProxy): Promise<string[] | undefined> {
  const labels = await pdf.getPageLabels().catch(() => null);
  return labels && labels.length > 0 ? labels : undefined;
}

async function resolveDestination(pdf: PDFDocumentProxy, destination: OutlineNode['dest']): Promise<{ page: number; y?: number } | null> {
  const explicit = typeof destination === 'string' ? await pdf.getDestination(destination) : destination;
  if (!Array.isArray(explicit) || explicit.length === 0) return null;
  const target = explicit[0];
  let pageIndex: number;
  if (typeof target === 'number') pageIndex = target;
  else if (target && typeof target === 'object' && 'num' in target) pageIndex = await pdf.getPageIndex(target as never);
  else return null;
  if (!Number.isInteger(pageIndex) || pageIndex < 0 || pageIndex >= pdf.numPages) return null;
  const top = destinationTop(explicit);
  if (top === undefined) return { page: pageIndex + 1 };
  const viewport = (await pdf.getPage(pageIndex + 1)).getViewport({ scale: 1 });
  const left = typeof explicit[2] === 'number' ? explicit[2] : 0;
  const [, y] = viewport.convertToViewportPoint(left, top);
  return { page: pageIndex + 1, y: Math.max(0, Math.min(viewport.height, y)) };
}

/** The destination's top edge in PDF user space (bottom-left origin), when it names one. */
function destinationTop(explicit: unknown[]): number | undefined {
  const mode = (explicit[1] as { name?: string } | undefined)?.name;
  const value = mode === 'XYZ' ? explicit[3] : mode === 'FitH' || mode === 'FitBH' ? explicit[2] : mode === 'FitR' ? explicit[5] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
