import {
  allPageNames,
  createFolio,
  namePageRange,
  pageCountLabel,
  pageNamesOf,
  parseSpaceId,
  silentLogger,
  type Config,
  type DocumentRecord,
  type DocumentTree,
  type PageNames,
  type TreeNode,
} from '../index.ts';

export async function treeCommand(config: Config, document: string, options: { space: string; json?: boolean }): Promise<void> {
  const { record, tree } = await readTree(config, document, options.space);
  if (!tree) {
    const state = record.status === 'failed' ? `failed: ${record.error?.message}` : `is ${record.status}`;
    console.error(`${record.name} has no tree: it ${state}`);
    process.exitCode = 1;
    return;
  }
  const names = pageNamesOf(record.mime, tree);
  if (options.json) {
    console.log(
      JSON.stringify({
        documentId: record.id,
        name: record.name,
        totalPages: tree.totalPages,
        ...(tree.pageLabels ? { pageLabels: tree.pageLabels } : {}),
        pageNames: allPageNames(names, tree.totalPages),
        nodes: tree.nodes.map(node => toJson(node, names)),
      }),
    );
    return;
  }
  console.log(`${record.name} [${record.id}], ${pageCountLabel(tree.totalPages, record.stats?.slides)}`);
  const print = (nodes: TreeNode[], depth: number) => {
    for (const node of nodes) {
      const pages = namePageRange(names, node.pageStart, node.pageEnd);
      const marker = node.kind === 'section' ? '' : `[${node.kind}] `;
      console.log(`${node.nodeId} ${'  '.repeat(depth)}${marker}${node.title}  (${pages})`);
      print(node.children, depth + 1);
    }
  };
  print(tree.nodes, 0);
}

async function readTree(config: Config, idOrName: string, spaceName: string): Promise<{ record: DocumentRecord; tree: DocumentTree | null }> {
  const space = parseSpaceId(spaceName);
  const folio = createFolio(config, { log: silentLogger() });
  try {
    const record = await folio.findDocument(space, idOrName);
    return { record, tree: await folio.getTree(space, record.id) };
  } finally {
    await folio.close();
  }
}

interface TreeNodeJson {
  nodeId: string;
  title: string;
  kind: TreeNode['kind'];
  level: number;
  pageStart: number;
  pageEnd: number;
  /** The node's pages as a person names them: "slide 4", "pp. iv–vi". */
  pagesLabel: string;
  text: string;
  figure?: TreeNode['figure'];
  children: TreeNodeJson[];
}

function toJson(node: TreeNode, names: PageNames): TreeNodeJson {
  return {
    nodeId: node.nodeId,
    title: node.title,
    kind: node.kind,
    level: node.level,
    pageStart: node.pageStart,
    pageEnd: node.pageEnd,
    pagesLabel: namePageRange(names, node.pageStart, node.pageEnd),
    text: node.text,
    ...(node.figure ? { figure: node.figure } : {}),
    children: node.children.map(child => toJson(child, names)),
  };
}
