import type { ConversationTurn } from '../../../src/index.ts';
import { boundedHistory } from '../../shared/bounded-history.ts';
import { answerTextOfCard } from '../cards/answer-card.ts';
import type { GraphThreadMessage } from './graph-client.ts';

/**
 * A channel thread read through Graph as conversation turns before `beforeMessageId`, oldest first:
 * people's messages (as text, the bot's mention removed, other mentions kept as names) and what Folio
 * said (its answer messages and other replies as text; on answer cards it posted before answers became
 * messages, their answer text). Folio's summary cards, other apps, system events and deleted messages
 * are left out. `botAppId` is the bot's Entra app id (Graph names an app's messages and mentions by it).
 */
export function threadTurns(messages: GraphThreadMessage[], options: { beforeMessageId: string; botAppId?: string }): ConversationTurn[] {
  const before = Number(options.beforeMessageId);
  // Teams message ids are the millisecond timestamps of their posting, so they order the thread.
  const earlier = messages
    .filter(message => (message.messageType ?? 'message') === 'message' && !message.deletedDateTime && Number(message.id) < before)
    .sort((a, b) => Number(a.id) - Number(b.id));
  const turns: ConversationTurn[] = [];
  for (const message of earlier) {
    const application = message.from?.application;
    if (application) {
      if (!options.botAppId || application.id !== options.botAppId) continue;
      const answer =
        (message.attachments ?? []).map(attachment => answerTextOfCard(attachment.content)).find(text => text !== undefined) ??
        messageText(message, options.botAppId);
      if (answer) turns.push({ role: 'assistant', text: answer });
      continue;
    }
    if (!message.from?.user) continue;
    const text = messageText(message, options.botAppId);
    if (text) turns.push({ role: 'user', text });
  }
  return boundedHistory(turns);
}

/** The message body as plain text: `<at id="n">` of the bot removed, markup stripped, entities decoded. */
function messageText(message: GraphThreadMessage, botAppId: string | undefined): string {
  const content = message.body?.content ?? '';
  if (message.body?.contentType !== 'html') return content.replace(/\s+/g, ' ').trim();
  const botMentions = new Set(
    (message.mentions ?? []).filter(mention => botAppId && mention.mentioned?.application?.id === botAppId).map(mention => String(mention.id)),
  );
  return decodeEntities(
    content
      .replace(/<at\b[^>]*\bid="([^"]*)"[^>]*>(.*?)<\/at>/gis, (_, id: string, name: string) => (botMentions.has(id) ? ' ' : name))
      .replace(/<attachment\b[^>]*>.*?<\/attachment>/gis, ' ')
      .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] !== '#') return namedEntities[code.toLowerCase()] ?? entity;
    const point = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
    return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
  });
}
