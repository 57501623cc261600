/** Cited pages as chat platforms show them: "p. 4", "pp. 4–6" for a run, "pp. 4, 9" otherwise. */
export function pagesLabel(pages: number[]): string {
  if (pages.length === 0) return 'p. ?';
  if (pages.length === 1) return `p. ${pages[0]}`;
  const contiguous = pages.every((page, index) => index === 0 || page === pages[index - 1] + 1);
  return contiguous ? `pp. ${pages[0]}–${pages[pages.length - 1]}` : `pp. ${pages.join(', ')}`;
}
