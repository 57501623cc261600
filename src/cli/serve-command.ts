import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { chatSurfaces } from '../../adapters/surfaces.ts';
import type { SurfaceAdapter } from '../../adapters/types.ts';
import { assertBindAllowed, createWebApp, startWebServer, type WebServer } from '../../adapters/web/index.ts';
import { createFolio, createLogger, type Config, type Folio, type FolioOverrides, type Logger } from '../index.ts';

// `folio serve` is the composition root of the running service, so (unlike the core in src/) it
// loads the surfaces: the web adapter statically, Slack and Teams only when configured.

export interface RunningService {
  folio: Folio;
  /** The console's URL, e.g. http://127.0.0.1:3000/. */
  url: string;
  /** The start-up summary, one line per entry (printed to stderr by serveCommand). */
  summary: string[];
  /** Graceful: stop accepting requests, stop the chat surfaces, then close Folio (queue, store). */
  stop(): Promise<void>;
}

/**
 * Builds and starts everything `folio serve` runs: Folio, in-process ingest workers unless REDIS_URL
 * moves them to `folio worker`, the web app, the configured chat surfaces with their routes on it, and
 * the HTTP server. On any start-up failure what was started is closed again before the error (a
 * FolioError naming the setting to change) is thrown.
 */
export async function startService(config: Config, overrides: FolioOverrides = {}): Promise<RunningService> {
  // Checked before anything starts, so a refused start leaves no workers or open store behind.
  assertBindAllowed(config.server.host, config.server.apiKey);
  const log = overrides.log ?? createLogger({ level: config.logLevel });
  const folio = createFolio(config, { ...overrides, log });
  const surfaces: SurfaceAdapter[] = [];
  let server: WebServer | undefined;
  try {
    await folio.checkDataFormat();
    if (!config.queue.redisUrl) await folio.startWorkers();
    // Before listening: a load balancer's first question should not wait for search threads to start.
    await folio.warmUp();
    const app = createWebApp(folio, { log });
    const missing: string[] = [];
    for (const surface of await buildChatSurfaces(folio, config, log, missing)) {
      surface.routes(app);
      surfaces.push(surface);
    }
    server = await startWebServer(app, { host: config.server.host, port: config.server.port, apiKey: config.server.apiKey, log });
    for (const surface of surfaces) await surface.start();
    const running = server;
    return {
      folio,
      url: running.url,
      summary: describeService(config, folio, surfaces, running.url, missing),
      stop: () => stopAll(running, surfaces, folio, log),
    };
  } catch (error) {
    await stopAll(server, surfaces, folio, log);
    throw error;
  }
}

async function stopAll(server: WebServer | undefined, surfaces: SurfaceAdapter[], folio: Folio, log: Logger): Promise<void> {
  await server?.close();
  for (const surface of surfaces) {
    await surface.stop().catch(error => log.warn({ err: error, adapter: surface.name }, 'chat surface did not stop cleanly'));
  }
  await folio.close();
}

/**
 * The configured chat surfaces. A build without one of them still serves the web console (a configured
 * but absent surface is reported in the summary); any other failure to build one stops start-up with
 * its message.
 */
async function buildChatSurfaces(folio: Folio, config: Config, log: Logger, missing: string[]): Promise<SurfaceAdapter[]> {
  const built: SurfaceAdapter[] = [];
  for (const surface of chatSurfaces) {
    const settings = surface.settings(config);
    if (!settings) continue;
    let create: Awaited<ReturnType<typeof surface.load>>;
    try {
      create = await surface.load();
    } catch (error) {
      if (!isMissing(error, surface.module)) throw error;
      log.warn({ adapter: surface.name }, `${surface.label} is configured but this build has no ${surface.label} adapter`);
      missing.push(surface.label);
      continue;
    }
    built.push(await create(folio, settings, log));
  }
  return built;
}

