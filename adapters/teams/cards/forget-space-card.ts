import type { ChatText, DocumentRecord, SpaceId } from '../../../src/index.ts';
import { forgetSpaceQuestion } from '../../shared/forget-space-messages.ts';
import { chatTextToTeams } from '../teams-markdown.ts';
import { cardMessage, type AdaptiveCard, type CardElement, type TeamsMessage } from './adaptive-card.ts';

/** The `verb`s of the card's Action.Execute buttons; the invoke handler routes on them. */
export const forgetSpaceVerbs = { confirm: 'folio.forgetSpace', cancel: 'folio.forgetSpace.cancel' } as const;

/** What the buttons carry back: the conversation's space and who asked, checked against the click. */
export interface ForgetSpaceCardData {
  folioAction: 'forget-space';
  space: SpaceId;
  requestedBy: string;
}

export function isForgetSpaceCardData(value: unknown): value is ForgetSpaceCardData {
  const data = value as Partial<ForgetSpaceCardData> | null;
  return data?.folioAction === 'forget-space' && typeof data.space === 'string' && typeof data.requestedBy === 'string';
}

/** The question `forget-space` is answered with: what would go, and Forget / Cancel. */
export function forgetSpaceQuestionMessage(space: SpaceId, records: DocumentRecord[], requestedBy: string): TeamsMessage {
  const data: ForgetSpaceCardData = { folioAction: 'forget-space', space, requestedBy };
  return cardMessage(
    'Forget this conversation’s documents?',
    card(
      [{ type: 'TextBlock', text: chatTextToTeams(forgetSpaceQuestion(records)), wrap: true }],
      [
        { type: 'Action.Execute', title: records.length > 0 ? 'Forget them' : 'Forget', verb: forgetSpaceVerbs.confirm, data, style: 'destructive' },
        { type: 'Action.Execute', title: 'Cancel', verb: forgetSpaceVerbs.cancel, data },
      ],
    ),
  );
}

/** The card the question becomes once answered (no buttons left to click twice), with an optional smaller line. */
export function forgetSpaceOutcomeCard(text: ChatText, note?: string): AdaptiveCard {
  const body: CardElement[] = [{ type: 'TextBlock', text: chatTextToTeams(text), wrap: true }];
  if (note) body.push({ type: 'TextBlock', text: note, wrap: true, isSubtle: true, spacing: 'Small' });
  return card(body);
}

function card(body: CardElement[], actions?: Array<Record<string, unknown>>): AdaptiveCard {
  return { type: 'AdaptiveCard', $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', version: '1.5', body, ...(actions ? { actions } : {}) };
}
