/** A PDF/canvas affine transform [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type AffineMatrix = [number, number, number, number, number, number];

export const identityMatrix: AffineMatrix = [1, 0, 0, 1, 0, 0];

/** `outer × inner`: applies `inner` first, then `outer` (the order PDF's `cm` composes in). */
export function multiplyMatrices(outer: ArrayLike<number>, inner: ArrayLike<number>): AffineMatrix {
  return [
    outer[0] * inner[0] + outer[2] * inner[1],
    outer[1] * inner[0] + outer[3] * inner[1],
    outer[0] * inner[2] + outer[2] * inner[3],
    outer[1] * inner[2] + outer[3] * inner[3],
    outer[0] * inner[4] + outer[2] * inner[5] + outer[4],
    outer[1] * inner[4] + outer[3] * inner[5] + outer[5],
  ];
}

/** Axis-aligned bounds [minX, minY, maxX, maxY] of the rectangle (x0,y0)-(x1,y1) after `matrix`. */
export function transformBounds(matrix: AffineMatrix, x0: number, y0: number, x1: number, y1: number): [number, number, number, number] {
  const [a, b, c, d, e, f] = matrix;
  const xs = [a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x0 + c * y1 + e, a * x1 + c * y1 + e];
  const ys = [b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x0 + d * y1 + f, b * x1 + d * y1 + f];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** How much the matrix scales lengths on average: converts a line width into page points. */
export function matrixScale(matrix: AffineMatrix): number {
  return Math.sqrt(Math.abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]));
}
