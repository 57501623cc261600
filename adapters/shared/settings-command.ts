import { parseSpaceSettingsPatch, type Folio, type SpaceId, type SpaceSettings } from '../../src/index.ts';

/** What `settings …` found or did; each adapter puts it in its own words and markup. */
export type SettingsCommandResult =
  /** Just `settings`: the space's settings now. */
  | { kind: 'current'; settings: SpaceSettings }
  /** A setting was changed; `settings` are all of them after the change. */
  | { kind: 'changed'; changed: keyof SpaceSettings; settings: SpaceSettings }
  /** A word that names no setting (`settings colour blue`); the adapter shows how to use the command. */
  | { kind: 'unknown'; word: string };

/** The words people type for each setting and its values; the core checks the values. */
const settingNames: Record<string, keyof SpaceSettings> = {
  visibility: 'visibility',
  'cited-only': 'citedOnly',
  citedonly: 'citedOnly',
  rate: 'questionsPerUserPerMinute',
  'rate-limit': 'questionsPerUserPerMinute',
};
const switchWords: Record<string, boolean> = { on: true, yes: true, true: true, off: false, no: false, false: false };
const noLimitWords = new Set(['off', 'none', 'no', 'unlimited']);

/**
 * `settings` | `settings visibility thread|private` | `settings cited-only on|off` | `settings rate N|off`
 * (Slack's `/folio settings …`, Teams' `settings …`). A value the core refuses throws its FolioError,
 * whose message says what the setting takes. `changedBy` (the platform user id) is logged by the core.
 */
export async function runSettingsCommand(app: Folio, space: SpaceId, argument: string, changedBy: string): Promise<SettingsCommandResult> {
  const [word = '', ...rest] = argument.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!word) return { kind: 'current', settings: await app.getSettings(space) };
  const name = settingNames[word];
  if (!name) return { kind: 'unknown', word };
  const raw = rest.join(' ');
  const value =
    name === 'visibility'
      ? raw === 'public'
        ? 'thread'
        : raw
      : name === 'citedOnly'
        ? (switchWords[raw] ?? raw)
        : noLimitWords.has(raw)
          ? null
          : /^\d+$/.test(raw)
            ? Number(raw)
            : raw;
  const patch = parseSpaceSettingsPatch({ [name]: value });
  return { kind: 'changed', changed: name, settings: await app.setSettings(space, patch, { changedBy }) };
}
