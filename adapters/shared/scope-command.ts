import { teamSpaceOf, type Folio, type SpaceId } from '../../src/index.ts';

/** What `scope …` found or did; each adapter puts it in its own words (Slack "workspace", Teams "organisation"). */
export type ScopeCommandResult =
  /** The space has no team-wide space to opt into (a team space itself, or a web space). */
  | { kind: 'no-team-space' }
  /** `scope team` / `scope channel` set it; `includeTeam` is the new setting. */
  | { kind: 'changed'; includeTeam: boolean }
  /** Just `scope` (or a word it does not know): the current setting. */
  | { kind: 'current'; includeTeam: boolean };

/** Words for "only this conversation": Slack says channel; in a chat, people say chat or conversation. */
const conversationWords = new Set(['channel', 'chat', 'conversation']);

/**
 * `scope team | channel`: whether questions asked in `space` also read its team-wide space
 * (`slack:<team>:*`, `teams:<tenant>:*`), through app.setScope; anything else reports the setting.
 */
export async function runScopeCommand(app: Folio, space: SpaceId, argument: string): Promise<ScopeCommandResult> {
  if (!teamSpaceOf(space)) return { kind: 'no-team-space' };
  const choice = argument.trim().toLowerCase();
  if (choice === 'team' || conversationWords.has(choice)) {
    const includeTeam = choice === 'team';
    await app.setScope(space, { includeTeam });
    return { kind: 'changed', includeTeam };
  }
  const { includeTeam } = await app.getScope(space);
  return { kind: 'current', includeTeam };
}
