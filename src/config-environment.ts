import { z } from 'zod';

/**
 * Every environment variable Folio reads, validated once. Nothing else under src/ or adapters/ reads
 * process.env: the composition root passes the slices each part needs.
 */
export const environmentSchema = z.object({
  FOLIO_DATA_DIR: z.string().min(1).default('./data'),
  FOLIO_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FOLIO_MAX_FILE_MB: z.coerce.number().positive().max(4096).default(100),
  FOLIO_MAX_PAGES: z.coerce.number().int().positive().default(5000),
  FOLIO_CONVERT_TIMEOUT_S: z.coerce.number().positive().default(180),
  FOLIO_SOFFICE_PATH: z.string().min(1).default('soffice'),
  FOLIO_OCR: z.enum(['on', 'off']).default('on'),
  FOLIO_OCR_LANGS: z
    .string()
    .regex(/^[a-z_]{3,}(\+[a-z_]{3,})*$/, 'tesseract language codes joined by +, e.g. "eng" or "eng+fra"')
    .default('eng'),
  FOLIO_PARSE_WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], { error: '"auto" or a whole number ≥ 1 (1 reads PDFs in the main thread)' })
    .default('auto'),
  FOLIO_PDFJS_FAST: z.enum(['on', 'off']).default('on'),
  DOCLING_SERVE_URL: z.url().optional(),
  DOCLING_SERVE_API_KEY: z.string().optional(),
  DOCLING_SERVE_TIMEOUT_S: z.coerce.number().positive().default(600),
  WEAVIATE_URL: z.url().optional(),
  WEAVIATE_API_KEY: z.string().optional(),
  WEAVIATE_GRPC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WEAVIATE_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(64).optional(),
  WEAVIATE_CONSISTENCY_LEVEL: z.enum(['ONE', 'QUORUM', 'ALL']).optional(),
  WEAVIATE_TENANT_IDLE_MINUTES: z.coerce.number({ error: 'minutes: a number, 0 for never' }).min(0).max(525_600).default(0),

  // Models (docs/models.md): Gemini, an OpenAI-compatible server, or none (offline).
  FOLIO_MODEL_PROVIDER: z.enum(['auto', 'gemini', 'openai', 'local', 'offline']).default('auto'),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_BASE_URL: z.url().optional(),
  GEMINI_CHAT_MODEL: z.string().min(1).default('gemini-3.5-flash'),
  GEMINI_VISION_MODEL: z.string().min(1).optional(),
  GEMINI_EMBEDDING_MODEL: z.string().min(1).default('gemini-embedding-001'),
  GEMINI_EMBEDDING_DIMENSIONS: z.coerce.number().int().min(8).max(4096).default(768),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_CHAT_MODEL: z.string().min(1).optional(),
  OPENAI_VISION_MODEL: z.string().min(1).optional(),
  OPENAI_EMBEDDING_MODEL: z.string().min(1).optional(),
  OPENAI_EMBEDDING_DIMENSIONS: z.coerce.number().int().min(8).max(8192).optional(),
  OPENAI_MEASURE_SPEED: z.enum(['on', 'off']).default('off'),
  FOLIO_MODELS_DIR: z.string().min(1).default('./models'),
  FOLIO_LOCAL_CHAT_MODEL: z.string().min(1).optional(),
  FOLIO_LOCAL_EMBEDDING_MODEL: z.string().min(1).optional(),
  FOLIO_LOCAL_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  FOLIO_PYPI_INDEX_URL: z.url().default('https://pypi.org/simple'),
  FOLIO_MODEL_TIMEOUT_S: z.coerce.number().positive().default(30),
  FOLIO_MODEL_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  FOLIO_MODEL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  FOLIO_PROMPT_MAX_CHARS: z.coerce.number().int().min(2000).default(200_000),
  FOLIO_DESCRIBE_FIGURES: z.enum(['on', 'off']).default('on'),

  // Asking.
  FOLIO_RRF_K: z.coerce.number().positive().default(60),
  FOLIO_CONTEXT_TOKENS: z.coerce.number().int().min(500).max(200_000).optional(),
  FOLIO_PLAN_TIMEOUT_S: z.coerce.number().positive().max(3600).default(20),
  FOLIO_ANSWER_TIMEOUT_S: z.coerce.number().positive().max(3600).default(90),
  FOLIO_MODEL_ANSWER: z.enum(['auto', 'write', 'choose']).default('auto'),
  FOLIO_EXTRACTIVE_MIN_EVIDENCE: z.coerce.number().min(0).max(1.3).optional(),
  FOLIO_MAX_QUESTION_CHARS: z.coerce.number().int().min(100).max(100_000).default(4000),

  // The service (docs/api.md, docs/queue.md).
  FOLIO_HOST: z.string().min(1).optional(),
  FOLIO_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The port container platforms assign; FOLIO_PORT wins when both are set. */
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  FOLIO_API_KEY: z.string().min(16, 'at least 16 characters').optional(),
  FOLIO_PUBLIC_URL: z.url().optional(),
  FOLIO_MAX_CONCURRENT_UPLOADS: z.coerce.number().int().min(1).max(1000).default(4),
  FOLIO_INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  REDIS_URL: z.url().optional(),

  // Slack (adapters/slack).
  SLACK_BOT_TOKEN: z.string().optional(),
  SLACK_SIGNING_SECRET: z.string().optional(),
  SLACK_APP_TOKEN: z.string().optional(),
  SLACK_CLIENT_ID: z.string().optional(),
  SLACK_CLIENT_SECRET: z.string().optional(),
  SLACK_STATE_SECRET: z.string().optional(),
  SLACK_API_URL: z.url().optional(),
  SLACK_FILE_HOSTS: z.string().default('files.slack.com,files-edge.slack.com,files-origin.slack.com'),

  // Microsoft Teams (adapters/teams, Microsoft 365 Agents SDK).
  TEAMS_ENABLED: z.enum(['auto', 'on', 'off']).default('auto'),
  TEAMS_APP_ID: z.string().optional(),
  TEAMS_APP_PASSWORD: z.string().optional(),
  TEAMS_APP_TENANT_ID: z.string().optional(),
  GRAPH_API_URL: z.url().default('https://graph.microsoft.com/v1.0'),
  TEAMS_FILE_HOSTS: z
    .string()
    .default('graph.microsoft.com,*.sharepoint.com,*.sharepoint-df.com,*.teams.microsoft.com,smba.trafficmanager.net,*.asm.skype.com'),
});

/** Every variable name Folio reads (for the documentation check in config.test.ts). */
export const environmentVariables: readonly string[] = Object.keys(environmentSchema.shape);

export type Environment = z.infer<typeof environmentSchema>;
