import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Answer, Folio, IngestJobEvent } from '../../src/index.ts';

/**
 * Prometheus metrics of one web app, in its own registry (tests build several apps in one process;
 * the global registry would mix them). Ingest figures come from the queue's events, so with Redis
 * every API process reports every worker's ingests: sum them per job, not per process.
 */
export class WebMetrics {
  readonly registry = new Registry();
  readonly errors: Counter<'code'>;
  private readonly ingestSeconds: Histogram<'status'>;
  private readonly documents: Counter<'status'>;
  private readonly pages: Counter;
  private readonly askSeconds: Histogram<'mode' | 'grounded'>;
  private readonly modelCalls: Counter;
  private readonly unsubscribe: () => void;

  constructor(folio: Folio, uploadsInFlight: () => number) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'folio_' });
    this.errors = new Counter({ name: 'folio_errors_total', help: 'Failed requests and questions, by error code', labelNames: ['code'], registers });
    this.ingestSeconds = new Histogram({
      name: 'folio_ingest_duration_seconds',
      help: 'Time to read one document, from the start of conversion to the committed tree',
      labelNames: ['status'],
      buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800],
      registers,
    });
    this.documents = new Counter({
      name: 'folio_documents_ingested_total',
      help: 'Documents whose ingest finished, by outcome',
      labelNames: ['status'],
      registers,
    });
    this.pages = new Counter({ name: 'folio_pages_ingested_total', help: 'Pages of documents ingested successfully', registers });
    this.askSeconds = new Histogram({
      name: 'folio_ask_duration_seconds',
      help: 'Time to answer a question, from the request to the final answer',
      labelNames: ['mode', 'grounded'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
      registers,
    });
    this.modelCalls = new Counter({ name: 'folio_model_calls_total', help: 'Language model calls made to answer questions', registers });
    new Gauge({
      name: 'folio_queue_jobs',
      help: 'Ingest jobs in the queue, by state',
      labelNames: ['state'],
      registers,
      async collect() {
        const counts = await folio.queueCounts();
        for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
      },
    });
    new Gauge({
      name: 'folio_uploads_in_flight',
      help: 'HTTP uploads being received or stored right now',
      registers,
      collect() {
        this.set(uploadsInFlight());
      },
    });
    this.unsubscribe = folio.onIngestEvent(event => this.onIngestEvent(event));
  }

  answered(answer: Answer, seconds: number): void {
    this.askSeconds.observe({ mode: answer.extractive ? 'extractive' : 'generated', grounded: String(answer.grounded) }, seconds);
    this.modelCalls.inc(answer.modelCalls);
  }

  close(): void {
    this.unsubscribe();
  }

  private onIngestEvent(event: IngestJobEvent): void {
    if (event.type !== 'finished') return;
    const { outcome } = event;
    this.documents.inc({ status: outcome.status });
    if (outcome.status === 'ready' && !outcome.duplicate) this.pages.inc(outcome.pages);
    if (outcome.stats) this.ingestSeconds.observe({ status: outcome.status }, outcome.stats.ms.total / 1000);
  }
}
