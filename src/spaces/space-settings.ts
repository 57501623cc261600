import { z } from 'zod';
import { asFolioError, FolioError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { StateStore } from '../state/types.ts';
import { parseConversationSpace } from './conversation-space.ts';
import type { SpaceId } from './space-id.ts';

/**
 * How Folio answers in one space (a Slack channel, a Teams chat, a web space). Set with `/folio settings`
 * in Slack, `settings` in Teams or `PATCH /v1/spaces/{space}/settings`; anyone in the conversation may
 * change them. The defaults are how Folio always answered.
 */
export interface SpaceSettings {
  /** `thread`: answers are posted for everyone; `private`: only the asker sees the answer (and may share it). */
  visibility: 'thread' | 'private';
  /** Post an answer for everyone only when it cites a document; anything else goes to the asker alone. */
  citedOnly: boolean;
  /** Questions one person may ask here per minute (a window that starts on the minute); null: no limit. */
  questionsPerUserPerMinute: number | null;
}

export const defaultSpaceSettings: SpaceSettings = Object.freeze({ visibility: 'thread', citedOnly: false, questionsPerUserPerMinute: null });

/** The highest question limit; more than this is no limit worth setting. */
export const maxQuestionsPerUserPerMinute = 1000;

/** Where the outcome of a question is shown: in the conversation for everyone, or to the asker alone. */
export type AnswerDelivery = 'thread' | 'private';

/** What each setting must be, in words for the person who set it (the same in chat and in the REST API). */
const problems: Record<keyof SpaceSettings, string> = {
  visibility: 'Visibility must be "thread" (answers in the thread, for everyone) or "private" (only the person who asked sees the answer).',
  citedOnly: 'Cited-only must be on or off (true or false).',
  questionsPerUserPerMinute: `The question limit must be a whole number of questions per person per minute, from 1 to ${maxQuestionsPerUserPerMinute}, or off (null) for no limit.`,
};

const settingsSchema = z.strictObject({
  visibility: z.enum(['thread', 'private'], { error: problems.visibility }),
  citedOnly: z.boolean({ error: problems.citedOnly }),
  questionsPerUserPerMinute: z
    .int({ error: problems.questionsPerUserPerMinute })
    .min(1, { error: problems.questionsPerUserPerMinute })
    .max(maxQuestionsPerUserPerMinute, { error: problems.questionsPerUserPerMinute })
    .nullable(),
});
const patchSchema = settingsSchema.partial();

/**
 * A change to some settings, checked: unknown names and wrong values are refused with a FolioError
 * (input_invalid) whose userMessage says what the setting takes. Accepts anything (a JSON body, the
 * values a chat command read from its words).
 */
export function parseSpaceSettingsPatch(input: unknown): Partial<SpaceSettings> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid('settings patch is not an object', 'Send the settings to change as an object, e.g. {"visibility": "private"}.');
  }
  const parsed = patchSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue.code === 'unrecognized_keys') {
    throw invalid(
      `unknown settings: ${issue.keys.join(', ')}`,
      `There is no setting called "${issue.keys[0]}"; the settings are visibility, citedOnly and questionsPerUserPerMinute.`,
    );
  }
  const name = issue.path[0] as keyof SpaceSettings;
  throw invalid(`invalid setting ${String(name)}: ${issue.message}`, problems[name] ?? issue.message);
}

function invalid(message: string, userMessage: string): FolioError {
  return new FolioError({ code: 'input_invalid', message, userMessage });
}

const keyOf = (space: SpaceId) => `settings:${space}`;

/** The settings of a space: what was stored, defaults for the rest (and for a stored value no longer valid). */
export async function readSpaceSettings(state: StateStore, space: SpaceId): Promise<SpaceSettings> {
  const stored = await state.get<Record<string, unknown>>(keyOf(space));
  const settings = { ...defaultSpaceSettings };
  for (const name of Object.keys(settingsSchema.shape) as Array<keyof SpaceSettings>) {
    const value = settingsSchema.shape[name].safeParse(stored?.[name]);
    if (value.success && stored?.[name] !== undefined) Object.assign(settings, { [name]: value.data });
  }
  return settings;
}

/**
 * The settings of a space for answering: with the state store down, the defaults (logged). Settings
 * only shape who sees an outcome; they guard no documents, so answers go on without them.
 */
export async function settingsForAnswering(state: StateStore, space: SpaceId, log: Logger): Promise<SpaceSettings> {
  return readSpaceSettings(state, space).catch(error => {
    log.warn({ err: error, code: asFolioError(error).code, space }, 'could not read the space settings; using the defaults');
    return defaultSpaceSettings;
  });
}

/** Forgets a space's settings: from now on it has the defaults. */
export async function clearSpaceSettings(state: StateStore, space: SpaceId): Promise<void> {
  await state.delete(keyOf(space));
}

/** Checks and stores a change; resolves with the space's settings after it. */
export async function writeSpaceSettings(state: StateStore, space: SpaceId, patch: Partial<SpaceSettings>): Promise<SpaceSettings> {
  const change = parseSpaceSettingsPatch(patch);
  const settings = { ...(await readSpaceSettings(state, space)), ...change };
  await state.set(keyOf(space), settings);
  return settings;
}

/**
 * How anything shown before a question's outcome is known is delivered: an answer streamed as it is
 * written, a failure. Only a space whose every outcome goes to the thread shows a draft to everyone;
 * with `private` visibility or `citedOnly` (the answer may turn out to cite nothing) the surface waits
 * for the outcome. A person's own chat with Folio is private already, so it always gets the thread.
 */
export function deliveryBeforeOutcome(settings: SpaceSettings, space: SpaceId): AnswerDelivery {
  if (parseConversationSpace(space).place === 'direct') return 'thread';
  return settings.visibility === 'private' || settings.citedOnly ? 'private' : 'thread';
}

/**
 * Where an outcome is delivered: privately when the space's answers are private, when the space posts
 * only cited answers and this one cites nothing (not found, directions, no citation), or when it is
 * `limited` (the asker's question limit); in the thread otherwise, and always in a person's own chat.
 */
export function deliveryOf(outcome: { cited: boolean; limited: boolean }, settings: SpaceSettings, space: SpaceId): AnswerDelivery {
  if (parseConversationSpace(space).place === 'direct') return 'thread';
  if (outcome.limited || settings.visibility === 'private') return 'private';
  return settings.citedOnly && !outcome.cited ? 'private' : 'thread';
}
