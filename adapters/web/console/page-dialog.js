// The page viewer: a citation "report.pdf · p. 12" opens page 12 as an image in a modal dialog
// (native <dialog>: focus stays inside, Escape closes it). Images are fetched with the API key and
// shown from blob: URLs, because an <img src> cannot send an Authorization header.
import { api, spacePath } from './api.js';

const dialog = document.querySelector('#page-dialog');
const title = document.querySelector('#page-title');
const image = document.querySelector('#page-image');
const error = document.querySelector('#page-error');
const previous = document.querySelector('#page-previous');
const next = document.querySelector('#page-next');

/** What is shown: document (id or name), its display name, page, and page count when known. */
let current = null;
let objectUrl = null;

/** Opens `page` (1-based) of a document; `document` is an id or a name, `pageCount` optional. */
export function openPage({ document, name, page, pageCount }) {
  current = { document, name: name ?? document, page, pageCount };
  if (!dialog.open) dialog.showModal();
  void show();
}

async function show() {
  const { document, name, page, pageCount } = current;
  title.textContent = `${name} · p. ${page}`;
  previous.disabled = page <= 1;
  next.disabled = pageCount ? page >= pageCount : false;
  error.hidden = true;
  image.alt = `Page ${page} of ${name}`;
  image.setAttribute('aria-busy', 'true');
  try {
    const response = await api(spacePath(`/documents/${encodeURIComponent(document)}/pages/${page}.png`));
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
