import { generateUuid5, type Collection, type DataObject } from 'weaviate-client';
import type { DocumentTree } from '../../documents/document-tree.ts';
import type { SpaceId } from '../../spaces/space-id.ts';
import { pageRecords, termPairs } from '../page-records.ts';
import { treePages } from '../tree-pages.ts';
import type { IndexUnit, PageRecord } from '../types.ts';
import { indexedTerms } from '../../text/unit-words.ts';
import { stampOf, type DocumentProperties } from './serialize.ts';

/** Properties of a FolioPage object (schema.ts: pageProperties). */
export type PageProperties = {
  documentId: string;
  version: string;
  spaceId: string;
  documentName: string;
  page: number;
  createdAtMs: number;
  /** PageRecord.terms joined by spaces. */
  terms: string;
  /** Adjacent term pairs, each joined by '_', space-separated. */
  pairs: string;
  printedNumbers: number[];
  /** Absent when the page has no PDF label (Weaviate keeps '' and absent apart). */
  label?: string;
  captions: string[];
  unitJson: string;
  /** The tree's page (TreePage) as JSON. */
  treePageJson?: string;
};

/** One space's tenant of FolioPage. */
export type Pages = Collection<PageProperties, string, undefined>;

/** The document-object fields that describe a version's pages; written with activeVersion. */
export type DocumentPageProperties = Required<
  Pick<
    DocumentProperties,
    'pageCount' | 'pageLength' | 'pageTerms' | 'pageTermPages' | 'pagesVersion' | 'unitCount' | 'unitLength' | 'unitTerms' | 'unitTermUnits' | 'versionStamp'
  >
>;

/** What a PageRecord needs back, without its terms (getPages with `terms: false`). */
export const pageReturnPropertiesWithoutTerms: Array<keyof PageProperties> = [
  'documentId',
  'spaceId',
  'documentName',
  'page',
  'printedNumbers',
  'label',
  'captions',
  'unitJson',
];
export const pageReturnProperties: Array<keyof PageProperties> = [...pageReturnPropertiesWithoutTerms, 'terms'];

/**
 * A document version's page objects (built by pageRecords, like the SQLite store's) and the page
 * statistics its document object carries: among them its distinct terms and, in the same order, how
 * many of its pages hold each (what the SQLite store's page_terms table keeps per space), and the same
 * of its units as the SQLite store's FTS5 table counts them (unitStatistics). A page's
 * uuid is derived from version, document and page, so writing the same version's pages again (a
 * retried commit) replaces them instead of adding copies.
 */
export function pageObjects(
  units: IndexUnit[],
  tree: Pick<DocumentTree, 'pageLabels' | 'printedPageNumbers'> & Partial<DocumentTree>,
  version: string,
  createdAtMs: number,
  language?: string,
): { objects: Array<DataObject<PageProperties>>; document: DocumentPageProperties } {
  const records = pageRecords(units, tree, language);
  // A page without a record has no text, so it has nothing an answer could read either.
  const treePageJson = new Map(tree.nodes && tree.totalPages ? treePages(tree as DocumentTree).map(page => [page.page, JSON.stringify(page)]) : []);
  const pagesHolding = new Map<string, number>();
  let length = 0;
  const objects = records.map(record => {
    for (const term of new Set(record.terms)) pagesHolding.set(term, (pagesHolding.get(term) ?? 0) + 1);
    length += record.terms.length;
    return {
      id: generateUuid5(`${version}:${record.documentId}:${record.page}`),
      properties: {
        documentId: record.documentId,
        version,
        spaceId: record.space,
        documentName: record.documentName,
        page: record.page,
        createdAtMs,
        terms: record.terms.join(' '),
        pairs: termPairs(record.terms).map(pairToken).join(' '),
        printedNumbers: record.printedNumbers,
        ...(record.label !== undefined ? { label: record.label } : {}),
        captions: record.captions,
        unitJson: JSON.stringify(record.unit),
        ...(treePageJson.has(record.page) ? { treePageJson: treePageJson.get(record.page) } : {}),
      },
    };
  });
  return {
    objects,
    document: {
      pageCount: records.length,
      pageLength: length,
      pageTerms: [...pagesHolding.keys()].join(' '),
      pageTermPages: [...pagesHolding.values()].join(' '),
      pagesVersion: version,
      ...unitStatistics(units),
      versionStamp: versionStamp(version),
    },
  };
}

/** A version's units counted as FTS5 indexes them: each unit once per distinct term of its title path and text. */
export function unitStatistics(units: IndexUnit[]): Pick<DocumentPageProperties, 'unitCount' | 'unitLength' | 'unitTerms' | 'unitTermUnits'> {
  const unitsHolding = new Map<string, number>();
  let length = 0;
  for (const unit of units) {
    const terms = [...indexedTerms(unit.titlePath.join('\n')), ...indexedTerms(unit.text)];
    length += terms.length;
    for (const term of new Set(terms)) unitsHolding.set(term, (unitsHolding.get(term) ?? 0) + 1);
  }
  return { unitCount: units.length, unitLength: length, unitTerms: [...unitsHolding.keys()].join(' '), unitTermUnits: [...unitsHolding.values()].join(' ') };
}

/** The version's stamp: its tenant's sum changes with every commit and deletion (page-scope.ts). */
export function versionStamp(version: string): number {
  return stampOf(version);
}

/** A pair as the `pairs` property holds it: "annual report" → "annual_report" (terms never contain '_'). */
export function pairToken(pair: string): string {
  return pair.replace(' ', '_');
}

export function pageFromProperties(properties: Partial<PageProperties>): PageRecord {
  const unit = JSON.parse(String(properties.unitJson)) as IndexUnit;
  return {
    space: String(properties.spaceId) as SpaceId,
    documentId: String(properties.documentId),
    documentName: String(properties.documentName ?? unit.documentName),
    page: Number(properties.page),
    terms: properties.terms ? properties.terms.split(' ') : [],
    // Weaviate returns an absent (not empty) array for a stored [].
    printedNumbers: (properties.printedNumbers ?? []).map(Number),
    ...(typeof properties.label === 'string' ? { label: properties.label } : {}),
    captions: properties.captions ?? [],
    unit,
  };
}
