import type { GenerateContentResponse, GoogleGenAI } from '@google/genai';
import type { Logger } from '../../log.ts';
import type { AttemptContext, ModelCallPolicy } from '../call-policy.ts';
import type { GenerateRequest, GenerateResult, LanguageModel } from '../types.ts';
import { describeGeminiFailure, GeminiResponseRecorder } from './gemini-failure.ts';
import { geminiConfig, geminiContents, incompleteReason, responseText, responseUsage } from './gemini-request.ts';

/** A Gemini chat model (text, JSON, images, streaming) through @google/genai. */
export class GeminiLanguageModel implements LanguageModel {
  readonly id: string;
  readonly acceptsImages = true;

  constructor(private readonly options: { client: GoogleGenAI; model: string; policy: ModelCallPolicy; log: Logger }) {
    this.id = `gemini:${options.model}`;
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const started = performance.now();
    const fitted = this.options.policy.fitPrompt(request, this.id);
    const recorder = new GeminiResponseRecorder();
    const outcome = await this.options.policy.run(
      { model: this.id, operation: 'generate', signal: request.signal, describeFailure: error => describeGeminiFailure(error, recorder.last) },
      async context => {
        recorder.reset();
        const params = {
          model: this.options.model,
          contents: geminiContents(fitted.prompt),
          config: { ...geminiConfig(fitted), abortSignal: context.signal, httpOptions: { fetch: recorder.fetch } },
        };
        if (!fitted.onText) {
          const response = await this.options.client.models.generateContent(params);
          return { text: responseText(response), usage: responseUsage(response), incomplete: incompleteReason(response), firstTokenMs: undefined };
        }
        return this.stream(await this.options.client.models.generateContentStream(params), fitted.onText, context, started);
      },
    );
    if (outcome.incomplete) this.options.log.warn({ model: this.id, reason: outcome.incomplete, chars: outcome.text.length }, 'model answer may be incomplete');
    return {
      text: outcome.text,
      usage: outcome.usage,
      model: this.id,
      ms: Math.round(performance.now() - started),
      firstTokenMs: outcome.firstTokenMs,
    };
  }

  /** Reads the SSE stream, passing text on as it comes; usage arrives with the last chunks. */
  private async stream(chunks: AsyncGenerator<GenerateContentResponse>, onText: (delta: string) => void, context: AttemptContext, started: number) {
    let text = '';
    let usage = responseUsage(undefined);
    let incomplete: string | undefined;
    let firstTokenMs: number | undefined;
    for await (const chunk of chunks) {
      context.progress();
      // Each chunk's usageMetadata is the running total, so the latest one counts.
      if (chunk.usageMetadata) usage = responseUsage(chunk);
      incomplete = incompleteReason(chunk) ?? incomplete;
      const delta = responseText(chunk);
      if (!delta) continue;
      firstTokenMs ??= Math.round(performance.now() - started);
      context.commit();
      text += delta;
      onText(delta);
    }
    return { text, usage, incomplete, firstTokenMs };
  }
}
