import type { RequestHandler } from 'express';
import { allPageNames, namePageRange, pageNamesOf, type PageNames, type TreeNode } from '../../../src/index.ts';
import { spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';
import { documentWithTreeReply, sendReply, type TreeNodeView } from '../reply-bodies.ts';

/**
 * `GET /v1/spaces/:space/documents/:id` (id or name): the record and its heading tree (null until
 * the document is ready). `?outline=1` leaves out node text: titles, kinds and page ranges only, which
 * is what a table of contents needs and stays small for long documents. `tree.pageNames` names every
 * physical page for a person ("slide 4" for the third page of a deck whose slide 3 is hidden).
 */
export function getDocument(context: WebContext): RequestHandler {
  return async (request, response) => {
    const outline = request.query.outline === '1' || request.query.outline === 'true';
    const space = spaceParam(request);
    const record = await context.folio.findDocument(space, String(request.params.id));
    const tree = await context.folio.getTree(space, record.id);
    const names = pageNamesOf(record.mime, tree ?? undefined);
    sendReply(response, documentWithTreeReply, {
      document: record,
      tree: tree && {
        ...tree,
        pageNames: allPageNames(names, tree.totalPages),
        nodes: tree.nodes.map(node => nodeView(node, names, outline)),
      },
    });
  };
}

function nodeView(node: TreeNode, names: PageNames, outline: boolean): TreeNodeView {
  const { pageTexts: _pageTexts, children, text, ...rest } = node;
  return {
    ...rest,
    text: outline ? '' : text,
    pagesLabel: namePageRange(names, node.pageStart, node.pageEnd),
    children: children.map(child => nodeView(child, names, outline)),
  };
}
