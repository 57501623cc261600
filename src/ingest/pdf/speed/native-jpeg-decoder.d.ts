// Types of native-jpeg-decoder.js.

/** Installs the decoder as `globalThis.ImageDecoder` for pdf.js, once per thread; whether it is installed. */
export function installNativeJpegDecoder(): boolean;

/** Whether the decoder is installed in this thread. */
export function nativeJpegDecoderInstalled(): boolean;

/** The opaque RGBA pixels of a bitmap the decoder made, or undefined for any other value. */
export function nativeJpegPixels(bitmap: unknown): { width: number; height: number; data: Uint8Array } | undefined;
