/**
 * "TheThe LimesLimes RResidentialesidential" → "The Limes Residential": a heading drawn twice, a point
 * apart, for a bolder look, reads each run of it twice. Undone when most words (two or more) read so,
 * so that one such word in a real title ("ISIS and terrorism") stays.
 */
export function drawnOnce(text: string): string {
  const words = text.split(' ');
  const once = words.map(word => halfOfDoubled(word));
  const doubled = once.filter(word => word !== undefined).length;
  return words.length >= 2 && doubled / words.length >= 0.6 ? once.map((word, index) => word ?? words[index]).join(' ') : text;
}

/**
 * The word read once when it is runs each written twice in a row ("RR" + "esidentialesidential"), else
 * undefined. ok[i]: the first i characters are such pairs; `from[i]` where the last pair starts.
 */
function halfOfDoubled(word: string): string | undefined {
  if (word.length < 2 || word.length % 2 !== 0) return undefined;
  const from = new Array<number>(word.length + 1).fill(-1);
  from[0] = 0;
  for (let end = 2; end <= word.length; end += 2) {
    for (let start = end - 2; start >= 0 && from[end] < 0; start -= 2) {
      const middle = (start + end) / 2;
      if (from[start] >= 0 && word.slice(start, middle) === word.slice(middle, end)) from[end] = start;
    }
  }
  if (from[word.length] < 0) return undefined;
  const runs: string[] = [];
  for (let end = word.length; end > 0; end = from[end]) runs.unshift(word.slice(from[end], (from[end] + end) / 2));
  return runs.join('');
}
