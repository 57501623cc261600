import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { environmentSchema, type Environment } from './config-environment.ts';
import { FolioError } from './errors.ts';
import { localModelPaths } from './models/local/local-model-files.ts';
import type { LocalModelsConfig, ModelsConfig } from './models/models-config.ts';

export interface Config {
  dataDir: string;
  logLevel: string;
  ingest: IngestConfig;
  /** Set when WEAVIATE_URL is: documents and units live in Weaviate instead of the embedded SQLite file. */
  weaviate?: WeaviateConfig;
  models: ModelsConfig;
  ask: AskConfig;
  server: ServerConfig;
  queue: QueueConfig;
  /** Set when a bot token (single workspace) or client id (OAuth, many workspaces) is configured. */
  slack?: SlackConfig;
  /** Set when TEAMS_APP_ID is, or TEAMS_ENABLED=on (then without authentication: local testing only). */
  teams?: TeamsConfig;
}

/** The answer's context for a hosted model and for the offline answer, in tokens of ~4 characters. */
export const defaultContextTokens = 8000;
/** The answer's context for a model on this CPU: reading it takes Qwen2.5-Coder 1.5B ~20 s. */
const slowModelContextTokens = 2000;

export interface AskConfig {
  rrfK: number;
  /**
   * Size of the answer's context (all passages), in tokens of ~4 characters. FOLIO_CONTEXT_TOKENS, else
   * a default that fits the provider: 8000 for hosted models, 2000 for a model on this CPU.
   */
  contextTokens: number;
  /** Longest a question waits for its plan step (FOLIO_PLAN_TIMEOUT_S); a slow model gets a shorter plan that fits. */
  planTimeoutMs: number;
  /** Longest a question waits for its answer step, generation included (FOLIO_ANSWER_TIMEOUT_S). */
  answerTimeoutMs: number;
  /**
   * How a model answers (FOLIO_MODEL_ANSWER): `write` an answer from the passages, `choose` the quotes
   * that answer and a short answer from them (choose-quotes.ts), or `auto`: choose when the model is
   * measured to be slow (model-budgets.ts).
   */
  modelAnswer: 'auto' | 'write' | 'choose';
  maxQuestionChars: number;
  /**
   * The offline answer's best quote must score this much, or the answer is "not found"; unset, the
   * answerer's calibrated default (extractive-answer.ts).
   */
  minimumEvidence?: number;
}

export interface ServerConfig {
  /** 127.0.0.1 unless FOLIO_HOST says otherwise; without FOLIO_API_KEY only loopback is allowed. */
  host: string;
  port: number;
  apiKey?: string;
  publicUrl?: string;
  maxConcurrentUploads: number;
}

export interface QueueConfig {
  /** BullMQ on this Redis; without it, an in-process queue. */
  redisUrl?: string;
  /** Ingest jobs one process works on at once. */
  ingestConcurrency: number;
}

export interface SlackConfig {
  botToken?: string;
  signingSecret?: string;
  /** Socket Mode when set. */
  appToken?: string;
  oauth?: { clientId: string; clientSecret: string; stateSecret: string };
  apiUrl?: string;
  /** Hosts files may be downloaded from with the bot token. */
  fileHosts: string[];
}

export interface TeamsConfig {
  /** Without an app id, incoming requests are not authenticated (local testing only; a loud warning at start-up). */
  appId?: string;
  appPassword?: string;
  tenantId?: string;
  graphUrl: string;
  /** Host names (a leading "*." matches subdomains) files may be downloaded from. */
  fileHosts: string[];
}

export interface WeaviateConfig {
  url: string;
  apiKey?: string;
  grpcPort?: number;
  /**
   * Copies of every tenant the collections keep (replicationConfig.factor; at most the cluster's nodes).
   * Unset: the server's default for new collections (1, or its REPLICATION_MINIMUM_FACTOR), and an
   * existing collection's factor is accepted as it is; set: a collection with another factor stops start-up.
   */
  replicationFactor?: number;
  /**
   * Replicas that must answer each read and write (WEAVIATE_CONSISTENCY_LEVEL); QUORUM when the factor
   * is > 1 and nothing is set. Unset: the server's defaults (QUORUM for writes and reads by id, ONE for searches).
   */
  consistencyLevel?: WeaviateConsistencyLevel;
  /** A space's unit tenant is deactivated once this process has not used it for this long (WEAVIATE_TENANT_IDLE_MINUTES); absent: never. */
  tenantIdleMs?: number;
}

