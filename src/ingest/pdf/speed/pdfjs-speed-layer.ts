import { isMainThread } from 'node:worker_threads';
import { installedPdfjsVersion, restoreEngineBuiltins, speedLayerPdfjsVersion } from './before-pdfjs-loads.js';
import { installNativeJpegDecoder } from './native-jpeg-decoder.js';
import { installSyncInflate } from './sync-inflate.ts';

/**
 * Folio's speed layer over pdf.js: changes that make parsing several times cheaper but lean on how
 * one pdf.js version works inside (benchmarks.md, "pdf.js speed layer"). When it is active in a thread:
 * - Flate streams are inflated with one synchronous zlib call (sync-inflate.ts);
 * - plain RGB JPEGs are decoded by libjpeg-turbo (native-jpeg-decoder.js);
 * - documents talk to pdf.js's worker side through ports that hand messages over uncopied
 *   (in-thread-pdf-worker.ts);
 * - text items are built from the operator list instead of getTextContent (text-from-operator-list.ts);
 * - figure renders reuse the page's operator list and skip drawing outside the canvas
 *   (share-operator-list.ts, skip-offcanvas-drawing.ts; both read pdf.js's private fields).
 * When it is not, pdf.js runs as shipped: getTextContent, its own inflate, JPEG decoder and worker
 * port, no private fields. Either way the engine's own Array.prototype.push and JSON are back once
 * pdf.js has loaded (before-pdfjs-loads.js): that undoes what pdf.js's core-js does to the whole
 * process and is not part of the layer.
 */
export interface PdfjsSpeedLayerState {
  active: boolean;
  /** Why the layer is not active; absent when it is. */
  reason?: string;
}

export interface PdfjsSpeedLayer {
  /** This thread's state; callers choose the patched or plain path by `active`. */
  state(): PdfjsSpeedLayerState;
  /**
   * Called where a document is opened for parsing. The first call in a thread decides, for the
   * thread's lifetime: the patches change process globals and pdf.js settles some choices at its
   * first use. Folio passes the same `enabled` (FOLIO_PDFJS_FAST) on every call.
   */
  install(enabled: boolean): PdfjsSpeedLayerState;
}

const notInstalled: PdfjsSpeedLayerState = { active: false, reason: 'no document has been opened for parsing in this thread' };

export function createPdfjsSpeedLayer(dependencies: {
  /** The pdfjs-dist version that is loaded. */
  installedVersion: string;
  /** The version the patches were written for; any other gets plain pdf.js. */
  supportedVersion: string;
  patch: () => void;
  /** Told once when the installed version is not the supported one. */
  warn: (message: string) => void;
}): PdfjsSpeedLayer {
  let state = notInstalled;
  let decided = false;
  return {
    state: () => state,
    install(enabled) {
      if (decided) return state;
      decided = true;
      if (!enabled) {
        state = { active: false, reason: 'switched off (FOLIO_PDFJS_FAST=off)' };
      } else if (dependencies.installedVersion !== dependencies.supportedVersion) {
        state = {
          active: false,
          reason: `pdfjs-dist ${dependencies.installedVersion} is installed; the speed layer is written for ${dependencies.supportedVersion}`,
        };
        dependencies.warn(`${state.reason}. PDFs are parsed with plain pdf.js, which is slower.`);
      } else {
        dependencies.patch();
        state = { active: true };
      }
      return state;
    },
  };
}

const threadLayer = createPdfjsSpeedLayer({
  installedVersion: installedPdfjsVersion,
  supportedVersion: speedLayerPdfjsVersion,
  patch: () => {
    // Done once pdf.js loaded already (pdfjsLoaded); again here in case a module replaced them since.
    restoreEngineBuiltins();
    installSyncInflate();
    installNativeJpegDecoder();
  },
  // Parse workers decide like the main thread, which opens every document first: one warning a process.
  warn: message => {
    if (isMainThread) process.emitWarning(message, { type: 'FolioWarning', code: 'FOLIO_PDFJS_VERSION' });
  },
});

/** Whether this thread uses the speed layer, and why not. */
export function pdfjsSpeedLayer(): PdfjsSpeedLayerState {
  return threadLayer.state();
}

/** Installs the speed layer in this thread unless `enabled` is false or pdfjs-dist is another version (see PdfjsSpeedLayer.install). */
export function installPdfjsSpeedLayer(enabled: boolean): PdfjsSpeedLayerState {
  return threadLayer.install(enabled);
}
