// The documents column: the space's documents with their status and an expandable heading tree,
// forgetting a document, and one progress line per upload fed by the space's ingest events.
import { api, apiJson, spacePath, uploadFile } from './api.js';
import { openPage } from './page-dialog.js';

const list = document.querySelector('#document-list');
const empty = document.querySelector('#documents-empty');
const uploads = document.querySelector('#uploads');

/** Documents of the open space by id (page counts for the page viewer). */
export const documentsById = new Map();
/** Trees the user opened stay open when the list is redrawn. */
const expanded = new Set();
/** Progress lines: key → { element, text, bar }; keyed by document id once the server named it. */
const progressLines = new Map();
/** Documents whose ingest finished while this page watched: an upload reply arriving later adds no line. */
const finishedIds = new Set();
let uploadCounter = 0;

export async function loadDocuments() {
  const { documents } = await apiJson(spacePath('/documents'));
  documentsById.clear();
  for (const record of documents) documentsById.set(record.id, record);
  renderList(documents);
}

export function clearDocuments() {
  documentsById.clear();
  expanded.clear();
  progressLines.clear();
  finishedIds.clear();
  list.replaceChildren();
  uploads.replaceChildren();
}

function renderList(documents) {
  empty.hidden = documents.length > 0;
  list.replaceChildren(...documents.map(documentItem));
}

function documentItem(record) {
  const item = element('li', { dataset: { documentId: record.id } });
  const row = element('div', { className: 'document-row' });
  // The printed title, on hover: the name a file like "scan-0042.pdf" is known by (questions may use it).
  row.append(element('span', { className: 'name', textContent: record.name, ...(record.title ? { title: record.title } : {}) }));
  const detail = record.status === 'ready' ? `ready · ${countLabel(record)}` : record.status;
  row.append(element('span', { className: `status ${record.status}`, textContent: detail }));
  const actions = element('span', { className: 'actions' });
  const tree = element('div', { className: 'tree-holder', id: `tree-${record.id}`, hidden: true });
  if (record.status === 'ready') {
    const toggle = element('button', { type: 'button', className: 'secondary', textContent: 'Contents' });
    toggle.setAttribute('aria-expanded', 'false');
    toggle.setAttribute('aria-controls', tree.id);
    toggle.addEventListener('click', () => void toggleTree(record, toggle, tree));
    // The ask column takes it from here (console.js): the next questions are about this document first.
    const askAbout = element('button', { type: 'button', className: 'secondary', textContent: 'Ask about this' });
    askAbout.setAttribute('aria-label', `Ask about ${record.name}`);
    askAbout.addEventListener('click', () => document.dispatchEvent(new CustomEvent('folio:ask-about', { detail: record })));
    actions.append(toggle, askAbout);
    if (expanded.has(record.id)) void toggleTree(record, toggle, tree);
  }
  const forget = element('button', { type: 'button', className: 'secondary', textContent: 'Forget' });
  forget.setAttribute('aria-label', `Forget ${record.name}`);
  forget.addEventListener('click', () => void forgetDocument(record));
  actions.append(forget);
  row.append(actions);
  item.append(row);
  if (record.status === 'failed' && record.error) item.append(element('p', { className: 'hint', textContent: record.error.message }));
  item.append(tree);
  return item;
}

async function toggleTree(record, toggle, holder) {
  const open = toggle.getAttribute('aria-expanded') !== 'true';
  toggle.setAttribute('aria-expanded', String(open));
  holder.hidden = !open;
  if (!open) {
    expanded.delete(record.id);
    return;
  }
  expanded.add(record.id);
  if (holder.childElementCount > 0) return;
  holder.append(element('p', { className: 'hint', textContent: 'Loading contents…' }));
  try {
    const { tree } = await apiJson(spacePath(`/documents/${encodeURIComponent(record.id)}?outline=1`));
    holder.replaceChildren(tree ? treeList(record, tree.nodes, tree.pageNames ?? []) : element('p', { className: 'hint', textContent: 'No contents yet.' }));
  } catch (error) {
    holder.replaceChildren(element('p', { className: 'hint', textContent: error.message }));
  }
}

/** `pageNames`: every page as a person names it ("slide 4"), from the document's tree. */
function treeList(record, nodes, pageNames) {
  const items = nodes.map(node => {
    const item = element('li');
    const pages = node.pagesLabel;
    const open = element('button', { type: 'button', className: 'link-button', textContent: node.title || '(untitled)' });
    open.setAttribute('aria-label', `${node.title || 'Untitled'}, ${pages}: show the page`);
    open.addEventListener('click', () =>
      openPage({ document: record.id, name: record.name, page: node.pageStart, pageCount: record.pageCount, pageName: pageNames[node.pageStart - 1] }),
    );
    item.append(open, ' ', element('span', { className: 'hint', textContent: pages }));
    if (node.kind === 'figure' || node.kind === 'table') item.append(' ', element('span', { className: 'kind', textContent: node.kind }));
    if (node.children.length > 0) item.append(treeList(record, node.children, pageNames));
    return item;
  });
  const tree = element('ul', { className: 'tree' });
  tree.append(...items);
  return tree;
}

