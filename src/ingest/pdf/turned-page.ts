import type { PageTurn } from '../../documents/document-tree.ts';
import type { PDFPageProxy } from './open-pdf.ts';

/**
 * The page as if turned `turn` degrees clockwise beyond its own /Rotate: every viewport it gives (text
 * positions, rendering, crops) is in the turned frame. pdf.js keeps private fields on the page, so its
 * methods run on the page itself; only getViewport is replaced.
 */
export function turnedPage(page: PDFPageProxy, turn: PageTurn | undefined): PDFPageProxy {
  if (!turn) return page;
  const getViewport: PDFPageProxy['getViewport'] = parameters =>
    page.getViewport({ scale: 1, ...parameters, rotation: ((parameters?.rotation ?? page.rotate) + turn) % 360 });
  return new Proxy(page, {
    get(target, property) {
      if (property === 'getViewport') return getViewport;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
