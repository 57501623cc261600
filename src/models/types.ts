/** Turns text into vectors. Output order matches input order. */
export interface EmbeddingModel {
  /** "provider:model"; used for logs and to tell vectors of different models apart. */
  readonly id: string;
  /** Length of every vector it returns. */
  readonly dimensions: number;
  /** Callers split larger inputs; implementations never split. */
  readonly maxBatchSize: number;
  /** `task` lets asymmetric models embed queries and documents differently. */
  embed(texts: string[], options: { task: 'document' | 'query'; signal?: AbortSignal }): Promise<number[][]>;
}

/** One part of a message to a model: text, or an image (vision models). */
export type ContentPart = { type: 'text'; text: string } | { type: 'image'; mimeType: 'image/png' | 'image/jpeg'; data: Uint8Array };

export interface GenerateRequest {
  /** System instruction (the prompt file's text with its placeholders filled). */
  system?: string;
  /** The user turn. */
  prompt: string | ContentPart[];
  /**
   * Ask for JSON matching this JSON Schema (Gemini `responseJsonSchema`, OpenAI `response_format`).
   * Providers that cannot enforce it still get the instruction; callers validate what comes back
   * (see generateJson).
   */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  maxOutputTokens?: number;
  temperature?: number;
  /** Receives the answer as it streams; the provider streams when this is set. */
  onText?: (delta: string) => void;
  signal?: AbortSignal;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface GenerateResult {
  text: string;
  usage: ModelUsage;
  /** "provider:model" that answered. */
  model: string;
  /** Wall time of the call, retries included. */
  ms: number;
  /** Milliseconds from the call to its first streamed text (only when streaming). */
  firstTokenMs?: number;
}

/** How fast a model runs on this machine, measured (a model on the local CPU; hosted models have none). */
export interface ModelSpeed {
  /** Prompt tokens read per second (before the first output token). */
  promptTokensPerSecond: number;
  /** Output tokens written per second. */
  generationTokensPerSecond: number;
}

/**
 * A chat model. Implementations handle timeouts, retries with backoff on 429/5xx (honouring
 * Retry-After), a per-process concurrency limit and prompt-size budgets; failures are FolioErrors with
 * codes `model_unavailable` (retryable), `model_quota` or `model_rejected`.
 */
export interface LanguageModel {
  /** "provider:model". */
  readonly id: string;
  /** Whether `image` parts are understood (a vision model). */
  readonly acceptsImages: boolean;
  generate(request: GenerateRequest): Promise<GenerateResult>;
  /**
   * Models whose speed limits what a question can ask of them (a CPU model) measure it: the first call
   * loads and times the model; callers size prompts, outputs and deadlines to the answer.
   */
  speed?(): Promise<ModelSpeed>;
}

/** The models Folio was configured with; every one is optional (offline mode has none). */
export interface Models {
  /** Plans and answers questions. */
  language?: LanguageModel;
  /** Describes figures at ingest; often the same model as `language`. */
  vision?: LanguageModel;
  embedding?: EmbeddingModel;
}

/**
 * Describes one figure crop in words (chart type, axes, series and values, visible text). Vision models
 * implement it (vision-figure-describer.ts); ingestion calls it (ingest/figures/describe-figures.ts).
 */
export interface FigureDescriber {
  /** "provider:model"; for logs and cache keys. */
  readonly id: string;
  /** `page` is 1-based; `page` and `documentName` fill the prompt when the caller knows them. */
  describe(input: { png: Uint8Array; caption?: string; nearbyText: string; page?: number; documentName?: string; signal?: AbortSignal }): Promise<string>;
}
