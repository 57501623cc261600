/**
 * Acronyms a text spells out: "Notificatie Routering Component (NRC)" and "NRC (Notificatie Routering
 * Component)". The acronym's letters are the initials of the words beside it, in order, from the first
 * word (words between may be skipped: "Bundesamt für Sicherheit in der Informationstechnik (BSI)").
 */
export interface AcronymDefinition {
  acronym: string;
  expansion: string;
}

/** An acronym as written in brackets or before them: two to eight capitals and digits, a capital first. */
const acronym = '\\p{Lu}[\\p{Lu}\\p{N}]{1,7}';
/** Words before "(ACR)" or inside "ACR (…)": up to eight, so a sentence's start is not taken for them. */
const expansion = "[\\p{L}\\p{N}'’-]+(?:\\s+[\\p{L}\\p{N}'’-]+){0,7}";
const beforeBrackets = new RegExp(`(${expansion})\\s*\\((${acronym})\\)`, 'gu');
const inBrackets = new RegExp(`\\b(${acronym})\\s*\\((${expansion})\\)`, 'gu');

export function acronymDefinitions(text: string): AcronymDefinition[] {
  const found: AcronymDefinition[] = [];
  for (const match of text.matchAll(beforeBrackets)) {
    const words = match[1].split(/\s+/u);
    // The expansion starts where the acronym's first letter does, at the latest word that lets it spell out.
    for (let start = words.length - 1; start >= 0; start--) {
      if (spellsOut(words.slice(start), match[2])) {
        found.push({ acronym: match[2], expansion: words.slice(start).join(' ') });
        break;
      }
    }
  }
  for (const match of text.matchAll(inBrackets)) {
    if (spellsOut(match[2].split(/\s+/u), match[1])) found.push({ acronym: match[1], expansion: match[2] });
  }
  return found;
}

/**
 * Whether the words' initials spell the acronym: its first letter the first word's, its last the last
 * word's, the others among the words between, in order.
 */
export function spellsOut(words: string[], written: string): boolean {
  const letters = [...written.replace(/\p{N}/gu, '')].map(letter => letter.toUpperCase());
  const initials = words.map(word =>
    word
      .replace(/^[^\p{L}\p{N}]+/u, '')
      .charAt(0)
      .toUpperCase(),
  );
  if (letters.length < 2 || initials.length < 2 || initials[0] !== letters[0] || initials.at(-1) !== letters.at(-1)) return false;
  let at = 1;
  for (const initial of initials.slice(1, -1)) if (at < letters.length - 1 && initial === letters[at]) at += 1;
  return at === letters.length - 1;
}

/**
 * Whether the text writes the acronym out as consecutive words whose initials spell it, a compound's
 * hyphenated parts counted as words: "diluted earnings per share" for "EPS", "Stock-Based Compensation"
 * for "SBC". Two letters are too few to tell such words from chance.
 */
export function spelledOut(text: string, written: string): boolean {
  const letters = written.toLowerCase();
  if (!/^\p{Ll}{3,6}$/u.test(letters)) return false;
  const initials = (text.match(/\p{L}[\p{L}'’]*/gu) ?? []).map(word => word.charAt(0).toLowerCase()).join('');
  return initials.includes(letters);
}