export type WeaviateConsistencyLevel = 'ONE' | 'QUORUM' | 'ALL';

export interface IngestConfig {
  maxFileBytes: number;
  maxPages: number;
  convertTimeoutMs: number;
  sofficePath: string;
  ocr: { enabled: boolean; languages: string[] };
  /** Threads that read the pages of one long PDF (main + workers): min(CPU cores, FOLIO_PARSE_WORKERS, 4); 1 = main only. */
  parseWorkers: number;
  /** pdf.js's speed layer in the threads that parse (FOLIO_PDFJS_FAST); off = plain pdf.js (ingest/pdf/speed/pdfjs-speed-layer.ts). */
  pdfjsFast: boolean;
  docling?: { url: string; apiKey?: string; timeoutMs: number };
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(
    // Empty strings in .env files mean "not set".
    Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) throw configError(parsed.error.issues.map(issue => `${issue.path.join('.')}: ${issue.message}`));
  const env = parsed.data;
  const models = modelsConfig(env);
  return {
    dataDir: resolve(env.FOLIO_DATA_DIR),
    logLevel: env.FOLIO_LOG_LEVEL,
    ingest: {
      maxFileBytes: Math.round(env.FOLIO_MAX_FILE_MB * 1024 * 1024),
      maxPages: env.FOLIO_MAX_PAGES,
      convertTimeoutMs: env.FOLIO_CONVERT_TIMEOUT_S * 1000,
      sofficePath: env.FOLIO_SOFFICE_PATH,
      ocr: { enabled: env.FOLIO_OCR === 'on', languages: env.FOLIO_OCR_LANGS.split('+') },
      parseWorkers: parseWorkerCount(env.FOLIO_PARSE_WORKERS),
      pdfjsFast: env.FOLIO_PDFJS_FAST === 'on',
      docling: env.DOCLING_SERVE_URL
        ? { url: env.DOCLING_SERVE_URL, apiKey: env.DOCLING_SERVE_API_KEY, timeoutMs: env.DOCLING_SERVE_TIMEOUT_S * 1000 }
        : undefined,
    },
    weaviate: weaviateConfig(env),
    models,
    ask: askConfig(env, models.provider),
    server: {
      host: env.FOLIO_HOST ?? '127.0.0.1',
      port: env.FOLIO_PORT ?? env.PORT ?? 3000,
      apiKey: env.FOLIO_API_KEY,
      publicUrl: env.FOLIO_PUBLIC_URL,
      maxConcurrentUploads: env.FOLIO_MAX_CONCURRENT_UPLOADS,
    },
    queue: { redisUrl: env.REDIS_URL, ingestConcurrency: env.FOLIO_INGEST_CONCURRENCY },
    slack: slackConfig(env),
    teams: teamsConfig(env),
  };
}

function configError(lines: string[]): FolioError {
  return new FolioError({
    code: 'config_invalid',
    message: `Invalid configuration:\n${lines.map(line => `  ${line}`).join('\n')}`,
    userMessage: 'Folio is misconfigured; an administrator needs to fix its settings.',
  });
}

function weaviateConfig(env: Environment): WeaviateConfig | undefined {
  if (!env.WEAVIATE_URL) return undefined;
  const replicationFactor = env.WEAVIATE_REPLICATION_FACTOR;
  return {
    url: env.WEAVIATE_URL,
    apiKey: env.WEAVIATE_API_KEY,
    grpcPort: env.WEAVIATE_GRPC_PORT,
    tenantIdleMs: env.WEAVIATE_TENANT_IDLE_MINUTES > 0 ? Math.round(env.WEAVIATE_TENANT_IDLE_MINUTES * 60_000) : undefined,
    replicationFactor,
    // With one copy every level means the same; with several, QUORUM keeps reads and writes going
    // while a minority of replicas is down and every read overlaps the last write.
    consistencyLevel: env.WEAVIATE_CONSISTENCY_LEVEL ?? (replicationFactor !== undefined && replicationFactor > 1 ? 'QUORUM' : undefined),
  };
}

