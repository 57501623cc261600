import { FakeSlackApi } from '../../test/fakes/fake-slack-api.ts';
import { percentile, seededRandom } from './search-benchmark.ts';
import { loadQuestions, makeLoadPdf } from './load-documents.ts';
import { sampleRss, summarizeMemory, type ProcessMemory } from './load-memory.ts';
import { startLatencyModel } from './load-model.ts';
import { startLoadService, type LoadMode } from './load-service.ts';
import { askJson, askStreaming, slackAnswered, slackMention, upload, waitUntilReady, type Outcome } from './load-traffic.ts';

export interface LoadSettings {
  modes: LoadMode[];
  /** Concurrent questions in the burst (REST; `sseShare` of them streamed). */
  questions: number;
  sseShare: number;
  /** Concurrent REST uploads of new documents in the burst. */
  ingests: number;
  /** Concurrent signed Slack mentions in the burst. */
  slackEvents: number;
  /** Documents ingested before the burst (what the questions are about). */
  preIngest: number;
  /** Steady traffic after the burst while memory is sampled. */
  soakSeconds: number;
  soakConcurrency: number;
  /** Each model call answers after a latency drawn from this range. */
  modelLatencyMs: [number, number];
  /** FOLIO_MODEL_CONCURRENCY for the service (model calls in flight per process). */
  modelConcurrency: number;
  /** `folio worker` processes in BullMQ mode. */
  workers: number;
  seed: number;
  log: (line: string) => void;
}

export interface LatencySummary {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Up to 5 distinct error descriptions. */
  errorSamples: string[];
}

export interface LoadModeResult {
  mode: LoadMode;
  processes: Array<{ role: string; pid: number }>;
  burst: {
    ask: LatencySummary;
    askStreamingFirstText: LatencySummary;
    upload: LatencySummary;
    /** From the start of the upload to the document being ready (queue + ingest). */
    ingestToReady: LatencySummary;
    slackAck: LatencySummary & { over3s: number };
    /** Slack mentions whose answer (Block Kit) arrived in the thread. */
    slackAnswered: number;
    wallSeconds: number;
    memory: ProcessMemory[];
  };
  soak: { seconds: number; asks: LatencySummary; slackAck: LatencySummary & { over3s: number }; memory: ProcessMemory[] };
}

const signingSecret = 'load-bench-signing-secret-0123';
const webSpace = 'load';
const slackChannel = 'CLOAD';

/**
 * Runs the load against the real service once per mode: pre-ingest, then a burst of concurrent
 * questions, uploads and Slack mentions all at once (latencies, errors, Slack ack times, RSS), then a
 * soak of steady traffic with RSS sampled every second. Everything is on loopback and bounded in count
 * and time; the service, its workers, Redis and the fakes are stopped before the next mode.
 */
export async function runLoad(settings: LoadSettings): Promise<LoadModeResult[]> {
  const results: LoadModeResult[] = [];
  for (const mode of settings.modes) results.push(await runMode(mode, settings));
  return results;
}

