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

/** What is shown: document (id or name), its display name, page, page count when known, quotes, and the names of pages seen. */
let current = null;
let objectUrl = null;

/**
 * Opens `page` (1-based) of a document; `document` is an id or a name, `pageCount` optional. `quotes`
 * (a citation's: {page, text, highlight?}) are marked on the pages they are on, whichever page is shown.
 * `pageName` is how the page is named for a person ("slide 4"); other pages' names come with their images.
 */
export function openPage({ document, name, page, pageCount, quotes = [], pageName }) {
  current = { document, name: name ?? document, page, pageCount, quotes, pageNames: new Map(pageName ? [[page, pageName]] : []) };
  if (!dialog.open) dialog.showModal();
  void show();
}

async function show() {
  const { document, name, page, pageCount, quotes } = current;
  const onPage = quotes.filter(quote => quote.page === page);
  const highlight = onPage.flatMap(quote => (quote.highlight ? [quote.highlight] : [])).join(',');
  // A page's name ("slide 4", "p. iv") comes with its image (the Folio-Page-Name header).
  const known = current.pageNames.get(page);
  title.textContent = known ? `${name} · ${known}` : name;
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
    const pageName = response.headers.get('Folio-Page-Name');
    if (pageName) current.pageNames.set(page, decodeURIComponent(pageName));
    title.textContent = `${name} · ${current.pageNames.get(page) ?? `p. ${page}`}`;
    release();
    objectUrl = URL.createObjectURL(blob);
    image.src = objectUrl;
    image.hidden = false;
  } catch (failure) {
    if (current?.page !== page || current?.document !== document) return;
    title.textContent = `${name} · ${current.pageNames.get(page) ?? `p. ${page}`}`;
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
