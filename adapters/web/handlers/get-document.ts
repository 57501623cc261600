import type { RequestHandler } from 'express';
import type { TreeNode } from '../../../src/index.ts';
import { spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';

/** A tree node as the API shows it: `pageTexts` is left out (it repeats `text` split by page). */
export type TreeNodeView = Omit<TreeNode, 'pageTexts' | 'children'> & { children: TreeNodeView[] };

/**
 * `GET /v1/spaces/:space/documents/:id` (id or name): the record and its heading tree (null until
 * the document is ready). `?outline=1` leaves out node text: titles, kinds and page ranges only, which
 * is what a table of contents needs and stays small for long documents.
 */
export function getDocument(context: WebContext): RequestHandler {
  return async (request, response) => {
    const outline = request.query.outline === '1' || request.query.outline === 'true';
    const space = spaceParam(request);
    const record = await context.folio.findDocument(space, String(request.params.id));
    const tree = await context.folio.getTree(space, record.id);
    response.json({ document: record, tree: tree && { ...tree, nodes: tree.nodes.map(node => nodeView(node, outline)) } });
  };
}

function nodeView(node: TreeNode, outline: boolean): TreeNodeView {
  const { pageTexts: _pageTexts, children, text, ...rest } = node;
  return { ...rest, text: outline ? '' : text, children: children.map(child => nodeView(child, outline)) };
}
