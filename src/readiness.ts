import type { KnowledgeStore } from './store/types.ts';
import type { Models } from './models/types.ts';
import type { JobQueue } from './queue/types.ts';
import type { SpaceId } from './spaces/space-id.ts';
import type { StateStore } from './state/types.ts';

export type Readiness = Record<string, { ok: boolean; detail: string }>;

/** Every backend Folio needs, checked now (for /readyz): a failing one is reported, never thrown. */
export async function checkReadiness(parts: { store: KnowledgeStore; queue: () => JobQueue; state: StateStore; models: Models }): Promise<Readiness> {
  const check = async (name: string, probe: () => Promise<string>) => {
    try {
      return [name, { ok: true, detail: await probe() }] as const;
    } catch (error) {
      return [name, { ok: false, detail: error instanceof Error ? error.message : String(error) }] as const;
    }
  };
  const results = await Promise.all([
    check('store', async () => {
      await parts.store.listDocuments('web:__readyz__' as SpaceId);
      return parts.store.kind;
    }),
    check('queue', async () => {
      await parts.queue().ping();
      return parts.queue().kind;
    }),
    check('state', async () => {
      await parts.state.get('readyz');
      return parts.state.kind;
    }),
    check('models', async () => parts.models.language?.id ?? 'offline'),
  ]);
  return Object.fromEntries(results);
}
