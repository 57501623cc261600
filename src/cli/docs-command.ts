import { createFolio, pageCountLabel, parseSpaceId, silentLogger, type Config } from '../index.ts';

export async function docsCommand(config: Config, options: { space: string; json?: boolean }): Promise<void> {
  const folio = createFolio(config, { log: silentLogger() });
  const records = await folio.listDocuments(parseSpaceId(options.space)).finally(() => folio.close());
  if (options.json) {
    for (const record of records) console.log(JSON.stringify(record));
    return;
  }
  if (records.length === 0) console.log(`No documents in ${options.space} yet. Add some with: folio ingest <files...> --space ${options.space}`);
  for (const record of records) {
    const detail =
      record.status === 'failed' ? `failed: ${record.error?.message}` : `${record.status}, ${pageCountLabel(record.pageCount, record.stats?.slides)}`;
    console.log(`${record.id}  ${record.name}  (${detail})`);
  }
}
