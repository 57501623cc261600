import type { FakeModelReply } from '../../test/fakes/fake-model-server.ts';
import { FakeOpenAIServer, type OpenAIChatCall } from '../../test/fakes/fake-openai-server.ts';
import { citeFirstPassage } from '../../test/reliability/security/support/model-behaviours.ts';

/**
 * The model side of the load bench: the fake OpenAI-compatible server (real wire format, streaming SSE,
 * embeddings) answering every chat call after a latency drawn uniformly from [minMs, maxMs], like a
 * hosted model under load. Plans are valid JSON; answers quote and cite the first passage, streamed in
 * small chunks. Embeddings answer at once (they are not what a question waits for).
 */
export async function startLatencyModel(options: { minMs: number; maxMs: number; random: () => number }): Promise<FakeOpenAIServer> {
  return FakeOpenAIServer.start({
    reply: (call: OpenAIChatCall): FakeModelReply => ({
      kind: 'text',
      text: citeFirstPassage({ system: call.system, prompt: call.text, wantsJson: call.responseFormat !== undefined }),
      delayMs: Math.round(options.minMs + options.random() * (options.maxMs - options.minMs)),
      chunkSize: 12,
    }),
  });
}
