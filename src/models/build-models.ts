import type { ModelsConfig } from './models-config.ts';
import type { Logger } from '../log.ts';
import type { StateStore } from '../state/types.ts';
import { ModelCallPolicy } from './call-policy.ts';
import { createGeminiClient } from './gemini/gemini-client.ts';
import { GeminiEmbeddingModel } from './gemini/gemini-embedding-model.ts';
import { GeminiLanguageModel } from './gemini/gemini-language-model.ts';
import { createOpenAICompatibleClient } from './openai-compatible/openai-compatible-client.ts';
import { OpenAICompatibleEmbeddingModel } from './openai-compatible/openai-compatible-embedding-model.ts';
import { OpenAICompatibleLanguageModel } from './openai-compatible/openai-compatible-language-model.ts';
import { LocalLanguageModel } from './local/local-language-model.ts';
import { localEmbeddingModel } from './local/local-embedding-model.ts';
import type { Models, FigureDescriber } from './types.ts';
import { VisionFigureDescriber } from './vision-figure-describer.ts';

export interface BuiltModels {
  models: Models;
  /** Set when figure descriptions are on (FOLIO_DESCRIBE_FIGURES) and a vision model exists. */
  figureDescriber?: FigureDescriber;
  /** One line for the start-up log and `folio` status output. */
  summary: string;
}

/**
 * The models the configuration names. Offline: none (answers are extractive). Gemini: chat, vision and
 * embeddings. OpenAI-compatible: chat with OPENAI_CHAT_MODEL, vision only with OPENAI_VISION_MODEL,
 * embeddings only with OPENAI_EMBEDDING_MODEL. Local: a GGUF chat model and an ONNX embedding model in
 * this process, loaded on first use (no vision model). Every model shares one call policy, so the concurrency limit holds across
 * them. `state` caches figure descriptions.
 */
export function buildModels(config: ModelsConfig, deps: { log: Logger; state?: StateStore; policy?: ModelCallPolicy }): BuiltModels {
  const log = deps.log.child({ component: 'models' });
  const policy =
    deps.policy ??
    new ModelCallPolicy({
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
      concurrency: config.concurrency,
      promptMaxChars: config.promptMaxChars,
      log,
    });
  let models: Models = {};
  if (config.provider === 'gemini' && config.gemini) {
    const settings = config.gemini;
    const client = createGeminiClient({ apiKey: settings.apiKey, baseUrl: settings.baseUrl });
    const language = new GeminiLanguageModel({ client, model: settings.chatModel, policy, log });
    models = {
      language,
      vision: settings.visionModel === settings.chatModel ? language : new GeminiLanguageModel({ client, model: settings.visionModel, policy, log }),
      embedding: new GeminiEmbeddingModel({ client, model: settings.embeddingModel, dimensions: settings.embeddingDimensions, policy }),
    };
  } else if (config.provider === 'openai' && config.openai) {
    const settings = config.openai;
    const client = createOpenAICompatibleClient({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, timeoutMs: config.timeoutMs, log });
    const language = settings.chatModel
      ? new OpenAICompatibleLanguageModel({
          client,
          model: settings.chatModel,
          acceptsImages: settings.visionModel === settings.chatModel,
          policy,
          log,
          measureSpeed: settings.measureSpeed,
        })
      : undefined;
    models = {
      language,
      vision: !settings.visionModel
        ? undefined
        : settings.visionModel === settings.chatModel && language
          ? language
          : new OpenAICompatibleLanguageModel({ client, model: settings.visionModel, acceptsImages: true, policy, log }),
      embedding: settings.embeddingModel
        ? new OpenAICompatibleEmbeddingModel({ client, model: settings.embeddingModel, dimensions: settings.embeddingDimensions, policy })
        : undefined,
    };
  } else if (config.provider === 'local' && config.local) {
    const settings = config.local;
    models = {
      language: settings.chatModelPath
        ? new LocalLanguageModel({ modelsDir: config.modelsDir, modelPath: settings.chatModelPath, threads: settings.threads, log })
        : undefined,
      embedding: settings.embeddingModelPath
        ? localEmbeddingModel({ modelsDir: config.modelsDir, modelPath: settings.embeddingModelPath, threads: settings.threads })
        : undefined,
    };
  }
  const figureDescriber = config.describeFigures && models.vision ? new VisionFigureDescriber({ model: models.vision, state: deps.state, log }) : undefined;
  return { models, figureDescriber, summary: summarize(config, models, figureDescriber) };
}

function summarize(config: ModelsConfig, models: Models, figureDescriber: FigureDescriber | undefined): string {
  if (!models.language && !models.embedding) {
    return `models: offline (no GEMINI_API_KEY, OPENAI_BASE_URL or local models in ${config.modelsDir}; answers are extractive; \`npm run models:fetch\` gets local ones)`;
  }
  const where =
    config.provider === 'openai' && config.openai
      ? ` at ${new URL(config.openai.baseUrl).host}`
      : config.provider === 'local'
        ? ' (in this process, on the CPU)'
        : '';
  const parts = [
    models.language ? `chat ${models.language.id}` : 'no chat model (answers are extractive)',
    models.embedding
      ? `embeddings ${models.embedding.id}${models.embedding.dimensions ? ` (${models.embedding.dimensions} dims)` : ''}`
      : 'no embeddings (BM25 and tree only)',
    figureDescriber ? `figures ${figureDescriber.id}` : config.describeFigures ? 'no figure descriptions (no vision model)' : 'figure descriptions off',
  ];
  return `models: ${config.provider}${where}: ${parts.join(', ')}`;
}
