import { createHash, randomUUID } from 'node:crypto';
import type { DocumentRecord } from '../../src/documents/types.ts';
import { buildUnits } from '../../src/store/build-units.ts';
import type { IndexUnit } from '../../src/store/types.ts';
import type { DocumentTree, TreeNode, TreeNodeKind } from '../../src/documents/document-tree.ts';
import type { SpaceId } from '../../src/spaces/space-id.ts';
import { FakeEmbeddingModel } from '../fakes/fake-embedding-model.ts';

export interface SectionSpec {
  title: string;
  /** Page the section starts on; its text sits on this page unless `pages` says otherwise. */
  page: number;
  text?: string;
  pages?: Array<{ page: number; text: string }>;
  kind?: TreeNodeKind;
  figureSha256?: string;
  children?: SectionSpec[];
}

export interface TestDocument {
  record: DocumentRecord;
  tree: DocumentTree;
  units: IndexUnit[];
}

export const testEmbedding = new FakeEmbeddingModel(64);

/** A unique space per test, so suites can share one store (and one Weaviate server) without clashes. */
export function testSpace(label: string): SpaceId {
  return `web:contract-${randomUUID().slice(0, 8)}-${label}` as SpaceId;
}

/** A committed-shape document built the way ingestion builds one (ids from space + sha256). */
export function makeDocument(
  space: SpaceId,
  name: string,
  sections: SectionSpec[],
  options: { sha256?: string; withVectors?: boolean; createdAt?: string } = {},
): TestDocument {
  const sha256 =
    options.sha256 ??
    createHash('sha256')
      .update(`${name}\n${JSON.stringify(sections)}`)
      .digest('hex');
  const id = createHash('sha256').update(`${space}\n${sha256}`).digest('hex').slice(0, 16);
  let counter = 0;
  const toNode = (section: SectionSpec, level: number): TreeNode => {
    counter += 1;
    const nodeId = String(counter).padStart(4, '0');
    const pageTexts = section.pages ?? (section.text ? [{ page: section.page, text: section.text }] : []);
    const children = (section.children ?? []).map(child => toNode(child, level + 1));
    const pageEnd = Math.max(section.page, ...pageTexts.map(pageText => pageText.page), ...children.map(child => child.pageEnd));
    return {
      nodeId,
      title: section.title,
      kind: section.kind ?? 'section',
      level,
      pageStart: section.page,
      pageEnd,
      text: pageTexts.map(pageText => pageText.text).join('\n\n'),
      pageTexts,
      ...(section.figureSha256 ? { figure: { sha256: section.figureSha256, widthPx: 10, heightPx: 10, source: 'raster' as const } } : {}),
      children,
    };
  };
  const nodes = sections.map(section => toNode(section, 0));
  const totalPages = Math.max(1, ...nodes.map(node => node.pageEnd));
  const timestamp = options.createdAt ?? new Date().toISOString();
  const record: DocumentRecord = {
    id,
    space,
    name,
    mime: 'application/pdf',
    sha256,
    sizeBytes: 1000,
    pageCount: totalPages,
    status: 'ready',
    source: { platform: 'cli' },
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  const tree: DocumentTree = { documentId: id, totalPages, nodes };
  const units = buildUnits(tree, record).map(unit =>
    options.withVectors ? { ...unit, vector: testEmbedding.embedOne(`${unit.titlePath.join(' ')} ${unit.text}`) } : unit,
  );
  return { record, tree, units };
}

/** A short report whose sections each say something distinctive, on known pages. */
export function warehouseReport(space: SpaceId, options: { name?: string; variant?: string; withVectors?: boolean } = {}): TestDocument {
  const variant = options.variant ?? 'first edition';
  return makeDocument(
    space,
    options.name ?? 'warehouse-report.pdf',
    [
      {
        title: 'Quarterly Operations Report',
        page: 1,
        text: `This ${variant} reviews operations across the northern depots.`,
        children: [
          {
            title: 'Staffing',
            page: 2,
            text: 'Staff numbers were stable. Managers mentioned throughput once while discussing shift rotas, overtime, holidays and training.',
          },
          { title: 'Warehouse throughput', page: 3, text: 'Pallets handled per hour rose by twelve percent over the quarter.' },
          { title: 'Café and canteen', page: 4, text: 'The depot café now serves a résumé of local dishes every Friday.' },
        ],
      },
    ],
    { withVectors: options.withVectors },
  );
}

/**
 * A five-page report for page records: a section over two pages, a captioned figure and table, PDF page
 * labels and printed page numbers. `variant` words appear on page 1 only.
 */
export function harbourReport(space: SpaceId, options: { name?: string; variant?: string; withVectors?: boolean } = {}): TestDocument {
  const variant = options.variant ?? 'first edition';
  const document = makeDocument(
    space,
    options.name ?? 'harbour-report.pdf',
    [
      {
        title: 'Annual Report',
        page: 1,
        text: `This ${variant} of the annual report reviews the harbour authority.`,
        children: [
          {
            title: 'Cargo volumes',
            page: 2,
            pages: [
              { page: 2, text: 'Container cargo volumes grew again. Container cargo reached record levels at the eastern berths.' },
              { page: 3, text: 'Bulk cargo fell while container traffic held steady.' },
            ],
          },
          { title: 'Figure 1: Berth map', page: 4, kind: 'figure', text: 'A map of the eastern and western berths.' },
          { title: 'Table 2: Dredging costs', page: 5, kind: 'table', text: '| Year | Dredging cost |\n| --- | --- |\n| 2023 | 4.2 |' },
        ],
      },
    ],
    { withVectors: options.withVectors },
  );
  return { ...document, tree: { ...document.tree, pageLabels: ['i', 'ii', '1', '2', '3'], printedPageNumbers: [[], [], [1], [2], [3]] } };
}
