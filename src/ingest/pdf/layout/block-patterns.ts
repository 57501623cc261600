/**
 * Text patterns that decide a block's kind regardless of its font: list markers, captions, section
 * numbering and lone page numbers.
 */

// Bullets seen in real files: Word/LibreOffice symbol bullets arrive as private-use or Wingdings glyphs
// (\uf0b7, \uf0a7, \uf076, \uf0d8), LaTeX uses • and –, slides use ▪ ➢ ✓.
const bulletMarker = /^([•◦▪▫●○■□◆◇►▸▹‣⁃∙·➢➤✓✔❖\uf0b7\uf0a7\uf076\uf0d8\uf0fc\uf06e\uf0a8]|[-–—*](?=\s))\s*/u;
const enumerationMarker = /^(\(?\d{1,2}[.)]|\(?[a-z][.)]|\([ivx]{1,4}\)|[ivx]{1,4}\))\s+/;

/** Length of the list marker at the start of `text` (bullet or "1." / "a)" / "(iv)"), or 0. */
export function listMarkerLength(text: string): number {
  const bullet = bulletMarker.exec(text);
  if (bullet) return bullet[0].length;
  return enumerationMarker.exec(text)?.[0].length ?? 0;
}

export function startsWithBullet(text: string): boolean {
  return bulletMarker.test(text);
}

const captionPattern =
  /^(figure|fig\.?|table|tab\.|chart|exhibit|graph|diagram|listing|algorithm|scheme|plate)\s*([A-Z]?\d+|[IVX]+)([.-]\d+)*[a-z]?(\s*[:|]|\.(\s|$)|\s+[-–—]\s|\s*[—–]|$)/i;
const looseCaptionPattern = /^([Ff]igure|FIGURE|[Ff]ig\.?|[Tt]able|TABLE|[Cc]hart|[Ee]xhibit)\s*[A-Z]?\d+([.-]\d+)*\s+\p{Lu}/u;

/**
 * "Figure 3: ...", "Fig. 2.", "Table IV - ...". With `allowBareLabel` (the block is next to a figure or
 * table, or set in a caption font) "Figure 1-2 Existing controls" counts too.
 */
export function isCaptionText(text: string, allowBareLabel: boolean): boolean {
  return captionPattern.test(text) || (allowBareLabel && looseCaptionPattern.test(text));
}

export function isFigureCaptionText(text: string): boolean {
  return /^(figure|fig\.?|chart|exhibit|graph|diagram|plate)\s*/i.test(text);
}

const multiLevelNumbering = /^\d{1,2}(\.\d{1,2})+\.?\s+\p{L}/u;
const singleNumbering = /^\d{1,2}\.?\s+\p{Lu}/u;
const letterOrRomanNumbering = /^([A-Z]|[IVXL]{1,5})\.\s+\p{Lu}/u;
// "(2) Findings": parenthesized numbers open sub-sections in legal and Korean/Japanese reports; the
// title after them need not start with a capital (many scripts have none).
const parenthesizedNumbering = /^\(\d{1,2}\)\s*[^\s\p{Ll}\d]/u;

/** "1.2 Methods", "3 Results", "A. Appendix", "IV. Discussion", "(2) Findings". */
export function sectionNumbering(text: string): 'multi-level' | 'single' | 'letter-or-roman' | 'parenthesized' | null {
  if (multiLevelNumbering.test(text)) return 'multi-level';
  if (letterOrRomanNumbering.test(text)) return 'letter-or-roman';
  if (singleNumbering.test(text)) return 'single';
  if (parenthesizedNumbering.test(text)) return 'parenthesized';
  return null;
}

const pageNumberPattern = /^(page\s*)?[-–—]?\s*(\d{1,4}|[ivxlc]{1,6})\s*[-–—]?(\s*(of|\/)\s*\d{1,4})?$/i;

/** "12", "- 12 -", "Page 3 of 40", "iv". */
export function isPageNumberText(text: string): boolean {
  return pageNumberPattern.test(text.trim());
}

/** Ends like a sentence, not like a title. */
export function endsLikeSentence(text: string): boolean {
  return /[.!?;,]["'”’)\]]?$/.test(text.trim()) && !/\b(etc|et al|vs|Inc|Ltd|No)\.$/.test(text.trim());
}
