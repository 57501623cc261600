import { BadRequestError, type OpenAI } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { Logger } from '../../log.ts';
import type { AttemptContext, ModelCallPolicy } from '../call-policy.ts';
import { renderPrompt } from '../prompt-template.ts';
import { stripThinkBlocks, ThinkBlockFilter } from '../think-blocks.ts';
import { speedOf, speedProbeOutputTokens, speedProbePrompt } from '../speed-probe.ts';
import type { GenerateRequest, GenerateResult, LanguageModel, ModelSpeed, ModelUsage } from '../types.ts';
import { describeOpenAIFailure } from './openai-failure.ts';
import { openAIMessages, responseFormatName } from './openai-messages.ts';

interface Outcome {
  text: string;
  usage: ModelUsage;
  finishReason?: string | null;
  firstTokenMs?: number;
}

/**
 * A chat model on an OpenAI-compatible server (Ollama, vLLM, LM Studio, OpenAI): text, JSON Schema
 * output, images as data URLs, streaming. `<think>` blocks of reasoning models are removed.
 */
export class OpenAICompatibleLanguageModel implements LanguageModel {
  readonly id: string;
  readonly acceptsImages: boolean;
  /**
   * The structured output the server takes: `json_schema` until it rejects that, then `json_object`
   * (JSON mode, the schema in the prompt), then none (the schema in the prompt, the reply repaired).
   */
  private responseFormat: 'json_schema' | 'json_object' | 'none' = 'json_schema';
  /** Present with `measureSpeed` (OPENAI_MEASURE_SPEED): a server on a CPU is sized like a local model. */
  readonly speed?: () => Promise<ModelSpeed>;
  private measuring?: Promise<ModelSpeed>;

  constructor(
    private readonly options: { client: OpenAI; model: string; acceptsImages: boolean; policy: ModelCallPolicy; log: Logger; measureSpeed?: boolean },
  ) {
    this.id = `openai:${options.model}`;
    this.acceptsImages = options.acceptsImages;
    if (options.measureSpeed) this.speed = () => (this.measuring ??= this.measure());
  }

  /** One short streamed call, timed; a failed one is tried again by the next caller. */
  private async measure(): Promise<ModelSpeed> {
    try {
      const result = await this.generate({ prompt: speedProbePrompt, maxOutputTokens: speedProbeOutputTokens, temperature: 0, onText: () => undefined });
      // Servers that report no usage: ~4 characters a token.
      const inputTokens = result.usage.inputTokens || Math.ceil(speedProbePrompt.length / 4);
      const outputTokens = result.usage.outputTokens || Math.ceil(result.text.length / 4);
      const speed = speedOf({ inputTokens, outputTokens, firstTokenMs: result.firstTokenMs ?? result.ms, totalMs: result.ms });
      this.options.log.info({ model: this.id, ...speed }, 'model server measured');
      return speed;
    } catch (error) {
      this.measuring = undefined;
      throw error;
    }
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const started = performance.now();
    const fitted = this.options.policy.fitPrompt(request, this.id);
    const outcome = await this.options.policy.run(
      { model: this.id, operation: 'generate', signal: request.signal, describeFailure: describeOpenAIFailure },
      async context => {
        for (;;) {
          const format = fitted.jsonSchema ? this.responseFormat : 'none';
          try {
            return await this.complete(await this.body(fitted, format), fitted.onText, context, started);
          } catch (error) {
            // Many local servers lack response_format, or its json_schema type, and answer 400.
            if (format === 'none' || !(error instanceof BadRequestError) || context.signal.aborted) throw error;
            this.responseFormat = format === 'json_schema' ? 'json_object' : 'none';
            this.options.log.warn(
              { model: this.id, rejected: format },
              this.responseFormat === 'json_object'
                ? 'the model server rejected response_format json_schema; asking again in JSON mode with the schema in the prompt'
                : 'the model server rejected response_format; asking again with the schema in the prompt',
            );
          }
        }
      },
    );
    if (outcome.finishReason === 'length')
      this.options.log.warn({ model: this.id, chars: outcome.text.length }, 'model answer cut off at the output token limit');
    return { text: outcome.text, usage: outcome.usage, model: this.id, ms: Math.round(performance.now() - started), firstTokenMs: outcome.firstTokenMs };
  }

  /**
   * The request body. Without a json_schema response_format the JSON Schema goes into the system
   * instruction, so a server that cannot enforce it still tells the model what to write.
   */
  private async body(request: GenerateRequest, format: 'json_schema' | 'json_object' | 'none'): Promise<ChatCompletionCreateParamsNonStreaming> {
    let system = request.system;
    if (request.jsonSchema && format !== 'json_schema') {
      const instruction = await renderPrompt('json-schema', { schema: JSON.stringify(request.jsonSchema.schema) });
      system = system ? `${system}\n\n${instruction}` : instruction;
    }
    return {
      model: this.options.model,
      messages: openAIMessages({ ...request, system }),
      // max_tokens, not max_completion_tokens: the one every OpenAI-compatible server understands.
      ...(request.maxOutputTokens !== undefined ? { max_tokens: request.maxOutputTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.jsonSchema && format === 'json_schema'
        ? {
            response_format: {
              type: 'json_schema',
              json_schema: { name: responseFormatName(request.jsonSchema.name), schema: request.jsonSchema.schema, strict: false },
            },
          }
        : {}),
      ...(request.jsonSchema && format === 'json_object' ? { response_format: { type: 'json_object' } } : {}),
    };
  }

  private async complete(
    body: ChatCompletionCreateParamsNonStreaming,
    onText: GenerateRequest['onText'],
    context: AttemptContext,
    started: number,
  ): Promise<Outcome> {
    if (!onText) {
      const completion = await this.options.client.chat.completions.create(body, { signal: context.signal });
      const choice = completion.choices[0];
      return { text: stripThinkBlocks(choice?.message?.content ?? ''), usage: usageOf(completion.usage), finishReason: choice?.finish_reason };
    }
    const stream = await this.options.client.chat.completions.create(
      { ...body, stream: true, stream_options: { include_usage: true } },
      { signal: context.signal },
    );
    const filter = new ThinkBlockFilter();
    let raw = '';
    let usage = usageOf(undefined);
    let finishReason: string | null | undefined;
    let firstTokenMs: number | undefined;
    const pass = (visible: string) => {
      if (!visible) return;
      firstTokenMs ??= Math.round(performance.now() - started);
      context.commit();
      onText(visible);
    };
    for await (const chunk of stream) {
      context.progress();
      // With include_usage the last chunk has no choices, only usage.
      if (chunk.usage) usage = usageOf(chunk.usage);
      const choice = chunk.choices[0];
      finishReason = choice?.finish_reason ?? finishReason;
      const delta = choice?.delta?.content;
      if (!delta) continue;
      raw += delta;
      pass(filter.push(delta));
    }
    // The SDK ends the iteration quietly when the signal aborts: a timeout or a caller's deadline would
    // otherwise look like a finished (often empty) answer.
    context.signal.throwIfAborted();
    pass(filter.flush());
    return { text: stripThinkBlocks(raw), usage, finishReason, firstTokenMs };
  }
}

function usageOf(usage: { prompt_tokens?: number; completion_tokens?: number } | null | undefined): ModelUsage {
  return { inputTokens: usage?.prompt_tokens ?? 0, outputTokens: usage?.completion_tokens ?? 0 };
}