/** True when `error` says the module itself is absent (not one of its imports). */
function isMissing(error: unknown, module: string): boolean {
  return (
    (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
    new RegExp(`Cannot find module '[^']*${module.replace(/[.]/g, '\\.')}'`).test(String((error as Error).message))
  );
}

/** What runs, where, and for each piece that is off, one line on what turning it on would add. */
export function describeService(config: Config, folio: Folio, adapters: SurfaceAdapter[], url: string, missingAdapters: string[] = []): string[] {
  const { models } = folio;
  const adapterLine = (name: 'slack' | 'teams', label: string) =>
    adapters.find(adapter => adapter.name === name)?.summary ??
    (missingAdapters.includes(label) ? `${label}: configured, but this build has no ${label} adapter` : `${label}: not configured`);
  const lines = [
    `Folio is running: ${url} (web console; API described at ${url}openapi.json)`,
    `  Access: ${config.server.apiKey ? 'API key required (FOLIO_API_KEY) on /v1 and /metrics' : `this machine only (${config.server.host}, no FOLIO_API_KEY)`}`,
    `  Store:  ${config.weaviate ? `Weaviate at ${withoutCredentials(config.weaviate.url)} (originals in ${config.dataDir})` : `SQLite at ${join(config.dataDir, 'folio.sqlite')}`}`,
    `  Queue:  ${config.queue.redisUrl ? `Redis at ${withoutCredentials(config.queue.redisUrl)}: run \`folio worker\` to ingest` : `in-process: ingest runs in this process (${config.queue.ingestConcurrency} at a time)`}`,
    `  Models: ${modelsLine(folio)}`,
    `  ${adapterLine('slack', 'Slack')}`,
    `  ${adapterLine('teams', 'Teams')}`,
  ];
  const hints: string[] = [];
  if (!models.language) {
    hints.push(
      'Set GEMINI_API_KEY (or OPENAI_BASE_URL and OPENAI_CHAT_MODEL for an OpenAI-compatible server) for generated answers, HyDE and figure descriptions, or run `npm run models:fetch` for models in this process (answers written on this CPU, ~20–30 s a question).',
    );
  } else if (!models.embedding) hints.push('Set an embedding model (GEMINI_API_KEY, or OPENAI_EMBEDDING_MODEL) for vector search next to BM25.');
  if (!config.slack) hints.push('Set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET (or SLACK_APP_TOKEN for Socket Mode) to answer in Slack channels.');
  if (!config.teams) hints.push('Set TEAMS_APP_ID and TEAMS_APP_PASSWORD to answer in Microsoft Teams.');
  if (!findExecutable(config.ingest.sofficePath)) {
    hints.push(
      `Install LibreOffice (apt-get install libreoffice-writer libreoffice-impress) or set FOLIO_SOFFICE_PATH to read PPTX, DOCX and other office files (only PDFs now: "${config.ingest.sofficePath}" was not found).`,
    );
  }
  if (!config.queue.redisUrl) hints.push('Set REDIS_URL to run ingest in separate worker processes (`folio worker`) and share state between API processes.');
  if (!config.weaviate) hints.push('Set WEAVIATE_URL to keep documents in a Weaviate cluster that several Folio processes share.');
  if (!config.ingest.docling) hints.push('Set DOCLING_SERVE_URL to parse documents with docling-serve instead of the built-in pdf.js parser.');
  if (!config.server.apiKey) hints.push('Set FOLIO_API_KEY (16+ characters) and FOLIO_HOST=0.0.0.0 to serve other machines.');
  return hints.length > 0 ? [...lines, 'Not enabled:', ...hints.map(hint => `  - ${hint}`)] : lines;
}

function modelsLine(folio: Folio): string {
  const { models } = folio;
  const { models: settings } = folio.config;
  if (!models.language) {
    const configured = settings.provider !== 'offline' ? ` (${settings.provider} is configured but no language model was built)` : '';
    return `offline: extractive answers, BM25 and heading-tree search${configured}`;
  }
  const speed = models.speed
    ? ` (measured here: reads ${Math.round(models.speed.promptTokensPerSecond)} and writes ${Math.round(models.speed.generationTokensPerSecond)} tokens a second)`
    : models.loadError
      ? ` (not loaded: ${models.loadError})`
      : '';
  const parts = [`chat ${models.language}${speed}`];
  parts.push(models.embedding ? `embeddings ${models.embedding}` : 'no embeddings');
  parts.push(
    models.vision && settings.describeFigures
      ? `figures ${models.vision}`
      : settings.describeFigures
        ? 'no vision model for figures'
        : 'figure descriptions off',
  );
  return `${settings.provider}: ${parts.join(', ')}`;
}

/** Scheme, host and port only: URLs may carry passwords (redis://:secret@host). */
function withoutCredentials(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}`;
  } catch {
    return '(unparseable URL)';
  }
}

/** Whether a program name or path can be run: a path is checked directly, a name on $PATH. */
function findExecutable(program: string): boolean {
  const candidates =
    isAbsolute(program) || program.includes('/')
      ? [program]
      : (process.env.PATH ?? '')
          .split(delimiter)
          .filter(Boolean)
          .map(directory => join(directory, program));
  return candidates.some(candidate => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * `folio serve` / `npm start`: starts the service, prints the summary to stderr and runs until
 * SIGTERM or SIGINT, then shuts down gracefully and resolves with the exit code (0 when clean). A
 * second signal exits at once.
 */
export async function serveCommand(config: Config): Promise<number> {
  const service = await startService(config);
  process.stderr.write(`${service.summary.join('\n')}\n`);
  return new Promise(resolve => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        process.stderr.write(`${signal} again: exiting without waiting.\n`);
        process.exit(1);
      }
      stopping = true;
      process.stderr.write(`${signal}: shutting down (finishing requests in flight)…\n`);
      service.stop().then(
        () => {
          process.stderr.write('Folio stopped.\n');
          resolve(0);
        },
        error => {
          process.stderr.write(`Folio did not stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`);
          resolve(1);
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
