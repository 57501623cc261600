import { access, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** One document of a reference corpus: the PDF and the file describing its expected structure. */
export interface CorpusDocument {
  name: string;
  pdfPath: string;
  /** Null when the corpus has no reference for this PDF (it is reported as skipped). */
  referencePath: string | null;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function pairPdfs(pdfDirectory: string, referencePathFor: (name: string) => string): Promise<CorpusDocument[]> {
  const pdfNames = (await readdir(pdfDirectory)).filter(name => name.toLowerCase().endsWith('.pdf')).sort();
  const documents: CorpusDocument[] = [];
  for (const pdfName of pdfNames) {
    const name = basename(pdfName, '.pdf');
    const referencePath = referencePathFor(name);
    documents.push({ name, pdfPath: join(pdfDirectory, pdfName), referencePath: (await exists(referencePath)) ? referencePath : null });
  }
  return documents;
}

/** Docling's test set: docs/<name>.pdf with groundtruth/<name>.json (a DoclingDocument). */
export function listDoclingCorpus(directory: string): Promise<CorpusDocument[]> {
  return pairPdfs(join(directory, 'docs'), name => join(directory, 'groundtruth', `${name}.json`));
}

/** PageIndex's examples: docs/<name>.pdf with trees/<name>_structure.json. */
export function listPageIndexCorpus(directory: string): Promise<CorpusDocument[]> {
  return pairPdfs(join(directory, 'docs'), name => join(directory, 'trees', `${name}_structure.json`));
}

/** DAYA's benchmark: <name>.pdf beside <name>.PageIndex_tree.json (a tree without its PDF is not listed). */
export function listDayaCorpus(directory: string): Promise<CorpusDocument[]> {
  return pairPdfs(directory, name => join(directory, `${name}.PageIndex_tree.json`));
}

export { exists as pathExists };
