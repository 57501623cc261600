import { FolioError } from '../errors.ts';

/**
 * The question as the ask pipeline uses it: runs of white space made one space, trimmed. Throws
 * question_empty when nothing is left and question_too_long above `maxChars` (FOLIO_MAX_QUESTION_CHARS),
 * counted after that tidying. The pipeline checks every question; the REST API checks it too before it
 * opens an event stream, so a bad question gets a 400 instead of an error event.
 */
export function checkedQuestion(raw: string, maxChars: number): string {
  const question = raw.replace(/\s+/gu, ' ').trim();
  if (!question) {
    throw new FolioError({
      code: 'question_empty',
      message: 'empty question',
      userMessage: 'The question is empty: ask me something about the documents, e.g. “What does the report say about revenue?”',
    });
  }
  if (question.length > maxChars) {
    throw new FolioError({
      code: 'question_too_long',
      message: `question of ${question.length} characters (limit ${maxChars})`,
      userMessage: `The question is ${question.length} characters long; the limit is ${maxChars}. Shorten it, or split it into several questions.`,
    });
  }
  return question;
}
