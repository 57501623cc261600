import { LenientJsonParser, LooseJsonError } from './lenient-json-parser.ts';

export { LooseJsonError };

/**
 * Reads the JSON a language model meant to write. Models wrap JSON in code fences and prose, leave
 * trailing commas, use single or smart quotes, unquoted keys, `//` comments, Python's True/None and
 * unescaped quotes inside strings; all of that is repaired. What cannot be repaired throws an Error
 * whose message says what is wrong and where (it goes back to the model in generateJson's corrective
 * retry). Output that was cut off (an object or string that never closes) always throws: a truncated
 * answer is never passed off as a complete one.
 *
 * Linear in the input per candidate and bounded in nesting depth, so hostile or random input cannot
 * hang or overflow the stack.
 */
export function parseJsonLoosely(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) throw new Error('the reply is empty; expected a JSON object');
  const strict = tryStrict(trimmed);
  if (strict.ok) return strict.value;
  const fenced = fencedContent(trimmed);
  if (fenced !== undefined) {
    const inFence = tryStrict(fenced);
    if (inFence.ok) return inFence.value;
    try {
      return parseFirstStructure(fenced);
    } catch (error) {
      // A truncated fence is the answer cut off; anything else may be a fence around something else.
      if (!(error instanceof LooseJsonError) || error.truncated) throw error;
    }
  }
  return parseFirstStructure(trimmed);
}

/** Candidate start positions tried before giving up (prose can contain many stray brackets). */
const maxCandidates = 50;

function tryStrict(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The content of the first ``` fence (to the end of the text when the closing fence is missing). */
function fencedContent(text: string): string | undefined {
  const match = /```[\w-]*[^\S\n]*\n?/.exec(text);
  if (!match) return undefined;
  const start = match.index + match[0].length;
  const end = text.indexOf('```', start);
  return (end < 0 ? text.slice(start) : text.slice(start, end)).trim();
}

/**
 * Parses the `{…}` or `[…]` in prose: the longest that parses (so a "[1]" citation in the prose before
 * the answer does not win), never one nested in another. A candidate that fails after parsing members
 * is the answer, broken: its error is thrown and no other candidate stands in for it. Candidates that
 * fail at once (prose such as "[draft]" or "{braces}") are skipped.
 *
 * Each candidate is read twice if need be: first taking quotes not followed by `,:}]` as characters
 * of the string (unescaped quotes in text), then strictly; the strict reading's error is reported.
 */
function parseFirstStructure(source: string): unknown {
  let from = 0;
  let best: { value: unknown; length: number } | undefined;
  let lastError: LooseJsonError | undefined;
  for (let candidate = 0; candidate < maxCandidates; candidate += 1) {
    const start = nextBracket(source, from);
    if (start < 0) break;
    const parsed = parseCandidate(source, start);
    if (parsed instanceof LooseJsonError) {
      if (parsed.final) throw parsed;
      lastError = parsed;
      from = Math.max(start + 1, parsed.position);
      continue;
    }
    if (!best || parsed.end - start > best.length) best = { value: parsed.value, length: parsed.end - start };
    from = parsed.end;
  }
  if (best) return best.value;
  throw lastError ?? new LooseJsonError('no JSON object or array found in the reply', 0, false, true);
}

function parseCandidate(source: string, start: number): { value: unknown; end: number } | LooseJsonError {
  const attempt = (innerQuotes: boolean) => {
    const parser = new LenientJsonParser(source, start, innerQuotes);
    try {
      return { value: parser.parse(), end: parser.end };
    } catch (error) {
      if (error instanceof LooseJsonError) return error;
      throw error;
    }
  };
  const lenient = attempt(true);
  return lenient instanceof LooseJsonError ? attempt(false) : lenient;
}

function nextBracket(source: string, from: number): number {
  for (let index = from; index < source.length; index += 1) if (source[index] === '{' || source[index] === '[') return index;
  return -1;
}
