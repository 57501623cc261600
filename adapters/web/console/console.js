// The Folio web console: pick a space, drop files, watch them being read, ask questions and open
// the cited pages. Plain ES modules served as they are: no framework, no build step.
import { api, readEvents, saveApiKey, settings, spacePath } from './api.js';
import { ask, clearConversation, setFocus } from './answers.js';
import { clearDocuments, loadDocuments, onIngestEvent, uploadFiles } from './documents.js';

const spaceStorage = 'folio.space';
const recentStorage = 'folio.recentSpaces';
const $ = selector => document.querySelector(selector);
const notice = $('#notice');

/** Aborts the open space's event stream when another space is opened. */
let eventsAbort = null;

function showNotice(message) {
  notice.textContent = message;
  notice.hidden = !message;
}

settings.onUnauthorized = message => {
  showNotice(message);
  $('#settings').open = true;
  $('#key-input').focus();
};

/** Counts openSpace calls: only the latest one's outcome is shown (an older one may answer last). */
let opening = 0;

async function openSpace(name) {
  const current = ++opening;
  settings.space = name;
  eventsAbort?.abort();
  clearDocuments();
  clearConversation();
  try {
    await loadDocuments();
  } catch (error) {
    if (current !== opening) return;
    showNotice(error.message);
    $('#main').hidden = true;
    return;
  }
  if (current !== opening) return;
  showNotice('');
  localStorage.setItem(spaceStorage, name);
  rememberSpace(name);
  $('#space-input').value = name;
  $('#space-name').textContent = name;
  $('#main').hidden = false;
  document.title = `Folio · ${name}`;
  eventsAbort = new AbortController();
  void followEvents(eventsAbort.signal);
}

/** Ingest progress of the open space; reconnects (with growing pauses) when the stream drops. */
async function followEvents(signal) {
  let pauseMs = 1000;
  while (!signal.aborted) {
    try {
      const response = await api(spacePath('/events'), { headers: { Accept: 'text/event-stream' }, signal });
      pauseMs = 1000;
      await readEvents(response, onIngestEvent);
    } catch (error) {
      if (signal.aborted || error.status === 401 || error.status === 400) return;
    }
    await new Promise(resolve => setTimeout(resolve, pauseMs));
    pauseMs = Math.min(pauseMs * 2, 30_000);
    // Whatever happened while disconnected shows in the list.
    if (!signal.aborted) await loadDocuments().catch(() => {});
  }
}

function recentSpaces() {
  try {
    const recent = JSON.parse(localStorage.getItem(recentStorage) ?? '[]');
    return Array.isArray(recent) ? recent.filter(space => typeof space === 'string' && space) : [];
  } catch {
    return [];
  }
}

function showRecentSpaces(recent) {
  $('#recent-spaces').replaceChildren(...recent.map(space => Object.assign(document.createElement('option'), { value: space })));
}

function rememberSpace(name) {
  const recent = [name, ...recentSpaces().filter(other => other !== name)].slice(0, 10);
  localStorage.setItem(recentStorage, JSON.stringify(recent));
  showRecentSpaces(recent);
}

$('#space-form').addEventListener('submit', event => {
  event.preventDefault();
  const name = $('#space-input').value.trim();
  if (name) void openSpace(name);
});

$('#key-form').addEventListener('submit', event => {
  event.preventDefault();
  saveApiKey($('#key-input').value);
  $('#settings').open = false;
  const name = settings.space || $('#space-input').value.trim();
  if (name) void openSpace(name);
});

// Files: the picker, or dropped on the drop zone. Drops elsewhere must not navigate away to the file.
const dropzone = $('#dropzone');
$('#file-input').addEventListener('change', event => {
  const files = [...event.target.files];
  event.target.value = '';
  if (files.length > 0) void uploadFiles(files);
});
for (const type of ['dragenter', 'dragover']) {
  dropzone.addEventListener(type, event => {
    event.preventDefault();
    dropzone.classList.add('over');
  });
}
dropzone.addEventListener('dragleave', () => dropzone.classList.remove('over'));
dropzone.addEventListener('drop', event => {
  event.preventDefault();
  dropzone.classList.remove('over');
  const files = [...(event.dataTransfer?.files ?? [])];
  if (files.length > 0) void uploadFiles(files);
});
window.addEventListener('dragover', event => event.preventDefault());
window.addEventListener('drop', event => event.preventDefault());

// Asking: Enter sends, Shift+Enter is a new line.
const questionInput = $('#question-input');
const askButton = $('#ask-button');
$('#ask-form').addEventListener('submit', async event => {
  event.preventDefault();
  const question = questionInput.value.trim();
  if (!question || askButton.disabled) return;
  askButton.disabled = true;
  $('#ask-status').textContent = 'Answering…';
  questionInput.value = '';
  try {
    await ask(question);
  } finally {
    askButton.disabled = false;
    $('#ask-status').textContent = '';
    questionInput.focus();
  }
});
questionInput.addEventListener('keydown', event => {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    $('#ask-form').requestSubmit();
  }
});
// "Ask about this" on a document (documents.js): its questions go to that document first.
document.addEventListener('folio:ask-about', event => {
  setFocus(event.detail);
  questionInput.focus();
});
$('#clear-focus').addEventListener('click', () => {
  setFocus(null);
  questionInput.focus();
});
$('#clear-button').addEventListener('click', () => {
  clearConversation();
  questionInput.focus();
});

$('#key-input').value = settings.apiKey;
showRecentSpaces(recentSpaces());
const saved = localStorage.getItem(spaceStorage);
if (saved) void openSpace(saved);
else $('#space-input').focus();
