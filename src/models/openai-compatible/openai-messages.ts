import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { GenerateRequest } from '../types.ts';

/** The system instruction and the user turn; images travel as data URLs, which every server accepts. */
export function openAIMessages(request: GenerateRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.system) messages.push({ role: 'system', content: request.system });
  const content: string | ChatCompletionContentPart[] =
    typeof request.prompt === 'string'
      ? request.prompt
      : request.prompt.map(part =>
          part.type === 'text'
            ? { type: 'text', text: part.text }
            : { type: 'image_url', image_url: { url: `data:${part.mimeType};base64,${Buffer.from(part.data).toString('base64')}` } },
        );
  messages.push({ role: 'user', content });
  return messages;
}

/** OpenAI requires schema names of 1–64 letters, digits, `_` or `-`. */
export function responseFormatName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'reply';
}
