/**
 * pdf.js replays a page's whole operator list for every render, even when the canvas shows only a
 * small crop of it: every glyph is drawn (in Node, with no font faces, each glyph's outline is built
 * the first time), and every image is converted to RGBA, scaled and painted. For figure crops that
 * was most of the render time. This returns an `operationsFilter` for `page.render` that, on its
 * first call, wraps the render's text and image painting:
 * - a text-showing operation whose glyphs all fall outside the canvas runs with drawing switched off
 *   (pdf.js's own `contentVisible` flag), so the text position still advances exactly as before;
 * - an image (XObject or inline) whose painted square lies wholly outside the canvas is not painted
 *   at all: it could only change pixels outside the canvas, so the crop comes out byte-identical
 *   without the cost of converting, scaling and painting it.
 * Nothing inside the crop changes. Relies on pdf.js 5.6 internals (RenderTask._internalRenderTask.gfx,
 * CanvasGraphics.showText, paintInlineImageXObject and its `current` state); when they are missing
 * it does nothing and the page renders in full.
 */
export function skipOffCanvasDrawing(renderTask: () => unknown, widthPx: number, heightPx: number): () => boolean {
  let installed = false;
  return () => {
    if (!installed) {
      installed = true;
      const graphics = (renderTask() as { _internalRenderTask?: { gfx?: CanvasGraphicsInternals } })._internalRenderTask?.gfx;
      if (graphics && typeof graphics.showText === 'function' && graphics.current && graphics.ctx) wrapShowText(graphics, widthPx, heightPx);
      if (graphics && typeof graphics.paintInlineImageXObject === 'function' && graphics.ctx) wrapImagePainting(graphics, widthPx, heightPx);
    }
    return true;
  };
}

/** The parts of pdf.js's CanvasGraphics this module reads. */
interface CanvasGraphicsInternals {
  showText: (operationIndex: number, glyphs: unknown[]) => unknown;
  /** Paints an image (XObject images come through here too) into the unit square of the current transform. */
  paintInlineImageXObject: (operationIndex: number, image: unknown) => unknown;
  contentVisible: boolean;
  ctx: { getTransform(): { a: number; b: number; c: number; d: number; e: number; f: number } };
  current: {
    font?: { isType3Font?: boolean; vertical?: boolean };
    fontSize: number;
    fontMatrix?: number[];
    textMatrix: number[] | null;
    x: number;
    y: number;
    textRise: number;
    textHScale: number;
    charSpacing: number;
    wordSpacing: number;
    textRenderingMode: number;
  };
}

/** Text rendering modes 4–7 add glyphs to the clipping path: those must always run. */
const addToClipFlag = 4;
/** Device pixels of slack around the canvas (anti-aliasing, glyph overshoot). */
const marginPx = 2;

function wrapShowText(graphics: CanvasGraphicsInternals, widthPx: number, heightPx: number): void {
  const showText = graphics.showText.bind(graphics);
  graphics.showText = (operationIndex, glyphs) => {
    if (!graphics.contentVisible || !isOffCanvas(graphics, glyphs, widthPx, heightPx)) return showText(operationIndex, glyphs);
    graphics.contentVisible = false;
    try {
      return showText(operationIndex, glyphs);
    } finally {
      graphics.contentVisible = true;
    }
  };
}

function wrapImagePainting(graphics: CanvasGraphicsInternals, widthPx: number, heightPx: number): void {
  const paint = graphics.paintInlineImageXObject.bind(graphics);
  graphics.paintInlineImageXObject = (operationIndex, image) => {
    if (isImageOffCanvas(graphics, widthPx, heightPx)) return;
    return paint(operationIndex, image);
  };
}

/**
 * pdf.js paints an image into the unit square of the current transform (its device pixels here; in a
 * transparency group, the group canvas's, which lies within the canvas, so a visible image is never
 * judged off it).
 */
function isImageOffCanvas(graphics: CanvasGraphicsInternals, widthPx: number, heightPx: number): boolean {
  const { a, b, c, d, e, f } = graphics.ctx.getTransform();
  const xs = [e, a + e, c + e, a + c + e];
  const ys = [f, b + f, d + f, b + d + f];
  return isBoxOffCanvas(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), widthPx, heightPx);
}

/** A device-pixel box wholly outside the canvas and its margin; a box with non-finite corners never is. */
function isBoxOffCanvas(minX: number, minY: number, maxX: number, maxY: number, widthPx: number, heightPx: number): boolean {
  if (![minX, minY, maxX, maxY].every(Number.isFinite)) return false;
  return maxX < -marginPx || maxY < -marginPx || minX > widthPx + marginPx || minY > heightPx + marginPx;
}

function isOffCanvas(graphics: CanvasGraphicsInternals, glyphs: unknown[], widthPx: number, heightPx: number): boolean {
  const current = graphics.current;
  if (!current.font || current.font.isType3Font || current.font.vertical) return false;
  if (current.textRenderingMode & addToClipFlag) return false;
  const fontSize = Math.abs(current.fontSize);
  if (!Number.isFinite(fontSize) || fontSize === 0) return false;
  // An upper bound of the run's advance in text space: every glyph at least as wide as the widest
  // plausible glyph, plus all spacing and TJ adjustments taken as positive.
  const widthScale = Math.abs(fontSize * (current.fontMatrix?.[0] ?? 0.001));
  let advance = 0;
  for (const glyph of glyphs) {
    if (typeof glyph === 'number') advance += (Math.abs(glyph) * fontSize) / 1000;
    else
      advance +=
        Math.max(Math.abs((glyph as { width?: number }).width ?? 0) * widthScale, fontSize) + Math.abs(current.charSpacing) + Math.abs(current.wordSpacing);
  }
  advance *= Math.max(1, Math.abs(current.textHScale));
  const reach = advance + 2 * fontSize;
  const rise = current.textRise;
  // Text space box around the run, relative to its origin, then to device pixels.
  // Symmetric in x: a negative horizontal scale or font direction runs the text leftwards.
  const corners: Array<[number, number]> = [
    [-reach, -2 * fontSize + rise],
    [reach, -2 * fontSize + rise],
    [-reach, 2 * fontSize + rise],
    [reach, 2 * fontSize + rise],
  ];
  const device = graphics.ctx.getTransform();
  const [ta, tb, tc, td, te, tf] = current.textMatrix ?? [1, 0, 0, 1, 0, 0];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [cornerX, cornerY] of corners) {
    const textX = cornerX + current.x;
    const textY = cornerY + current.y;
    const userX = ta * textX + tc * textY + te;
    const userY = tb * textX + td * textY + tf;
    const deviceX = device.a * userX + device.c * userY + device.e;
    const deviceY = device.b * userX + device.d * userY + device.f;
    minX = Math.min(minX, deviceX);
    minY = Math.min(minY, deviceY);
    maxX = Math.max(maxX, deviceX);
    maxY = Math.max(maxY, deviceY);
  }
  return isBoxOffCanvas(minX, minY, maxX, maxY, widthPx, heightPx);
}
