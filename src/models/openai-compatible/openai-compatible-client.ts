import { OpenAI } from 'openai';
import type { Logger } from '../../log.ts';

/**
 * Local servers (Ollama, vLLM, LM Studio) ignore the key, but the SDK refuses to start without one;
 * this placeholder is what their own documentation uses.
 */
export const placeholderApiKey = 'not-needed';

/**
 * One client for the chat, vision and embedding models of an OpenAI-compatible server. `maxRetries: 0`
 * leaves retrying to ModelCallPolicy; organization, project and the other settings are given
 * explicitly so the SDK does not pick up OPENAI_ORG_ID and friends from the environment. The SDK's
 * timeout only backs up the policy's (which fires first and also covers streams).
 */
export function createOpenAICompatibleClient(settings: { baseUrl: string; apiKey?: string; timeoutMs: number; log: Logger }): OpenAI {
  return new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey || placeholderApiKey,
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    maxRetries: 0,
    timeout: settings.timeoutMs + 5000,
    logger: settings.log,
    logLevel: 'warn',
  });
}
