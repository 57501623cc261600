import { createCanvas, loadImage } from '@napi-rs/canvas';
import { encodeOpaquePng } from '../ingest/pdf/figures/encode-png.ts';
import type { BoundingBox } from '../documents/document-tree.ts';

/** A marker pen's yellow, translucent so the words stay readable, with a darker edge to find it at a glance. */
const fill = 'rgba(255, 214, 0, 0.35)';
const edge = 'rgba(214, 150, 0, 0.9)';
/** Points added around each box: glyph boxes hug the letters, a mark reads better with some room. */
const marginPt = 1.5;

/**
 * The page image with translucent boxes over `boxes` (page points, top-left origin), scaled from the
 * page's size in points to the image's pixels, so the boxes land on the lines whatever resolution the
 * page was rendered at.
 */
export async function drawHighlights(pagePng: Uint8Array, pageSize: { width: number; height: number }, boxes: readonly BoundingBox[]): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(pagePng.buffer, pagePng.byteOffset, pagePng.byteLength));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const scaleX = image.width / pageSize.width;
  const scaleY = image.height / pageSize.height;
  context.fillStyle = fill;
  context.strokeStyle = edge;
  context.lineWidth = Math.max(1, Math.round(scaleX));
  for (const box of boxes) {
    const x = (box.x - marginPt) * scaleX;
    const y = (box.y - marginPt) * scaleY;
    const width = (box.width + 2 * marginPt) * scaleX;
    const height = (box.height + 2 * marginPt) * scaleY;
    context.fillRect(x, y, width, height);
    context.strokeRect(x, y, width, height);
  }
  return encodeOpaquePng(canvas.data(), image.width, image.height);
}
