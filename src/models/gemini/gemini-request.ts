import type { Content, GenerateContentConfig, GenerateContentResponse } from '@google/genai';
import type { GenerateRequest, ModelUsage } from '../types.ts';

/** The user turn in Gemini's shape: text parts and images as inline base64 data. */
export function geminiContents(prompt: GenerateRequest['prompt']): Content[] {
  const parts =
    typeof prompt === 'string'
      ? [{ text: prompt }]
      : prompt.map(part =>
          part.type === 'text' ? { text: part.text } : { inlineData: { mimeType: part.mimeType, data: Buffer.from(part.data).toString('base64') } },
        );
  return [{ role: 'user', parts }];
}

export function geminiConfig(request: GenerateRequest): GenerateContentConfig {
  return {
    systemInstruction: request.system,
    maxOutputTokens: request.maxOutputTokens,
    temperature: request.temperature,
    // responseJsonSchema (full JSON Schema) rather than the older OpenAPI-subset responseSchema.
    ...(request.jsonSchema ? { responseMimeType: 'application/json', responseJsonSchema: request.jsonSchema.schema } : {}),
    // The SDK would otherwise re-send the request by itself after a dropped stream or a CONTINUATION
    // finish: a second, hidden retry policy.
    automaticContinuation: false,
  };
}

/** The answer text of a response or stream chunk: the first candidate's text parts, thoughts left out. */
export function responseText(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts.map(part => (typeof part.text === 'string' && !part.thought ? part.text : '')).join('');
}

/** Thinking tokens are billed as output, so they count as output here. */
export function responseUsage(response: GenerateContentResponse | undefined): ModelUsage {
  const metadata = response?.usageMetadata;
  return {
    inputTokens: metadata?.promptTokenCount ?? 0,
    outputTokens: (metadata?.candidatesTokenCount ?? 0) + (metadata?.thoughtsTokenCount ?? 0),
  };
}

/** Why a response has no usable text, when it says so (a blocked prompt, a safety stop, the token limit). */
export function incompleteReason(response: GenerateContentResponse | undefined): string | undefined {
  const blocked = response?.promptFeedback?.blockReason;
  if (blocked) return `prompt blocked: ${blocked}`;
  const finishReason = response?.candidates?.[0]?.finishReason;
  return finishReason && finishReason !== 'STOP' ? `finish reason ${finishReason}` : undefined;
}
