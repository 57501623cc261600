import { FolioError } from '../errors.ts';
import type { SpaceId } from '../spaces/space-id.ts';

export function documentNotFound(space: SpaceId, idOrName: string): FolioError {
  return new FolioError({
    code: 'document_not_found',
    message: `no document ${idOrName} in ${space}`,
    userMessage: `There is no document called "${idOrName}" in this space. List the documents to see their names.`,
  });
}
