import type { PDFPageProxy } from '../open-pdf.ts';

/**
 * `page.getOperatorList()` (read by text-runs.ts and graphics.ts) and `page.render()` keep their
 * operator lists under different keys, so rendering a figure makes pdf.js parse the page again and,
 * worse, decode every image on it again (the bulk of a photo page's render). This hands the finished
 * list to the next render of the page, the way a render that built it would have left it.
 * The list is the unoptimised one (pdf.js's QueueOptimizer only merges some image operations; the
 * canvas backend executes both forms). The page is drawn as having no transparency group: with one,
 * pdf.js draws everything onto an extra transparent canvas and then composites that onto the white
 * page, a full-canvas copy per figure. Drawn straight onto white instead, the pixels are the same for
 * normal painting and for the blend modes whose result over white is the source colour (multiply,
 * darken); only lightening modes (screen, lighten) over the bare page come out whiter. Relies on
 * pdf.js 5.6 internals (`_intentStates`, the transport's `getRenderingIntent`); when they are not as
 * expected it does nothing and render parses as usual.
 */
export function shareOperatorListWithRender(page: PDFPageProxy): void {
  const internals = page as unknown as {
    _intentStates?: unknown;
    _transport?: {
      getRenderingIntent?: (intent: string, annotationMode?: number, storage?: null, isEditing?: boolean, isOpList?: boolean) => { cacheKey: string };
    };
  };
  const states = internals._intentStates;
  const getRenderingIntent = internals._transport?.getRenderingIntent;
  if (!(states instanceof Map) || typeof getRenderingIntent !== 'function') return;
  const transport = internals._transport!;
  // The defaults of both getOperatorList() and render(): display intent, annotations enabled.
  const operatorListKey = getRenderingIntent.call(transport, 'display', undefined, null, false, true).cacheKey;
  const renderKey = getRenderingIntent.call(transport, 'display', undefined, null, false, false).cacheKey;
  const built = states.get(operatorListKey) as { operatorList?: { lastChunk?: boolean } } | undefined;
  if (!built?.operatorList?.lastChunk || states.has(renderKey)) return;
  states.set(renderKey, {
    displayReadyCapability: resolvedCapability(false),
    operatorList: built.operatorList,
    renderTasks: new Set(),
    streamReaderCancelTimeout: null,
  });
}

function resolvedCapability<T>(value: T): { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void } {
  return { promise: Promise.resolve(value), resolve: () => {}, reject: () => {} };
}
