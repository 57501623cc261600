import type { FakeModelReply } from '../../fakes/fake-model-server.ts';
import { FakeGeminiServer, type GeminiGenerateCall } from '../../fakes/fake-gemini-server.ts';
import { FakeOpenAIServer, type OpenAIChatCall } from '../../fakes/fake-openai-server.ts';

/** What a generate call is for, told apart the way the wire shows it. */
export type ModelCallKind = 'plan' | 'answer' | 'figure';

/**
 * Per kind of call: a fixed list of replies used in order (a burst that then clears), or a reply for
 * every call (a fault that lasts). Calls not covered get the well-behaved reply.
 */
export type FaultPlan = Partial<Record<ModelCallKind, FakeModelReply[] | { always: FakeModelReply }>>;

/** The facts the fake model "knows" (they are on page 1 of the handbook, makeHandbookPdf('a')). */
export const vacationQuestion = 'How many days of paid vacation does an employee get?';
export const vacationFact = '28 days';

export type Provider = 'gemini' | 'openai';

/**
 * One fake model server (Gemini or OpenAI-compatible wire format) whose replies follow a FaultPlan:
 * plans are valid JSON, answers cite the passage the prompt labels with page 1 of handbook.pdf, figure
 * descriptions are one sentence. `environment` is what Folio needs to use it (chat, vision, embeddings).
 */
export class FaultyModelServer {
  private plan: FaultPlan = {};
  private readonly used = new Map<ModelCallKind, number>();
  private readonly calls: Array<{ kind: ModelCallKind; at: number }> = [];

  private constructor(
    readonly provider: Provider,
    private readonly server: FakeGeminiServer | FakeOpenAIServer,
  ) {}

  static async start(provider: Provider): Promise<FaultyModelServer> {
    const server = provider === 'gemini' ? await FakeGeminiServer.start() : await FakeOpenAIServer.start();
    const faulty = new FaultyModelServer(provider, server);
    if (server instanceof FakeGeminiServer) server.reply = call => faulty.replyTo(kindOfGemini(call), call.system);
    else server.reply = call => faulty.replyTo(kindOfOpenAI(call), call.system);
    return faulty;
  }

  get environment(): Record<string, string> {
    if (this.provider === 'gemini') {
      return { GEMINI_API_KEY: 'fake-gemini-key', GEMINI_BASE_URL: this.server.url, GEMINI_CHAT_MODEL: 'fake-flash', GEMINI_EMBEDDING_DIMENSIONS: '64' };
    }
    return {
      OPENAI_BASE_URL: this.server.url,
      OPENAI_CHAT_MODEL: 'fake-chat',
      OPENAI_VISION_MODEL: 'fake-chat',
      OPENAI_EMBEDDING_MODEL: 'fake-embed',
      OPENAI_EMBEDDING_DIMENSIONS: '64',
    };
  }

  /** Replaces the fault plan (and forgets how many faulty replies were used). */
  inject(plan: FaultPlan): void {
    this.plan = plan;
    this.used.clear();
  }

  /** Embedding calls fail like this until the list is used up. */
  failEmbeddings(...replies: Array<Extract<FakeModelReply, { kind: 'error' | 'hang' | 'drop' }>>): void {
    this.server.scriptEmbeddings(...replies);
  }

  /** When each generate call of one kind arrived (Date.now()), in order. */
  callTimes(kind: ModelCallKind): number[] {
    return this.calls.filter(call => call.kind === kind).map(call => call.at);
  }

  /** Forgets recorded calls (the fault plan stays). */
  clearCalls(): void {
    this.calls.length = 0;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private replyTo(kind: ModelCallKind, system: string | undefined): FakeModelReply | string {
    this.calls.push({ kind, at: Date.now() });
    const fault = this.plan[kind];
    if (fault && 'always' in fault) return fault.always;
    if (fault) {
      const index = this.used.get(kind) ?? 0;
      this.used.set(kind, index + 1);
      if (index < fault.length) return fault[index];
    }
    return wellBehavedReply(kind, system);
  }
}

function wellBehavedReply(kind: ModelCallKind, system: string | undefined): string {
  if (kind === 'plan') {
    return JSON.stringify({
      language: 'en',
      subQuestions: [vacationQuestion],
      tasks: [],
      variants: ['paid vacation days'],
      hyde: ['Employees receive paid vacation days every year.'],
      picks: [],
    });
  }
  if (kind === 'figure') return 'A bar chart with six rising blue bars.';
  const passage = /\[(\d+)\] handbook\.pdf · pp?\. [^\n]*\b1\b/.exec(system ?? '')?.[1];
  return passage ? `Every employee gets ${vacationFact} of paid vacation per calendar year [${passage}].` : 'NOT_FOUND: the passages do not mention vacation.';
}

function kindOfGemini(call: GeminiGenerateCall): ModelCallKind {
  if (call.images.length > 0) return 'figure';
  return call.jsonSchema ? 'plan' : 'answer';
}

function kindOfOpenAI(call: OpenAIChatCall): ModelCallKind {
  if (call.images.length > 0) return 'figure';
  return call.responseFormat ? 'plan' : 'answer';
}
