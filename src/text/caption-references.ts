/**
 * Figures and tables a question names ("in Figure 5", "Table 2", "Fig. 3 (left)", "Table1-1"), and the
 * captions a page carries. The page a caption is on is the page of the figure or table; pages that only
 * mention it in running text ("as Figure 5 shows") are not, yet BM25 cannot tell them apart.
 */

export type CaptionKind = 'figure' | 'table';

/** "figure 5", "table 1-1": the key both sides are compared by. */
export type CaptionKey = `${CaptionKind} ${string}`;

// Spelt out in both cases instead of the i flag, which would make \\p{Lu} match lower case too. German
// and Dutch write "Abbildung 3", "Abb. 3", "Figuur 3", "Afbeelding 3", "Tabelle 2", "Tabel 2".
const kindWords =
  '([Ff][Ii][Gg](?:[Uu][Rr][Ee])?[Ss]?\\.?|[Tt][Aa][Bb][Ll][Ee][Ss]?|[Tt][Aa][Bb]\\.|[Ff]iguu?r(?:en)?|[Aa]bb(?:ildung(?:en)?|\\.)|[Aa]fbeelding(?:en)?|[Tt]abell?e?n?)';
const label = '(\\d{1,3}(?:[.-]\\d{1,3})?[a-z]?|[A-Z]\\d{0,2}(?=\\b)|[IVX]{1,5}(?=\\b))';
const questionReference = new RegExp(`\\b${kindWords}\\s*${label}(?![\\d.-]*\\d)`, 'gu');
// A caption starts a line (or a figure/table title) and is followed by punctuation, a capital or nothing.
const captionStart = new RegExp(`(?:^|\\n)\\s*${kindWords}\\s*${label}(?=\\s*[:.|—–-]|\\s+\\p{Lu}|\\s*$|\\s*\\n)`, 'gu');

/** The figures and tables a question names, in order. "Figures 5 and 6" names 5 only (the common case is one). */
export function captionReferences(question: string): CaptionKey[] {
  const keys: CaptionKey[] = [];
  for (const match of question.matchAll(questionReference)) {
    // "Fig. 3b" is a panel of Figure 3, whose caption says "Figure 3:".
    const key = captionKey(match[1], match[2].replace(/^(\d[\d.-]*)[a-z]$/u, '$1'));
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** Where the figure and table words of the references a question makes start ("Tabel" of "volgens Tabel 2"). */
export function captionReferenceStarts(question: string): Set<number> {
  return new Set([...question.matchAll(questionReference)].map(match => match.index));
}

/** The captions in a unit's text and in its title (figure and table nodes are titled by their caption). */
export function captionKeys(text: string, title?: string): CaptionKey[] {
  const keys = new Set<CaptionKey>();
  for (const source of title ? [title, text] : [text]) {
    for (const match of source.matchAll(captionStart)) keys.add(captionKey(match[1], match[2]));
  }
  return [...keys];
}

function captionKey(kindWord: string, value: string): CaptionKey {
  const kind: CaptionKind = /^(?:fig|abb|afb)/iu.test(kindWord) ? 'figure' : 'table';
  return `${kind} ${value.toLowerCase()}`;
}
