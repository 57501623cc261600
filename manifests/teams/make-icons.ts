import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * Draws the Teams app icons next to manifest.json (run with `npx tsx manifests/teams/make-icons.ts`; the
 * PNGs are committed). Teams wants a 192×192 full-colour icon and a 32×32 outline icon that is white
 * on a transparent background. Both show the same mark: a page with a folded corner and text lines.
 */
const accent = '#2F5AA8';
const here = dirname(fileURLToPath(import.meta.url));

/** The page mark inside a `size`×`size` box, as a path (the caller fills or strokes it). */
function pagePath(context: SKRSContext2D, size: number): void {
  const left = size * 0.25;
  const top = size * 0.16;
  const right = size * 0.75;
  const bottom = size * 0.84;
  const fold = size * 0.16;
  context.beginPath();
  context.moveTo(left, top);
  context.lineTo(right - fold, top);
  context.lineTo(right, top + fold);
  context.lineTo(right, bottom);
  context.lineTo(left, bottom);
  context.closePath();
}

function textLines(context: SKRSContext2D, size: number, count: number): void {
  for (let index = 0; index < count; index++) {
    const y = size * (0.42 + index * (0.3 / Math.max(1, count - 1)));
    context.fillRect(size * 0.33, y, size * (index === count - 1 ? 0.2 : 0.34), Math.max(1, size * 0.05));
  }
}

function colorIcon(): Buffer {
  const size = 192;
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  context.fillStyle = accent;
  context.fillRect(0, 0, size, size);
  context.fillStyle = '#FFFFFF';
  pagePath(context, size);
  context.fill();
  context.fillStyle = accent;
  textLines(context, size, 4);
  return canvas.toBuffer('image/png');
}

function outlineIcon(): Buffer {
  const size = 32;
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  context.strokeStyle = '#FFFFFF';
  context.fillStyle = '#FFFFFF';
  context.lineWidth = 2;
  context.lineJoin = 'round';
  pagePath(context, size);
  context.stroke();
  textLines(context, size, 3);
  return canvas.toBuffer('image/png');
}

await writeFile(join(here, 'color.png'), colorIcon());
await writeFile(join(here, 'outline.png'), outlineIcon());
