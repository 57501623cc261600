import type { Config } from '../config.ts';
import { buildFolio } from '../compose.ts';
import { silentLogger } from '../log.ts';
import { parseSpaceId } from '../spaces/space-id.ts';

/** Deletes one document from a space; its files go too when no other document uses them. */
export async function forgetCommand(config: Config, document: string, options: { space: string; json?: boolean }): Promise<void> {
  const folio = buildFolio(config, { log: silentLogger() });
  try {
    const { record, deletedBlobs } = await folio.forget(parseSpaceId(options.space), document);
    if (options.json) console.log(JSON.stringify({ documentId: record.id, name: record.name, forgotten: true, deletedFiles: deletedBlobs }));
    else console.log(`Forgot ${record.name} [${record.id}] in ${options.space}` + (deletedBlobs ? ` (${deletedBlobs} stored files deleted)` : ''));
  } finally {
    await folio.close();
  }
}
