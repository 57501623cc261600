import type { Attachment } from '@microsoft/agents-activity';
import { CardFactory } from '@microsoft/agents-hosting';

/** The parts of the Adaptive Card format (schema 1.5, the newest Teams renders) the adapter builds. */
export interface CardElement {
  type: 'TextBlock' | 'Container' | 'FactSet';
  [property: string]: unknown;
}

export interface AdaptiveCard {
  type: 'AdaptiveCard';
  $schema: string;
  version: '1.5';
  msteams?: { width: 'Full' };
  body: CardElement[];
  actions?: Array<Record<string, unknown>>;
}

/**
 * What one bot message carries: Markdown text, or a card with a one-line `summary` (the notification
 * text). Never both: Teams splits a message with text and an attachment into two messages, and the
 * second could then not be edited in place.
 */
export type TeamsMessage = { text: string; attachments?: undefined; summary?: undefined } | { text?: undefined; attachments: Attachment[]; summary: string };

export function cardMessage(summary: string, card: AdaptiveCard): TeamsMessage {
  return { summary, attachments: [CardFactory.adaptiveCard(card)] };
}
