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
  DOCLING_SERVE_URL: z.url().optional(),
  DOCLING_SERVE_API_KEY: z.string().optional(),
  DOCLING_SERVE_TIMEOUT_S: z.coerce.number().positive().default(600),
});

export interface Config {
  dataDir: string;
  logLevel: string;
  ingest: IngestConfig;
}

export interface IngestConfig {
  maxFileBytes: number;
  maxPages: number;
  convertTimeoutMs: number;
  sofficePath: string;
  ocr: { enabled: boolean; languages: string[] };
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
      docling: env.DOCLING_SERVE_URL
        ? { url: env.DOCLING_SERVE_URL, apiKey: env.DOCLING_SERVE_API_KEY, timeoutMs: env.DOCLING_SERVE_TIMEOUT_S * 1000 }
        : undefined,
    },
  };
}
