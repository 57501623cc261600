import { readFile } from 'node:fs/promises';
import type { IngestConfig } from '../../src/config.ts';
import { readDoclingReference } from './docling-reference.ts';
import { listDayaCorpus, listDoclingCorpus, listPageIndexCorpus, type CorpusDocument } from './fidelity-corpus.ts';
import { isSyntheticPreface, readPageIndexTree } from './pageindex-reference.ts';
import { readForBench, type BenchReadOutcome, type BenchStatus, type DocumentReader } from './read-for-bench.ts';
import { scoreDocling, type DoclingScore } from './score-docling.ts';
import { scorePageIndex, type PageIndexScore } from './score-pageindex.ts';
import { createTempFigureSink, type TempFigureSink } from './temp-figure-sink.ts';

interface ReadFacts {
  name: string;
  status: BenchStatus;
  pages: number | null;
  wallMs: number;
  error?: { code: string; message: string };
}

export interface DoclingDocumentResult extends ReadFacts {
  /** Null when the document could not be read; its reference items still count as missed in totals. */
  score: DoclingScore | null;
  reference: { headings: number; tables: number; pictures: number };
}

export interface PageIndexDocumentResult extends ReadFacts {
  score: PageIndexScore | null;
  /** PageIndex nodes compared, after dropping synthetic "Preface" nodes. */
  referenceNodes: number;
  skippedPrefaces: number;
}

export interface FidelityResults {
  docling?: DoclingDocumentResult[];
  pageIndex?: PageIndexDocumentResult[];
  daya?: PageIndexDocumentResult[];
  /** PDFs left out because their corpus has no reference file for them, by section. */
  skipped: Partial<Record<'docling' | 'pageindex' | 'daya', string[]>>;
}

export interface FidelityDirectories {
  doclingDirectory?: string;
  pageIndexDirectory?: string;
  dayaDirectory?: string;
}

type Dependencies = { reader: DocumentReader; config: IngestConfig; onDocument?: (section: string, name: string) => void };

/** Reads every corpus document with the pipeline and scores its tree against the reference. */
export async function runFidelityBenchmark(directories: FidelityDirectories, dependencies: Dependencies): Promise<FidelityResults> {
  const figureSink = await createTempFigureSink();
  try {
    const results: FidelityResults = { skipped: {} };
    if (directories.doclingDirectory) {
      const corpus = await listDoclingCorpus(directories.doclingDirectory);
      results.skipped.docling = unpaired(corpus);
      results.docling = await scoreEach('docling', corpus, figureSink, dependencies, scoreDoclingDocument);
    }
    if (directories.pageIndexDirectory) {
      const corpus = await listPageIndexCorpus(directories.pageIndexDirectory);
      results.skipped.pageindex = unpaired(corpus);
      results.pageIndex = await scoreEach('pageindex', corpus, figureSink, dependencies, scorePageIndexDocument);
    }
    if (directories.dayaDirectory) {
      const corpus = await listDayaCorpus(directories.dayaDirectory);
      results.skipped.daya = unpaired(corpus);
      results.daya = await scoreEach('daya', corpus, figureSink, dependencies, scorePageIndexDocument);
    }
    return results;
  } finally {
    await figureSink.dispose();
  }
}

function unpaired(corpus: CorpusDocument[]): string[] {
  return corpus.filter(document => document.referencePath === null).map(document => document.name);
}

async function scoreEach<Result>(
  section: string,
  corpus: CorpusDocument[],
  figureSink: TempFigureSink,
  dependencies: Dependencies,
  score: (referenceJson: unknown, outcome: BenchReadOutcome) => Result,
): Promise<Result[]> {
  const results: Result[] = [];
  for (const document of corpus) {
    if (document.referencePath === null) continue;
    dependencies.onDocument?.(section, document.name);
    const referenceJson: unknown = JSON.parse(await readFile(document.referencePath, 'utf8'));
    const outcome = await readForBench(document.pdfPath, { ...dependencies, figureSink });
    results.push(score(referenceJson, outcome));
  }
  return results;
}

function readFacts(outcome: BenchReadOutcome): ReadFacts {
  return {
    name: outcome.name,
    status: outcome.status,
    pages: outcome.result?.parsed.pageCount ?? null,
    wallMs: outcome.wallMs,
    error: outcome.error,
  };
}

function scoreDoclingDocument(referenceJson: unknown, outcome: BenchReadOutcome): DoclingDocumentResult {
  const reference = readDoclingReference(referenceJson);
  return {
    ...readFacts(outcome),
    score: outcome.result ? scoreDocling(reference, outcome.result.tree) : null,
    reference: { headings: reference.headings.length, tables: reference.tables.length, pictures: reference.pictures.length },
  };
}

function scorePageIndexDocument(referenceJson: unknown, outcome: BenchReadOutcome): PageIndexDocumentResult {
  const allNodes = readPageIndexTree(referenceJson);
  const blocks = outcome.result?.parsed.blocks ?? [];
  const pageText = (page: number) =>
    blocks
      .filter(block => block.page === page)
      .map(block => block.text)
      .join(' ');
  const nodes = allNodes.filter(node => !isSyntheticPreface(node, pageText(node.page)));
  return {
    ...readFacts(outcome),
    score: outcome.result ? scorePageIndex(nodes, outcome.result.tree) : null,
    referenceNodes: nodes.length,
    skippedPrefaces: allNodes.length - nodes.length,
  };
}
