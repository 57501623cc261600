import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { FolioError } from './errors.ts';

/**
 * Every environment variable Folio reads, validated once. Nothing else under src/ or adapters/ reads
 * process.env: the composition root passes the slices each part needs.
 */
const environmentSchema = z.object({
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
  DOCLING_SERVE_URL: z.url().optional(),
  DOCLING_SERVE_API_KEY: z.string().optional(),
  DOCLING_SERVE_TIMEOUT_S: z.coerce.number().positive().default(600),
  WEAVIATE_URL: z.url().optional(),
  WEAVIATE_API_KEY: z.string().optional(),
  WEAVIATE_GRPC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

export interface Config {
  dataDir: string;
  logLevel: string;
  ingest: IngestConfig;
  /** Set when WEAVIATE_URL is: documents and units live in Weaviate instead of the embedded SQLite file. */
  weaviate?: WeaviateConfig;
}

export interface WeaviateConfig {
  url: string;
  apiKey?: string;
  grpcPort?: number;
}

export interface IngestConfig {
  maxFileBytes: number;
  maxPages: number;
  convertTimeoutMs: number;
  sofficePath: string;
  ocr: { enabled: boolean; languages: string[] };
  /** Threads that read the pages of one long PDF (main + workers): min(CPU cores, FOLIO_PARSE_WORKERS, 4); 1 = main only. */
  parseWorkers: number;
  docling?: { url: string; apiKey?: string; timeoutMs: number };
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(
    // Empty strings in .env files mean "not set".
    Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map(issue => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new FolioError({
      code: 'config_invalid',
      message: `Invalid configuration:\n${lines.join('\n')}`,
      userMessage: 'Folio is misconfigured; an administrator needs to fix its settings.',
    });
  }
  const env = parsed.data;
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
      docling: env.DOCLING_SERVE_URL
        ? { url: env.DOCLING_SERVE_URL, apiKey: env.DOCLING_SERVE_API_KEY, timeoutMs: env.DOCLING_SERVE_TIMEOUT_S * 1000 }
        : undefined,
    },
    weaviate: env.WEAVIATE_URL ? { url: env.WEAVIATE_URL, apiKey: env.WEAVIATE_API_KEY, grpcPort: env.WEAVIATE_GRPC_PORT } : undefined,
  };
}

/** More than 4 workers stop paying off: each holds its own pdf.js document, and results commit in order. */
const maxParseWorkers = 4;

function parseWorkerCount(setting: 'auto' | number): number {
  return Math.max(1, Math.min(availableParallelism(), setting === 'auto' ? maxParseWorkers : setting, maxParseWorkers));
}