function askConfig(env: Environment, provider: ModelsConfig['provider']): AskConfig {
  return {
    rrfK: env.FOLIO_RRF_K,
    // A model on this machine's CPU reads ~120 prompt tokens a second: 2000 tokens of passages keep its
    // first answer token within ~20 s. Hosted models read thousands a second.
    contextTokens:
      env.FOLIO_CONTEXT_TOKENS ??
      (provider === 'local' || (provider === 'openai' && env.OPENAI_MEASURE_SPEED === 'on') ? slowModelContextTokens : defaultContextTokens),
    planTimeoutMs: env.FOLIO_PLAN_TIMEOUT_S * 1000,
    answerTimeoutMs: env.FOLIO_ANSWER_TIMEOUT_S * 1000,
    modelAnswer: env.FOLIO_MODEL_ANSWER,
    maxQuestionChars: env.FOLIO_MAX_QUESTION_CHARS,
    minimumEvidence: env.FOLIO_EXTRACTIVE_MIN_EVIDENCE,
  };
}

function modelsConfig(env: Environment): ModelsConfig {
  const requested = env.FOLIO_MODEL_PROVIDER;
  const modelsDir = resolve(env.FOLIO_MODELS_DIR);
  const local = localModelsConfig(env, modelsDir);
  const provider =
    requested !== 'auto'
      ? requested
      : env.GEMINI_API_KEY
        ? 'gemini'
        : env.OPENAI_BASE_URL
          ? 'openai'
          : local.chatModelPath || local.embeddingModelPath
            ? 'local'
            : 'offline';
  if (provider === 'gemini' && !env.GEMINI_API_KEY) throw configError(['GEMINI_API_KEY: required when FOLIO_MODEL_PROVIDER=gemini']);
  if (provider === 'openai' && (!env.OPENAI_BASE_URL || !(env.OPENAI_CHAT_MODEL || env.OPENAI_EMBEDDING_MODEL))) {
    throw configError([
      'OPENAI_BASE_URL with OPENAI_CHAT_MODEL (and/or OPENAI_EMBEDDING_MODEL): required for an OpenAI-compatible server (e.g. http://localhost:11434/v1 and qwen3:8b)',
    ]);
  }
  if (provider === 'local' && !local.chatModelPath && !local.embeddingModelPath) {
    throw configError([
      `FOLIO_MODEL_PROVIDER=local: no local model in ${modelsDir} (FOLIO_MODELS_DIR); run \`npm run models:fetch\`, or name files with FOLIO_LOCAL_CHAT_MODEL / FOLIO_LOCAL_EMBEDDING_MODEL`,
    ]);
  }
  return {
    provider,
    gemini:
      provider === 'gemini'
        ? {
            apiKey: env.GEMINI_API_KEY!,
            baseUrl: env.GEMINI_BASE_URL,
            chatModel: env.GEMINI_CHAT_MODEL,
            visionModel: env.GEMINI_VISION_MODEL ?? env.GEMINI_CHAT_MODEL,
            embeddingModel: env.GEMINI_EMBEDDING_MODEL,
            embeddingDimensions: env.GEMINI_EMBEDDING_DIMENSIONS,
          }
        : undefined,
    openai:
      provider === 'openai'
        ? {
            baseUrl: env.OPENAI_BASE_URL!,
            apiKey: env.OPENAI_API_KEY,
            chatModel: env.OPENAI_CHAT_MODEL,
            visionModel: env.OPENAI_VISION_MODEL,
            embeddingModel: env.OPENAI_EMBEDDING_MODEL,
            embeddingDimensions: env.OPENAI_EMBEDDING_DIMENSIONS,
            measureSpeed: env.OPENAI_MEASURE_SPEED === 'on',
          }
        : undefined,
    local: provider === 'local' ? local : undefined,
    modelsDir,
    packageIndexUrl: env.FOLIO_PYPI_INDEX_URL,
    timeoutMs: env.FOLIO_MODEL_TIMEOUT_S * 1000,
    maxRetries: env.FOLIO_MODEL_MAX_RETRIES,
    concurrency: env.FOLIO_MODEL_CONCURRENCY,
    promptMaxChars: env.FOLIO_PROMPT_MAX_CHARS,
    describeFigures: env.FOLIO_DESCRIBE_FIGURES === 'on',
  };
}

