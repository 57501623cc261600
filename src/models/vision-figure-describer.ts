import { createHash } from 'node:crypto';
import type { Logger } from '../log.ts';
import type { StateStore } from '../state/types.ts';
import { renderPrompt } from './prompt-template.ts';
import type { LanguageModel, FigureDescriber } from './types.ts';

type DescribeInput = Parameters<FigureDescriber['describe']>[0];

/** Key prefix of cached descriptions in the StateStore. */
export const figureDescriptionKeyPrefix = 'figure-description:';

/**
 * Describes figure crops with a vision model and `prompts/figure.md`. Descriptions are cached by model
 * and image sha256 in the StateStore (shared by every process when it is Redis), so a logo or chart
 * repeated across documents and re-ingests costs one call; concurrent requests for the same image in
 * this process share one call. Failures propagate: describeFigures keeps the caption and counts them.
 */
export class VisionFigureDescriber implements FigureDescriber {
  readonly id: string;
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(private readonly options: { model: LanguageModel; state?: StateStore; log: Logger; maxOutputTokens?: number }) {
    this.id = options.model.id;
  }

  async describe(input: DescribeInput): Promise<string> {
    const key = `${figureDescriptionKeyPrefix}${this.id}:${createHash('sha256').update(input.png).digest('hex')}`;
    const cached = await this.options.state?.get<{ description: string }>(key);
    if (cached?.description) return cached.description;
    const running = this.inFlight.get(key);
    if (running) return running;
    const call = this.callModel(input, key).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, call);
    return call;
  }

  private async callModel(input: DescribeInput, key: string): Promise<string> {
    const prompt = await renderPrompt('figure', {
      page: input.page ?? 'unknown',
      documentName: input.documentName ?? 'unknown',
      caption: input.caption?.trim() || '(none)',
      nearbyText: input.nearbyText.trim() || '(none)',
    });
    const result = await this.options.model.generate({
      prompt: [
        { type: 'image', mimeType: 'image/png', data: input.png },
        { type: 'text', text: prompt },
      ],
      // No default limit: thinking models count their thoughts against it and could end up with no text.
      maxOutputTokens: this.options.maxOutputTokens,
      temperature: 0.2,
      signal: input.signal,
    });
    const description = result.text.trim();
    if (!description) throw new Error(`${this.id} returned an empty figure description`);
    await this.options.state?.set(key, { description, at: new Date().toISOString() });
    this.options.log.debug({ model: this.id, ms: result.ms, outputTokens: result.usage.outputTokens }, 'figure described');
    return description;
  }
}
