/**
 * Splits text into parts of at most `targetCharacters`, cutting at the latest good boundary in the
 * second half of the window: a paragraph break, else a line break, else a sentence end, else a space.
 * Only a single word longer than the target is ever cut inside.
 */
export function splitText(text: string, targetCharacters: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > targetCharacters) {
    const cut = cutPosition(rest, targetCharacters);
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest.length > 0) parts.push(rest);
  return parts;
}

const boundaries = [/\n\s*\n/g, /\n/g, /[.!?。！？]["')\]]?\s/g, /\s/g];

function cutPosition(text: string, targetCharacters: number): number {
  const window = text.slice(0, targetCharacters + 1);
  const earliest = Math.floor(targetCharacters / 2);
  for (const boundary of boundaries) {
    let best = -1;
    for (const match of window.matchAll(boundary)) {
      const end = match.index + match[0].length;
      if (match.index >= earliest && end <= targetCharacters + 1) best = end;
    }
    if (best > 0) return best;
  }
  const lastSpace = window.search(/\s\S*$/);
  return lastSpace > 0 ? lastSpace + 1 : targetCharacters;
}
