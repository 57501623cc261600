import { cosineScoresWasmBase64 } from './cosine-scores-wasm.ts';

/** The compiled scoring kernels (cosine-scores.wat), compiled once per process and instantiated per matrix. */
export const cosineScoresModule = new WebAssembly.Module(Buffer.from(cosineScoresWasmBase64, 'base64'));