async function runMode(mode: LoadMode, settings: LoadSettings): Promise<LoadModeResult> {
  const random = seededRandom(settings.seed);
  const model = await startLatencyModel({ minMs: settings.modelLatencyMs[0], maxMs: settings.modelLatencyMs[1], random });
  const slack = await new FakeSlackApi('xoxb-load-bench-token').start();
  let service: Awaited<ReturnType<typeof startLoadService>> | undefined;
  try {
    service = await startLoadService({
      mode,
      workers: settings.workers,
      log: settings.log,
      environment: {
        OPENAI_BASE_URL: model.url,
        OPENAI_CHAT_MODEL: 'load-chat',
        OPENAI_EMBEDDING_MODEL: 'load-embed',
        OPENAI_EMBEDDING_DIMENSIONS: '256',
        FOLIO_MODEL_CONCURRENCY: String(settings.modelConcurrency),
        FOLIO_MODEL_TIMEOUT_S: '60',
        // One bench client plays many users: the per-client upload cap (default 4) would turn the burst into 429s.
        FOLIO_MAX_CONCURRENT_UPLOADS: String(Math.max(4, settings.ingests + 4)),
        FOLIO_OCR: 'off',
        SLACK_BOT_TOKEN: slack.botToken,
        SLACK_SIGNING_SECRET: signingSecret,
        SLACK_API_URL: slack.apiUrl,
        SLACK_FILE_HOSTS: slack.host,
      },
    });
    const { baseUrl } = service;

    // 1. What the questions are about: the same documents in the web space and the Slack channel's space.
    for (let index = 0; index < settings.preIngest; index++) {
      const bytes = await makeLoadPdf(index);
      for (const space of [webSpace, `slack:T1:${slackChannel}`]) {
        const started = performance.now();
        const uploaded = await upload(baseUrl, space, `handbook-${index}.pdf`, bytes);
        if (!uploaded.ok || !uploaded.documentId) throw new Error(`pre-ingest failed: ${uploaded.error}`);
        const ready = await waitUntilReady(baseUrl, space, uploaded.documentId, started);
        if (!ready.ok) throw new Error(`pre-ingest failed: ${ready.error}`);
      }
    }
    settings.log(
      `[bench:load] ${mode}: ${settings.preIngest} documents ready; burst of ${settings.questions} questions, ${settings.ingests} uploads, ${settings.slackEvents} Slack mentions`,
    );

    // 2. The burst: everything at once.
    const question = () => loadQuestions[Math.floor(random() * loadQuestions.length)];
    const ingestPdfs = await Promise.all(Array.from({ length: settings.ingests }, (_, index) => makeLoadPdf(1000 + index)));
    const burstMemory = sampleRss(service.processes, 500);
    const burstStarted = performance.now();
    const streamed = Math.round(settings.questions * settings.sseShare);
    const [asks, ingests, mentions] = await Promise.all([
      Promise.all(
        Array.from({ length: settings.questions }, (_, index) =>
          index < streamed ? askStreaming(baseUrl, webSpace, question()) : askJson(baseUrl, webSpace, question()),
        ),
      ),
      Promise.all(
        ingestPdfs.map(async (bytes, index) => {
          const started = performance.now();
          const uploaded = await upload(baseUrl, webSpace, `burst-${index}.pdf`, bytes);
          const ready =
            uploaded.ok && uploaded.documentId
              ? await waitUntilReady(baseUrl, webSpace, uploaded.documentId, started)
              : { ms: 0, ok: false, error: uploaded.error };
          return { uploaded, ready };
        }),
      ),
      Promise.all(
        Array.from({ length: settings.slackEvents }, () => slackMention({ baseUrl, signingSecret, slack, channel: slackChannel, question: question() })),
      ),
    ]);
    const answeredDeadline = Date.now() + 120_000;
    while (mentions.some(mention => !slackAnswered(slack, slackChannel, mention.ts)) && Date.now() < answeredDeadline)
      await new Promise(resolve => setTimeout(resolve, 100));
    const burstWallSeconds = (performance.now() - burstStarted) / 1000;
    const burstSamples = burstMemory.stop();
    settings.log(`[bench:load] ${mode}: burst done in ${burstWallSeconds.toFixed(1)} s; soak for ${settings.soakSeconds} s`);

    // 3. The soak: steady questions (JSON and streamed) and a Slack mention every 2 s, memory sampled each second.
    const soakMemory = sampleRss(service.processes, 1000);
    const soakDeadline = Date.now() + settings.soakSeconds * 1000;
    const soakAsks: Outcome[] = [];
    const soakMentions: Outcome[] = [];
    const askLoop = async (loop: number) => {
      for (let round = 0; Date.now() < soakDeadline; round++) {
        soakAsks.push(await ((loop + round) % 3 === 0 ? askStreaming(baseUrl, webSpace, question()) : askJson(baseUrl, webSpace, question())));
      }
    };
    const slackLoop = async () => {
      while (Date.now() < soakDeadline) {
        soakMentions.push(await slackMention({ baseUrl, signingSecret, slack, channel: slackChannel, question: question() }));
        await new Promise(resolve => setTimeout(resolve, Math.min(2000, Math.max(0, soakDeadline - Date.now()))));
      }
    };
    await Promise.all([...Array.from({ length: settings.soakConcurrency }, (_, loop) => askLoop(loop)), slackLoop()]);
    const soakSamples = soakMemory.stop();

    return {
      mode,
      processes: service.processes,
      burst: {
        ask: summarize(asks),
        askStreamingFirstText: summarize(asks.filter(outcome => outcome.firstTextMs !== undefined).map(outcome => ({ ms: outcome.firstTextMs!, ok: true }))),
        upload: summarize(ingests.map(entry => entry.uploaded)),
        ingestToReady: summarize(ingests.map(entry => entry.ready)),
        slackAck: summarizeAcks(mentions),
        slackAnswered: mentions.filter(mention => slackAnswered(slack, slackChannel, mention.ts)).length,
        wallSeconds: Math.round(burstWallSeconds * 10) / 10,
        memory: summarizeMemory(service.processes, burstSamples),
      },
      soak: {
        seconds: settings.soakSeconds,
        asks: summarize(soakAsks),
        slackAck: summarizeAcks(soakMentions),
        memory: summarizeMemory(service.processes, soakSamples),
      },
    };
  } finally {
    await service?.stop();
    await Promise.all([model.close(), slack.close()]);
  }
}

function summarize(outcomes: Outcome[]): LatencySummary {
  const values = outcomes.map(outcome => outcome.ms);
  const round = (value: number) => Math.round(value);
  const failed = outcomes.filter(outcome => !outcome.ok);
  return {
    count: outcomes.length,
    errors: failed.length,
    p50: round(percentile(values, 0.5)),
    p95: round(percentile(values, 0.95)),
    p99: round(percentile(values, 0.99)),
    max: round(values.length > 0 ? Math.max(...values) : 0),
    errorSamples: [...new Set(failed.map(outcome => outcome.error ?? 'failed'))].slice(0, 5),
  };
}

/** Slack resends an event it did not see acknowledged within 3 s: every ack must beat that. */
function summarizeAcks(outcomes: Outcome[]): LatencySummary & { over3s: number } {
  return { ...summarize(outcomes), over3s: outcomes.filter(outcome => outcome.ms >= 3000).length };
}
