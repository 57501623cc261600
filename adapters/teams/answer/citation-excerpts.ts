import type { Answer, Citation, Folio, Logger, TreeNode } from '../../../src/index.ts';

/**
 * For each cited source, the sentence of the cited passage that shares the most words with the answer's
 * sentences citing it (the passage's first sentence when none does): what Teams shows as the citation's
 * abstract, so the asker can check the claim against the document's own words. The passage is the cited
 * node's text on the cited pages, read from the document's tree; a document whose tree cannot be read
 * (being re-read, deleted meanwhile) simply gets no excerpt. Keyed by the answer's citation number.
 */
export async function citationExcerpts(app: Folio, answer: Answer, log: Logger): Promise<Map<number, string>> {
  const excerpts = new Map<number, string>();
  const byDocument = new Map<string, Citation[]>();
  for (const citation of answer.citations) {
    const key = `${citation.space}\u0000${citation.documentId}`;
    byDocument.set(key, [...(byDocument.get(key) ?? []), citation]);
  }
  for (const citations of byDocument.values()) {
    const { space, documentId } = citations[0];
    const tree = await app.getTree(space, documentId).catch(error => {
      log.info({ documentId, message: error instanceof Error ? error.message : String(error) }, 'no tree for a Teams citation excerpt');
      return null;
    });
    if (!tree) continue;
    for (const citation of citations) {
      const node = findNode(tree.nodes, citation.nodeId);
      if (!node) continue;
      const onPages = node.pageTexts.filter(entry => citation.pages.includes(entry.page)).map(entry => entry.text);
      const excerpt = bestSentence(onPages.length > 0 ? onPages.join('\n') : node.text, citingSentences(answer.answer, citation.n));
      if (excerpt) excerpts.set(citation.n, excerpt);
    }
  }
  return excerpts;
}

function findNode(nodes: TreeNode[], nodeId: string): TreeNode | undefined {
  for (const node of nodes) {
    if (node.nodeId === nodeId) return node;
    const found = findNode(node.children, nodeId);
    if (found) return found;
  }
  return undefined;
}

/** The answer's sentences (and list items) that carry the marker [n]. */
function citingSentences(answer: string, n: number): string {
  return splitSentences(answer)
    .filter(sentence => sentence.includes(`[${n}]`))
    .join(' ');
}

function bestSentence(passage: string, claim: string): string | undefined {
  const sentences = splitSentences(passage).map(sentence => sentence.replace(/\s+/g, ' ').trim()).filter(sentence => /[\p{L}\p{N}]/u.test(sentence));
  if (sentences.length === 0) return undefined;
  const claimWords = new Set(words(claim));
  let best = sentences[0];
  let bestScore = 0;
  for (const sentence of sentences) {
    const score = new Set(words(sentence).filter(word => claimWords.has(word))).size;
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return best;
}

function splitSentences(text: string): string[] {
  return text.split(/(?<=[.!?。！？])\s+|\n+/u);
}

/** Lower-cased words of three letters or more, and numbers (the words a claim and its source share). */
function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(word => word.length > 2 || /\d/u.test(word));
}
