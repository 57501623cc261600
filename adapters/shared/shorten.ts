/** Cuts text to at most `maxChars` at a word boundary, ending with `suffix` when anything was cut. */
export function shorten(text: string, maxChars: number, suffix = '…'): string {
  if (text.length <= maxChars) return text;
  const room = Math.max(0, maxChars - suffix.length);
  const window = text.slice(0, room);
  const space = window.lastIndexOf(' ');
  return `${(space > room * 0.6 ? window.slice(0, space) : window).trimEnd()}${suffix}`;
}