async function forgetDocument(record) {
  if (!confirm(`Forget ${record.name}? Its pages will no longer be searched or cited.`)) return;
  try {
    await api(spacePath(`/documents/${encodeURIComponent(record.id)}`), { method: 'DELETE' });
    expanded.delete(record.id);
  } catch (error) {
    alert(error.message);
  }
  await loadDocuments().catch(() => {});
}

/** Uploads files two at a time, each with its own progress line (one bad file does not stop the others). */
export async function uploadFiles(files) {
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) await uploadOne(file);
  };
  await Promise.all([worker(), worker()]);
  await loadDocuments().catch(() => {});
}

async function uploadOne(file) {
  const key = `upload:${++uploadCounter}`;
  const line = progressLine(key, file.name);
  setProgress(line, 'Uploading…', 0, file.size);
  try {
    const { documents } = await uploadFile(file, (sent, total) => setProgress(line, `Uploading… ${Math.round((sent / total) * 100)}%`, sent, total));
    const [result] = documents;
    progressLines.delete(key);
    if (result.status === 'failed') return finish(line, `Could not add it: ${result.error.message}`, false);
    if (result.duplicate) return finish(line, `Already in this space (${result.status}).`, true);
    // Its events may have arrived before this reply: then they already have a line of their own.
    if (progressLines.has(result.documentId) || finishedIds.has(result.documentId)) line.element.remove();
    else {
      progressLines.set(result.documentId, line);
      setProgress(line, 'Queued…');
    }
  } catch (error) {
    progressLines.delete(key);
    finish(line, `Could not upload it: ${error.message}`, false);
  }
}

/** An ingest event of the space (`progress`, `retrying` or `finished`). */
export function onIngestEvent(name, data) {
  const line = progressLines.get(data.documentId) ?? progressLine(data.documentId, data.name);
  if (name === 'progress') {
    if (data.type === 'page') setProgress(line, `Reading page ${data.page} of ${data.pageCount}…`, data.page, data.pageCount);
    else if (data.type === 'figure') setProgress(line, `Describing figures: ${data.done} of ${data.total}…`, data.done, data.total);
    else setProgress(line, stageText[data.stage] ?? `${data.stage}…`);
  } else if (name === 'retrying') {
    setProgress(line, `A temporary problem (${data.error.message}); trying again in ${Math.round(data.delayMs / 1000)} s…`);
  } else if (name === 'finished') {
    finishedIds.add(data.documentId);
    if (data.status === 'ready') finish(line, `Ready: ${data.pages} page${data.pages === 1 ? '' : 's'}.`, true);
    else finish(line, `Could not read it: ${data.error?.message ?? 'unknown error'}`, false);
    void loadDocuments().catch(() => {});
  }
}

const stageText = {
  queued: 'Queued…',
  converting: 'Converting to PDF…',
  parsing: 'Reading…',
  describing: 'Describing figures…',
  indexing: 'Indexing…',
};

function progressLine(key, name) {
  const item = element('li');
  const label = element('span', { className: 'name', textContent: name });
  const text = element('span', { className: 'hint' });
  const bar = element('progress', { max: 1 });
  bar.setAttribute('aria-label', `${name} progress`);
  item.append(label, ' ', text, bar);
  uploads.append(item);
  const line = { element: item, text, bar };
  progressLines.set(key, line);
  return line;
}

function setProgress(line, text, value, max) {
  line.text.textContent = text;
  if (value === undefined || !max) line.bar.removeAttribute('value');
  else {
    line.bar.max = max;
    line.bar.value = value;
  }
}

function finish(line, text, ok) {
  for (const [key, value] of progressLines) if (value === line) progressLines.delete(key);
  line.text.textContent = text;
  line.bar.remove();
  line.element.classList.add(ok ? 'ready' : 'failed');
  // Successes fade from the list (the document list shows them); failures stay until the next space.
  if (ok) setTimeout(() => line.element.remove(), 8000);
}

function element(tag, properties = {}) {
  const node = document.createElement(tag);
  const { dataset, ...rest } = properties;
  Object.assign(node, rest);
  if (dataset) Object.assign(node.dataset, dataset);
  return node;
}

/** "12 pages"; a deck's "5 slides, 1 hidden" (as the core's pageCountLabel says it). */
function countLabel(record) {
  const slides = record.stats?.slides;
  if (!slides) return `${record.pageCount} page${record.pageCount === 1 ? '' : 's'}`;
  const count = `${slides.count} slide${slides.count === 1 ? '' : 's'}`;
  return slides.hidden.length > 0 ? `${count}, ${slides.hidden.length} hidden` : count;
}
