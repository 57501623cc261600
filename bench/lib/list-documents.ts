import { readdir, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';

/** What the pipeline accepts: PDFs and the office formats LibreOffice converts (docs/ingestion.md). */
export const supportedExtensions = new Set(['.pdf', '.pptx', '.ppt', '.docx', '.doc', '.odt', '.odp', '.xlsx', '.rtf']);

export interface DocumentFile {
  path: string;
  bytes: number;
}

/**
 * Expands the command line's paths: a directory contributes its supported files (not recursive),
 * sorted by name; a file is taken as given, whatever its extension, so odd inputs can be tested too.
 */
export async function listDocuments(paths: string[]): Promise<DocumentFile[]> {
  const documents: DocumentFile[] = [];
  for (const path of paths.map(item => resolve(item))) {
    const info = await stat(path);
    if (!info.isDirectory()) {
      documents.push({ path, bytes: info.size });
      continue;
    }
    const names = (await readdir(path)).filter(name => supportedExtensions.has(extname(name).toLowerCase())).sort();
    for (const name of names) {
      const filePath = join(path, name);
      const fileInfo = await stat(filePath);
      if (fileInfo.isFile()) documents.push({ path: filePath, bytes: fileInfo.size });
    }
  }
  return documents;
}
