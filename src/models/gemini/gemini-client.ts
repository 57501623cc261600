import { GoogleGenAI } from '@google/genai';

export const geminiDefaultBaseUrl = 'https://generativelanguage.googleapis.com';

/**
 * One client for the chat, vision and embedding models. `vertexai: false` and an explicit base URL keep
 * the SDK from consulting GOOGLE_GENAI_USE_VERTEXAI or GOOGLE_GEMINI_BASE_URL (Folio's settings come
 * only from config.ts). No `retryOptions`: the SDK then makes exactly one attempt per call and
 * ModelCallPolicy is the only retry policy.
 */
export function createGeminiClient(settings: { apiKey: string; baseUrl?: string }): GoogleGenAI {
  return new GoogleGenAI({ vertexai: false, apiKey: settings.apiKey, httpOptions: { baseUrl: settings.baseUrl ?? geminiDefaultBaseUrl } });
}
