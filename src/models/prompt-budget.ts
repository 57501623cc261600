import type { ContentPart, GenerateRequest } from './types.ts';

export interface FittedPrompt {
  request: GenerateRequest;
  /** Characters of the system instruction and text parts before trimming. */
  promptChars: number;
  /** Characters cut (0 when the prompt fitted). */
  cutChars: number;
}

/** Characters a request sends as text: the system instruction and every text part (images not counted). */
export function promptChars(request: Pick<GenerateRequest, 'system' | 'prompt'>): number {
  const parts = typeof request.prompt === 'string' ? [request.prompt] : request.prompt.flatMap(part => (part.type === 'text' ? [part.text] : []));
  return (request.system?.length ?? 0) + parts.reduce((sum, text) => sum + text.length, 0);
}

/**
 * The last guard against an over-long prompt: callers trim their context first, so reaching this means
 * a caller's budget was wrong. The longest text part of the user turn loses its end (context passages
 * usually come last and matter least there); if the user turn alone cannot absorb the excess, the
 * system instruction is cut too. Nothing is cut when the prompt fits.
 */
export function fitPromptToBudget(request: GenerateRequest, maxChars: number): FittedPrompt {
  const total = promptChars(request);
  if (total <= maxChars) return { request, promptChars: total, cutChars: 0 };
  let excess = total - maxChars;
  const parts: ContentPart[] = typeof request.prompt === 'string' ? [{ type: 'text', text: request.prompt }] : request.prompt.map(part => ({ ...part }));
  while (excess > 0) {
    let longest: Extract<ContentPart, { type: 'text' }> | undefined;
    for (const part of parts) if (part.type === 'text' && part.text.length > 0 && (!longest || part.text.length > longest.text.length)) longest = part;
    if (!longest) break;
    const cut = Math.min(excess, longest.text.length);
    longest.text = longest.text.slice(0, longest.text.length - cut);
    excess -= cut;
  }
  const system = request.system === undefined || excess === 0 ? request.system : request.system.slice(0, Math.max(0, request.system.length - excess));
  const prompt = typeof request.prompt === 'string' ? (parts[0] as { text: string }).text : parts;
  return { request: { ...request, system, prompt }, promptChars: total, cutChars: total - maxChars };
}
