/**
 * The numbers a claim states, and whether a text states them too: digits with their decimals, in one
 * normal form, so "1,234", "1.234" and "1 234" are the same number (thousands grouped by comma, point
 * or space), as are "4.2" and "4,2" (decimal point or comma). A percent sign, a currency or a unit does
 * not change the number. A number of a page, figure, table or section ("the chart on page 4") names a
 * place, not a fact, and is not checked.
 */
export function claimNumbers(claim: string): string[] {
  const found = new Set<string>();
  for (const match of claim.matchAll(claimNumberPattern)) {
    if (placeWordBefore.test(claim.slice(Math.max(0, match.index - 12), match.index))) continue;
    found.add(normalNumber(match[0]));
  }
  return [...found];
}

/** Every number a text holds, in normal form (glued to letters too: "COVID-19", "Q3"). */
export function textNumbers(text: string): Set<string> {
  return new Set([...text.matchAll(numberPattern)].map(match => normalNumber(match[0])));
}

/** "1,234" / "1.234" / "1 234" → "1234"; "4,2" → "4.2"; "007" → "7"; "0.125" stays. */
export function normalNumber(token: string): string {
  const ungrouped = /^[1-9]\d{0,2}(?:[,. \u00a0\u202f]\d{3})+(?:[.,]\d+)?$/u.test(token) ? token.replace(/[,. \u00a0\u202f](?=\d{3}(?:\D|$))/gu, '') : token;
  const [whole, fraction] = ungrouped.replace(',', '.').split('.');
  const integer = whole.replace(/^0+(?=\d)/u, '');
  return fraction === undefined ? integer : `${integer}.${fraction}`;
}

const numberPattern = /\d{1,3}(?:[,. \u00a0\u202f]\d{3})+(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?/gu;
/** A claim's numbers stand alone: "Q3", "H1", "ISO9001" are names, not figures. */
const claimNumberPattern = new RegExp(`(?<![\\p{L}\\d])(?:${numberPattern.source})`, 'gu');
/** Words that make the number after them a place in the document. */
const placeWordBefore =
  /(?:\bpages?|\bp\.|\bpp\.|\bslides?|\bfig(?:ure)?s?\.?|\btables?|\bsections?|§|\bchapters?|\bappendix|\bseiten?|\bpáginas?|\bpagin[ae]s?|\bbladzijden?|\babbildung|\btabelle|\babschnitt)\s*$/iu;
