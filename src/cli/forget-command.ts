import { createFolio, parseSpaceId, silentLogger, type Config } from '../index.ts';

/** Deletes one document from a space; its files go too when no other document uses them. */
export async function forgetCommand(config: Config, document: string, options: { space: string; json?: boolean }): Promise<void> {
  const folio = createFolio(config, { log: silentLogger() });
  try {
    const { record, deletedBlobs } = await folio.forget(parseSpaceId(options.space), document);
    if (options.json) console.log(JSON.stringify({ documentId: record.id, name: record.name, forgotten: true, deletedFiles: deletedBlobs }));
    else console.log(`Forgot ${record.name} [${record.id}] in ${options.space}${deletedBlobs ? ` (${deletedBlobs} stored files deleted)` : ''}`);
  } finally {
    await folio.close();
  }
}
