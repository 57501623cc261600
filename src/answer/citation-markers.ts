/**
 * The passage numbers inside one citation marker's brackets: "1", "1, 3", "2-4" (a range, at most 20
 * numbers). Every reader of `[n]` markers (checking citations, renumbering them for a platform) uses this.
 */
export function markerNumbers(inner: string): number[] {
  const numbers: number[] = [];
  for (const part of inner.split(/\s*[,;]\s*/u)) {
    const range = /^(\d+)\s*[-–]\s*(\d+)$/u.exec(part);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      for (let n = from; n <= to && n - from < 20; n++) numbers.push(n);
    } else if (/^\d+$/u.test(part)) numbers.push(Number(part));
  }
  return numbers;
}
