// Types of native-jpeg-decoder.js (plain JavaScript: parse workers load it before tsx). Importing it installs the decoder.

/** Whether the decoder is installed in this thread. */
export function nativeJpegDecoderInstalled(): boolean;

/** The opaque RGBA pixels of a bitmap the decoder made, or undefined for any other value. */
export function nativeJpegPixels(bitmap: unknown): { width: number; height: number; data: Uint8Array } | undefined;
