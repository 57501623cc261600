import type { Context } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { FolioError } from '../../src/index.ts';
import type { SlackHandlerDependencies } from './slack-dependencies.ts';

/**
 * A file deleted in Slack leaves every space it was shared into (unless another shared copy of the
 * same bytes is still there). `file_deleted` says so directly; `file_change` only says something
 * changed, so files.info decides (a deleted file answers `file_deleted` / `file_not_found`, or comes
 * back as a tombstone).
 */
export function onFileDeleted(dependencies: SlackHandlerDependencies) {
  return async ({ event }: { event: { file_id?: string } }): Promise<void> => {
    const fileId = event.file_id;
    if (!fileId) return;
    dependencies.tasks.run('slack file deleted', () => forgetFile(dependencies, fileId));
  };
}

export function onFileChange(dependencies: SlackHandlerDependencies) {
  return async ({ event, client }: { event: { file_id?: string }; client: WebClient; context: Context }): Promise<void> => {
    const fileId = event.file_id;
    if (!fileId || !(await dependencies.fileRecords.knows(fileId))) return;
    dependencies.tasks.run('slack file change', async () => {
      if (await stillExists(client, fileId)) return;
      await forgetFile(dependencies, fileId);
    });
  };
}

async function stillExists(client: WebClient, fileId: string): Promise<boolean> {
  try {
    const response = await client.files.info({ file: fileId });
    return (response.file as { mode?: string } | undefined)?.mode !== 'tombstone';
  } catch (error) {
    const code = (error as { data?: { error?: string } }).data?.error;
    if (code === 'file_deleted' || code === 'file_not_found') return false;
    throw error;
  }
}

async function forgetFile(dependencies: SlackHandlerDependencies, fileId: string): Promise<void> {
  for (const record of await dependencies.fileRecords.release(fileId)) {
    try {
      const outcome = await dependencies.app.forget(record.space, record.documentId);
      dependencies.log.info(
        { fileId, space: record.space, documentId: record.documentId, name: outcome.record.name },
        'a file deleted in Slack left its space',
      );
    } catch (error) {
      if (error instanceof FolioError && error.code === 'document_not_found') continue; // already forgotten (/folio forget)
      throw error;
    }
  }
}
