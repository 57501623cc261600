// Answers are Markdown written by a model (or quoted from documents): they must never become HTML
// of their own. Everything is escaped first; only then is a small set of formatting turned into tags
// this file writes itself (paragraphs, lists, headings, bold, italics, code, citation markers).

export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, character => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]);
}

/**
 * Markdown → safe HTML. `citationNumbers` (a Set) turns matching [n] markers into buttons with
 * `data-citation="n"`; other bracketed numbers stay text.
 */
export function renderMarkdown(source, citationNumbers = new Set()) {
  const html = [];
  let paragraph = [];
  let list = null; // { tag, items }
  let table = [];
  const inline = text => inlineMarkdown(text, citationNumbers);
  const flushParagraph = () => {
    if (paragraph.length > 0) html.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list) html.push(`<${list.tag}>${list.items.map(item => `<li>${inline(item)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  const flushTable = () => {
    // Tables stay as the Markdown grid the documents gave: aligned text is readable enough.
    if (table.length > 0) html.push(`<pre>${table.join('\n')}</pre>`);
    table = [];
  };
  const flushAll = () => {
    flushParagraph();
    flushList();
    flushTable();
  };

  for (const line of escapeHtml(source).split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) {
      flushAll();
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(trimmed);
    const item = /^([-*+•]|\d+[.)])\s+(.*)$/.exec(trimmed);
    if (heading) {
      flushAll();
      html.push(`<h4>${inline(heading[1])}</h4>`);
    } else if (item) {
      flushParagraph();
      flushTable();
      const tag = /^\d/.test(item[1]) ? 'ol' : 'ul';
      if (list && list.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push(item[2]);
    } else if (/^\|.*\|$/.test(trimmed)) {
      flushParagraph();
      flushList();
      table.push(trimmed);
    } else {
      flushList();
      flushTable();
      paragraph.push(trimmed);
    }
  }
  flushAll();
  return html.join('');
}

function inlineMarkdown(text, citationNumbers) {
  // Code spans first, so their contents are not formatted further.
  const parts = text.split(/(`[^`]+`)/);
  return parts
    .map((part, index) => {
      if (index % 2 === 1) return `<code>${part.slice(1, -1)}</code>`;
      return part
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, '$1<em>$2</em>')
        .replace(/(^|\W)_([^_\s][^_]*)_(?!\w)/g, '$1<em>$2</em>')
        .replace(/\[(\d+(?:\s*,\s*\d+)*)\]/g, (marker, numbers) => {
          const list = numbers.split(',').map(number => Number(number.trim()));
          if (!list.every(number => citationNumbers.has(number))) return marker;
          return list
            .map(number => `<sup><button type="button" class="link-button" data-citation="${number}" aria-label="Source ${number}">[${number}]</button></sup>`)
            .join('');
        });
    })
    .join('');
}
