// pdfjs-dist ships no types for its worker module; Folio uses only this entry point of it
// (see speed/in-thread-pdf-worker.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: {
    /** Serves pdf.js's worker side on `port` (postMessage/addEventListener), and posts "ready". */
    initializeFromPort(port: unknown): void;
  };
}
