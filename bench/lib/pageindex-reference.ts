import { decodeHtmlEntities } from './normalize-title.ts';
import type { PageNumber } from '../../src/documents/document-tree.ts';

/** One node of a PageIndex tree, flattened in document order. */
export interface PageIndexNode {
  title: string;
  /** 1-based physical page where the node starts. */
  page: PageNumber;
  /** 0 = top level. */
  depth: number;
}

/**
 * Reads a PageIndex tree in any of the shapes found in the wild: PageIndex's own results
 * (`{ doc_name, structure: [...] }` with `start_index`/`end_index`), DAYA's copies (a bare array with
 * `page_index`), or `{ nodes: [...] }`. Children are under `nodes`. Every page field is a 1-based
 * physical page (checked against the PDFs' text); `physical_index` may be a "<physical_index_7>" tag.
 * Nodes without a resolvable page are skipped.
 */
export function readPageIndexTree(json: unknown): PageIndexNode[] {
  const nodes: PageIndexNode[] = [];
  const visit = (items: unknown, depth: number) => {
    if (!Array.isArray(items)) return;
    for (const item of items) {
      if (typeof item !== 'object' || item === null) continue;
      const node = item as Record<string, unknown>;
      const page = pageOf(node);
      if (typeof node.title === 'string' && page !== null) {
        nodes.push({ title: decodeHtmlEntities(node.title).trim(), page, depth });
      }
      visit(node.nodes, depth + 1);
    }
  };
  visit(topLevelNodes(json), 0);
  return nodes;
}

function topLevelNodes(json: unknown): unknown {
  if (Array.isArray(json)) return json;
  if (typeof json !== 'object' || json === null) return [];
  const wrapper = json as Record<string, unknown>;
  return wrapper.structure ?? wrapper.nodes ?? wrapper.tree ?? wrapper.result ?? [];
}

function pageOf(node: Record<string, unknown>): PageNumber | null {
  for (const key of ['start_index', 'page_index', 'physical_index']) {
    const value = node[key];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
    if (typeof value === 'string') {
      const digits = /(\d+)/.exec(value);
      if (digits) return Number(digits[1]);
    }
  }
  return null;
}

/**
 * PageIndex names the stretch before the first heading "Preface" whether or not the document has one.
 * Such a node is not a heading to find, so it is left out unless the word is printed on its page.
 */
export function isSyntheticPreface(node: PageIndexNode, pageText: string): boolean {
  return node.depth === 0 && node.title.toLowerCase() === 'preface' && !/\bpreface\b/i.test(pageText);
}
