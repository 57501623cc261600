import { wrapsAfterOwnHyphen } from '../../../text/hyphen-wrap.ts';
import type { TextBlockDraft } from './build-blocks.ts';
import type { TextLine } from './text-line.ts';

/** A block's text and, for each of its lines in order, where that line is in it (end exclusive). */
export interface JoinedText {
  text: string;
  spans: Array<{ start: number; end: number }>;
}

/**
 * Joins wrapped lines into running text, mending words hyphenated at a line end ("exam-" + "ple"):
 * the mended line's span then ends before its hyphen, which is no longer in the text. A compound the
 * page also writes inside a line (`compounds`, lower case: "broker-dealer") keeps its hyphen, and so does
 * one whose next part starts with a capital or a digit ("Engels-Nederlandse", "COVID-19"), without a space.
 */
export function joinLines(lines: readonly TextLine[], compounds: ReadonlySet<string> = new Set()): JoinedText {
  let text = '';
  const spans: JoinedText['spans'] = [];
  for (const line of lines) {
    if (text === '') {
      text = line.text;
    } else if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line.text)) {
      if (!compounds.has(compoundKey(`${/\p{L}+-$/u.exec(text)![0]}${/^\p{L}+/u.exec(line.text)![0]}`))) {
        text = text.slice(0, -1);
        spans[spans.length - 1].end = Math.min(spans[spans.length - 1].end, text.length);
      }
      text += line.text;
    } else if (wrapsAfterOwnHyphen(text, line.text)) {
      text += line.text;
    } else {
      text += ` ${line.text}`;
    }
    spans.push({ start: text.length - line.text.length, end: text.length });
  }
  return { text, spans };
}

/** One line per list item, markers kept as printed. */
export function joinListItems(drafts: readonly TextBlockDraft[], compounds?: ReadonlySet<string>): JoinedText {
  return concatenate(
    drafts.map(draft => joinLines(draft.lines, compounds)),
    '\n',
  );
}

/** Code keeps its line breaks. */
export function joinCodeLines(lines: readonly TextLine[]): JoinedText {
  return concatenate(
    lines.map(line => ({ text: line.text, spans: [{ start: 0, end: line.text.length }] })),
    '\n',
  );
}

function concatenate(parts: readonly JoinedText[], separator: string): JoinedText {
  let text = '';
  const spans: JoinedText['spans'] = [];
  parts.forEach((part, index) => {
    if (index > 0) text += separator;
    for (const span of part.spans) spans.push({ start: span.start + text.length, end: span.end + text.length });
    text += part.text;
  });
  return { text, spans };
}

/** The hyphenated words the lines write inside them ("broker-dealers", "first-line"), as compoundKey reads them: compounds to keep whole at a line end. */
export function hyphenatedCompounds(lines: Iterable<TextLine>): Set<string> {
  const compounds = new Set<string>();
  for (const line of lines) for (const word of line.text.matchAll(/\p{L}+(?:-\p{L}+)+/gu)) compounds.add(compoundKey(word[0]));
  return compounds;
}

/** A compound compared in lower case, a plural's "s" left out ("broker-dealers" is "broker-dealer"). */
function compoundKey(word: string): string {
  return word.toLowerCase().replace(/s$/u, '');
}
