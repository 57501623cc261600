/**
 * The names a document's pages go by besides their position: the numbers printed on them (detected in
 * headers and footers, `DocumentTree.printedPageNumbers`) and the PDF's page labels. A question's
 * "page 17" means one of these when the document has them.
 */
export interface PageNumbering {
  /** The PDF's page labels by physical page index ("i", "ii", "1"...). */
  labels?: string[];
  /** The numbers printed on each physical page (two on a spread), by physical page index. */
  printed?: number[][];
}

/** Lower-cased page name → physical pages that go by it, pages printing it before pages labelled so. */
export type PageNameLookup = ReadonlyMap<string, number[]>;

export function pageNameLookup(numbering: PageNumbering | undefined): PageNameLookup {
  const lookup = new Map<string, number[]>();
  const add = (name: string, page: number) => {
    const key = name.toLowerCase();
    const pages = lookup.get(key) ?? [];
    if (!pages.includes(page)) pages.push(page);
    lookup.set(key, pages);
  };
  numbering?.printed?.forEach((numbers, index) => numbers.forEach(number => add(String(number), index + 1)));
  numbering?.labels?.forEach((label, index) => add(label, index + 1));
  return lookup;
}
