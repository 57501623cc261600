import type { KnowledgeStore } from '../../store/types.ts';
import type { SpaceId } from '../../spaces/space-id.ts';

/** The space's ready documents by file name → id: how an evaluation set's `doc` names them. */
export async function readyDocumentIds(store: KnowledgeStore, space: SpaceId): Promise<Map<string, string>> {
  return new Map((await store.listDocuments(space)).filter(record => record.status === 'ready').map(record => [record.name, record.id]));
}
