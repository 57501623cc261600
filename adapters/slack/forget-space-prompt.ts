import type { DocumentRecord, SpaceId } from '../../src/index.ts';
import { forgetSpaceQuestion } from '../shared/forget-space-messages.ts';
import { chatTextToMrkdwn } from './slack-mrkdwn.ts';
import { forgetSpaceActionIds } from './slack-surface.ts';

/**
 * The private reply to `/folio forget-space`: what would go, and Forget / Cancel buttons. Nothing is
 * deleted until Forget is clicked. The buttons carry the space, so a click is refused anywhere else.
 */
export function forgetSpacePrompt(space: SpaceId, records: DocumentRecord[]): { text: string; blocks: unknown[] } {
  const text = chatTextToMrkdwn(forgetSpaceQuestion(records));
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text } },
      {
        type: 'actions',
        block_id: 'folio_forget_space',
        elements: [
          {
            type: 'button',
            action_id: forgetSpaceActionIds.confirm,
            style: 'danger',
            text: { type: 'plain_text', text: records.length > 0 ? 'Forget them' : 'Forget' },
            value: space,
          },
          { type: 'button', action_id: forgetSpaceActionIds.cancel, text: { type: 'plain_text', text: 'Cancel' }, value: space },
        ],
      },
    ],
  };
}
