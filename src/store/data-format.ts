import { FolioError } from '../errors.ts';

/**
 * Each store keeps one data format (sqlite/schema.ts, weaviate/schema.ts) and reads only that: data an
 * older Folio wrote is refused at start with these errors instead of being upgraded piecemeal, and
 * `folio reindex` (reindex.ts) rebuilds it from the stored originals.
 */
export function dataFormatOutdated(where: string, found: number, wanted: number): FolioError {
  const written = found === 0 ? 'data from before data formats were numbered' : `data format ${found}`;
  return new FolioError({
    code: 'data_format_outdated',
    message: `${where} holds ${written}; this Folio reads data format ${wanted}. Run \`folio reindex\` (same configuration) to rebuild every space from the stored originals: documents keep their ids, names and spaces, nothing is lost if it is interrupted, and running it again continues.`,
    userMessage: 'Folio was upgraded and its search index needs rebuilding: an administrator needs to run `folio reindex`.',
  });
}

export function dataFormatTooNew(where: string, found: number, wanted: number): FolioError {
  return new FolioError({
    code: 'config_invalid',
    message: `${where} holds data format ${found}, newer than this Folio (format ${wanted}); upgrade Folio.`,
    userMessage: 'Folio is older than its data: an administrator needs to upgrade it.',
  });
}
