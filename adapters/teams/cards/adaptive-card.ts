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

/** An activity entity as Teams reads it (`type` names it; the rest is the entity's own JSON). */
export type TeamsEntity = { type: string } & Record<string, unknown>;

/**
 * What one bot message carries: Markdown text, or a card with a one-line `summary` (the notification
 * text). Never both: Teams splits a message with text and an attachment into two messages, and the
 * second could then not be edited in place. Text may carry entities (citations, the AI label) and
 * channelData (the feedback buttons): Teams shows citations only on a message's text.
 */
export type TeamsMessage =
  | { text: string; attachments?: undefined; summary?: undefined; entities?: TeamsEntity[]; channelData?: Record<string, unknown> }
  | { text?: undefined; attachments: Attachment[]; summary: string; entities?: undefined; channelData?: undefined };

export function cardMessage(summary: string, card: AdaptiveCard): TeamsMessage {
  return { summary, attachments: [CardFactory.adaptiveCard(card)] };
}
