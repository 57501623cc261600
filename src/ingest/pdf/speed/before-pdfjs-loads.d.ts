// Types of before-pdfjs-loads.js (plain JavaScript: the entry points load it before tsx).

/** The pdfjs-dist version the speed layer was written for and checked against. */
export const speedLayerPdfjsVersion: string;

/** The pdfjs-dist version installed next to Folio (its package.json). */
export const installedPdfjsVersion: string;

/** Puts the engine's own push/JSON functions back where pdf.js's core-js replaced them. */
export function restoreEngineBuiltins(): void;

/** Call once pdf.js's display and worker modules have been evaluated; later calls do nothing. */
export function pdfjsLoaded(): void;
