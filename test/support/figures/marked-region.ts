import { createCanvas, loadImage } from '@napi-rs/canvas';

/** Where a page image has the "show me where" marker's yellow, in page points; undefined when nowhere. */
export async function markedRegion(png: Uint8Array, pageWidthPt: number): Promise<{ top: number; bottom: number; left: number; right: number } | undefined> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  const scale = image.width / pageWidthPt;
  let top = Infinity;
  let bottom = -Infinity;
  let left = Infinity;
  let right = -Infinity;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const at = (y * image.width + x) * 4;
      // Marker yellow over white or black text: red and green high, blue clearly lower.
      if (data[at] > 200 && data[at + 1] > 170 && data[at + 2] < 150) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return top === Infinity ? undefined : { top: top / scale, bottom: bottom / scale, left: left / scale, right: right / scale };
}
