import type { ChatText, DocumentRecord, ForgetSpaceOutcome } from '../../src/index.ts';

/**
 * The words of forgetting a conversation's space (`forget-space`), shared by Slack and Teams as
 * ChatText (document names bold); each surface renders them and adds its own buttons. `command` is how
 * the person types the command there (`/folio forget-space`, `forget-space`).
 */

/** Documents named in the question before the buttons; the rest are counted. */
const namedDocuments = 10;

/** The question asked before anything is deleted. */
export function forgetSpaceQuestion(records: DocumentRecord[]): ChatText {
  if (records.length === 0) {
    return ['I have no documents from this conversation. Forgetting it clears its settings (how I answer here, the workspace scope). Go on?'];
  }
  const names: ChatText = records.slice(0, namedDocuments).flatMap((record, index) => [index === 0 ? '' : ', ', { bold: record.name }]);
  const more = records.length > namedDocuments ? [` and ${records.length - namedDocuments} more`] : [];
  return [
    `Forget everything I have from this conversation? That is ${count(records.length)}: `,
    ...names,
    ...more,
    '. Their pages, search data and stored files go (files other conversations share stay), and so do the settings here. This cannot be undone; the documents would have to be shared again.',
  ];
}

/** What was forgotten, what could not be cleaned up, and what to do about it. */
export function forgetSpaceDone(outcome: ForgetSpaceOutcome, command: string): ChatText {
  const text: ChatText[] = [
    [
      outcome.documents === 0
        ? 'Done: I had no documents here, and the settings here are back to the defaults.'
        : `Done: I forgot the ${count(outcome.documents)} from this conversation and the settings here.`,
    ],
  ];
  if (outcome.stillReading.length > 0) {
    const names: ChatText = outcome.stillReading.flatMap((name, index) => [index === 0 ? '' : ', ', { bold: name }]);
    text.push([
      ' I was still reading ',
      ...names,
      `: if that finishes, ${outcome.stillReading.length === 1 ? 'it comes' : 'they come'} back; run \`${command}\` again then.`,
    ]);
  }
  if (outcome.leftovers.includes('state')) text.push([` I could not reset the settings here; run \`${command}\` again in a few minutes.`]);
  if (outcome.leftovers.includes('files'))
    text.push([' Some stored files could not be deleted; an administrator can remove them (no document uses them any more).']);
  return text.flat();
}

/** The notice everyone in the conversation sees once it is done. */
export function forgetSpaceNotice(outcome: ForgetSpaceOutcome, mention: string): ChatText {
  return [`${mention} had me forget the ${count(outcome.documents)} shared in this conversation. Share files again to ask about them.`];
}

export const forgetSpaceCancelled: ChatText = ['Nothing was forgotten.'];

function count(documents: number): string {
  return `${documents} document${documents === 1 ? '' : 's'}`;
}
