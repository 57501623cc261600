// The page viewer: a citation "report.pdf · p. 12" opens page 12 as an image in a modal dialog
// (native <dialog>: focus stays inside, Escape closes it). Images are fetched with the API key and
// shown from blob: URLs, because an <img src> cannot send an Authorization header. A citation's
// pages open with the quoted lines marked ("show me where") and the quoted words under the title.
import { api, spacePath } from './api.js';

const dialog = document.querySelector('#page-dialog');
const title = document.querySelector('#page-title');
const image = document.querySelector('#page-image');
const error = document.querySelector('#page-error');
const quoted = document.querySelector('#page-quotes');
const previous = document.querySelector('#page-previous');
const next = document.querySelector('#page-next');

/** What is shown: document (id or name), its display name, page, page count when known, and quotes. */
let current = null;
let objectUrl = null;

/**
 * Opens `page` (1-based) of a document; `document` is an id or a name, `pageCount` optional. `quotes`
 * (a citation's: {page, text, highlight?}) are marked on the pages they are on, whichever page is shown.
 */
export function openPage({ document, name, page, pageCount, quotes = [] }) {
  current = { document, name: name ?? document, page, pageCount, quotes };
  if (!dialog.open) dialog.showModal();
  void show();
}

async function show() {
  const { document, name, page, pageCount, quotes } = current;
  const onPage = quotes.filter(quote => quote.page === page);
  const highlight = onPage.flatMap(quote => (quote.highlight ? [quote.highlight] : [])).join(',');
  title.textContent = `${name} · p. ${page}`;
  quoted.replaceChildren(
    ...onPage.map(quote => {
      const item = window.document.createElement('li');
      item.textContent = quote.text;
      return item;
    }),
  );
  quoted.hidden = onPage.length === 0;
  previous.disabled = page <= 1;
  next.disabled = pageCount ? page >= pageCount : false;
  error.hidden = true;
  image.alt = `Page ${page} of ${name}`;
  image.setAttribute('aria-busy', 'true');
  try {
    const query = highlight ? `?highlight=${encodeURIComponent(highlight)}` : '';
    const response = await api(spacePath(`/documents/${encodeURIComponent(document)}/pages/${page}.png${query}`));
    const blob = await response.blob();
    if (current?.page !== page || current?.document !== document) return; // a newer page was asked for
    release();
    objectUrl = URL.createObjectURL(blob);
    image.src = objectUrl;
    image.hidden = false;
  } catch (failure) {
    error.textContent = failure.message;
    error.hidden = false;
    image.hidden = true;
    if (failure.status === 404) next.disabled = true;
  } finally {
    image.removeAttribute('aria-busy');
  }
}

function release() {
  if (objectUrl) URL.revokeObjectURL(objectUrl);
  objectUrl = null;
}

previous.addEventListener('click', () => {
  if (current && current.page > 1) {
    current.page -= 1;
    void show();
  }
});
next.addEventListener('click', () => {
  if (current) {
    current.page += 1;
    void show();
  }
});
document.querySelector('#page-close').addEventListener('click', () => dialog.close());
dialog.addEventListener('close', () => {
  release();
  image.removeAttribute('src');
  current = null;
});
// A click on the backdrop (outside the dialog's box) closes it too.
dialog.addEventListener('click', event => {
  if (event.target === dialog) dialog.close();
});
