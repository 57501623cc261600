import type { DocumentRecord } from '../documents/types.ts';
import { foldedWords } from '../text/stopwords.ts';

/** Kinds of file a question may call a document by, and what their types are called. */
const kinds: Array<{ words: RegExp; mime: RegExp }> = [
  {
    words: /^(?:slides?|deck|presentation|powerpoint|pptx?|folien|prasentation|dias?|presentatie|diapositives?)$/u,
    mime: /presentation|powerpoint|slideshow/u,
  },
  {
    words: /^(?:spreadsheets?|workbook|sheet|excel|xlsx?|tabellenblatt|arbeitsmappe|werkblad|rekenblad|classeur|tableur)$/u,
    mime: /spreadsheet|excel|\.sheet/u,
  },
];

/**
 * Of the documents a question names, those of the kind of file it calls them ("the ONLYOFFICE slides" of
 * a deck and a workbook of that name: the deck; "die Tabelle" is a table, not a workbook). All of them
 * when it calls none, or none of them is of that kind.
 */
export function documentsByKind(question: string, named: DocumentRecord[]): DocumentRecord[] {
  const words = foldedWords(question);
  const asked = kinds.filter(kind => words.some(word => kind.words.test(word)));
  const ofKind = named.filter(record => asked.some(kind => kind.mime.test(record.mime)));
  return ofKind.length > 0 ? ofKind : named;
}
