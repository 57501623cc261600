import type { RequestHandler } from 'express';
import { checkedQuestion } from '../../../src/index.ts';
import { searchBody } from '../request-bodies.ts';
import { jsonBody, spaceParam } from '../request-input.ts';
import type { WebContext } from '../web-context.ts';
import { searchReply, sendReply } from '../reply-bodies.ts';

/** Characters of each hit's text in the reply: enough to recognise the passage. */
const snippetChars = 300;

/**
 * `POST /v1/spaces/:space/search`: ranked pages and sections for a question, without an answer
 * (what `folio search --json` prints, plus document ids and a snippet per hit).
 */
export function searchSpace(context: WebContext): RequestHandler {
  return async (request, response) => {
    const space = spaceParam(request);
    const body = jsonBody(request, searchBody, '{"question": "refund policy", "k": 10}');
    const question = checkedQuestion(body.question, context.folio.config.ask.maxQuestionChars);
    const k = body.k ?? 10;
    const result = await context.folio.search(await context.folio.readableSpaces(space), question, { k });
    sendReply(response, searchReply, {
      pages: result.pages.slice(0, k).map(page => ({ documentId: page.documentId, document: page.documentName, page: page.page, score: page.score })),
      hits: result.hits.slice(0, k).map(({ unit, score }) => ({
        documentId: unit.documentId,
        document: unit.documentName,
        nodeId: unit.nodeId,
        title: unit.titlePath[unit.titlePath.length - 1] ?? '',
        path: unit.titlePath,
        page: unit.page,
        score,
        snippet: snippet(unit.text),
      })),
    });
  };
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > snippetChars ? `${flat.slice(0, snippetChars - 1)}…` : flat;
}