/**
 * The local models to use: the files FOLIO_LOCAL_CHAT_MODEL / FOLIO_LOCAL_EMBEDDING_MODEL name (`off`
 * for none), else the ones `folio models fetch` put into the models directory (the larger chat model
 * when both are there). A named file that does not exist stops start-up.
 */
function localModelsConfig(env: Environment, modelsDir: string): LocalModelsConfig {
  const fetched = localModelPaths(modelsDir);
  const pick = (variable: 'FOLIO_LOCAL_CHAT_MODEL' | 'FOLIO_LOCAL_EMBEDDING_MODEL', candidates: string[]): string | undefined => {
    const named = env[variable];
    if (named === 'off') return undefined;
    if (named) {
      const path = resolve(named);
      if (!existsSync(path)) throw configError([`${variable}: no file at ${path}`]);
      return path;
    }
    return candidates.find(path => existsSync(path));
  };
  return {
    chatModelPath: pick('FOLIO_LOCAL_CHAT_MODEL', [fetched.chat.large, fetched.chat.small]),
    embeddingModelPath: pick('FOLIO_LOCAL_EMBEDDING_MODEL', [fetched.embedding.model]),
    threads: env.FOLIO_LOCAL_THREADS,
  };
}

function slackConfig(env: Environment): SlackConfig | undefined {
  const oauthParts = [env.SLACK_CLIENT_ID, env.SLACK_CLIENT_SECRET, env.SLACK_STATE_SECRET];
  if (!env.SLACK_BOT_TOKEN && oauthParts.every(part => !part)) return undefined;
  if (oauthParts.some(Boolean) && !oauthParts.every(Boolean)) {
    throw configError(['SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET: set all three for multi-workspace installs, or none']);
  }
  if (!env.SLACK_APP_TOKEN && !env.SLACK_SIGNING_SECRET) {
    throw configError(['SLACK_SIGNING_SECRET: required for HTTP events (or set SLACK_APP_TOKEN for Socket Mode)']);
  }
  return {
    botToken: env.SLACK_BOT_TOKEN,
    signingSecret: env.SLACK_SIGNING_SECRET,
    appToken: env.SLACK_APP_TOKEN,
    oauth: env.SLACK_CLIENT_ID ? { clientId: env.SLACK_CLIENT_ID, clientSecret: env.SLACK_CLIENT_SECRET!, stateSecret: env.SLACK_STATE_SECRET! } : undefined,
    apiUrl: env.SLACK_API_URL,
    fileHosts: hostList(env.SLACK_FILE_HOSTS),
  };
}

function teamsConfig(env: Environment): TeamsConfig | undefined {
  const enabled = env.TEAMS_ENABLED === 'on' || (env.TEAMS_ENABLED === 'auto' && Boolean(env.TEAMS_APP_ID));
  if (!enabled) return undefined;
  if (env.TEAMS_APP_ID && !env.TEAMS_APP_PASSWORD) throw configError(["TEAMS_APP_PASSWORD: required with TEAMS_APP_ID (the bot's client secret)"]);
  return {
    appId: env.TEAMS_APP_ID,
    appPassword: env.TEAMS_APP_PASSWORD,
    tenantId: env.TEAMS_APP_TENANT_ID,
    graphUrl: env.GRAPH_API_URL.replace(/\/+$/, ''),
    fileHosts: hostList(env.TEAMS_FILE_HOSTS),
  };
}

function hostList(value: string): string[] {
  return value
    .split(',')
    .map(host => host.trim().toLowerCase())
    .filter(Boolean);
}

/** More than 4 workers stop paying off: each holds its own pdf.js document, and results commit in order. */
const maxParseWorkers = 4;

function parseWorkerCount(setting: 'auto' | number): number {
  return Math.max(1, Math.min(availableParallelism(), setting === 'auto' ? maxParseWorkers : setting, maxParseWorkers));
}
