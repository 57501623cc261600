import type { TextBlockDraft } from './build-blocks.ts';
import type { TextLine } from './text-line.ts';

/** Joins wrapped lines into running text, mending words hyphenated at a line end ("exam-" + "ple"). */
export function joinLines(lines: TextLine[]): string {
  let text = '';
  for (const line of lines) {
    if (text === '') text = line.text;
    else if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line.text)) text = text.slice(0, -1) + line.text;
    else text += ' ' + line.text;
  }
  return text;
}

/** One line per list item, markers kept as printed. */
export function joinListItems(drafts: TextBlockDraft[]): string {
  return drafts.map(draft => joinLines(draft.lines)).join('\n');
}
