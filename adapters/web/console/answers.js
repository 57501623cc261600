// The ask column: each question and its answer, streamed as the server writes it, then the final
// answer with clickable sources ("report.pdf · p. 4"), figure descriptions, the extractive/offline
// label and 👍/👎. Earlier turns are sent as history so follow-up questions can say "it".
import { api, readEvents, spacePath } from './api.js';
import { documentsById } from './documents.js';
import { renderMarkdown } from './markdown.js';
import { openPage } from './page-dialog.js';

const conversation = document.querySelector('#conversation');
const template = document.querySelector('#answer-template');
/** Turns sent as history, oldest first; the API takes at most 20. */
let history = [];
/** The document questions are about first (`focus`), chosen with "Ask about this"; null: the whole space. */
let focused = null;
const focusLine = document.querySelector('#ask-focus');

/** Asks the next questions about `record` first (the whole space when it does not answer); null clears it. */
export function setFocus(record) {
  focused = record;
  focusLine.hidden = !record;
  focusLine.querySelector('.focus-name').textContent = record?.name ?? '';
}
const maxHistoryTurns = 10;

const stageText = {
  planning: 'Planning the search…',
  searching: 'Searching the documents…',
  answering: 'Writing the answer…',
};

export function clearConversation() {
  history = [];
  setFocus(null);
  conversation.replaceChildren();
}

/** Asks `question` in the open space; resolves when the answer (or an error) is shown. */
export async function ask(question) {
  const fragment = template.content.cloneNode(true);
  const turn = fragment.querySelector('.turn');
  turn.querySelector('.asked').textContent = question;
  conversation.append(fragment);
  const view = viewOf(turn);
  const sentHistory = history.slice(-maxHistoryTurns * 2);
  let streamed = '';
  try {
    const response = await api(spacePath('/ask'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ question, history: sentHistory, ...(focused ? { focus: { documents: [focused.id] } } : {}) }),
    });
    await readEvents(response, (name, data) => {
      if (name === 'stage') view.stage.textContent = stageText[data.stage] ?? '';
      else if (name === 'text') {
        streamed += data.delta;
        view.text.innerHTML = renderMarkdown(streamed);
      } else if (name === 'answer') {
        showAnswer(view, data);
        history.push({ role: 'user', text: question }, { role: 'assistant', text: data.answer });
      } else if (name === 'error') showError(view, data.message);
    });
    if (view.article.getAttribute('aria-busy') === 'true') showError(view, 'The answer broke off. Please ask again.');
  } catch (error) {
    showError(view, error.message);
  }
}

function viewOf(turn) {
  const find = selector => turn.querySelector(selector);
  return {
    turn,
    article: find('.answer'),
    stage: find('.stage'),
    mode: find('.mode'),
    text: find('.answer-text'),
    sources: find('.sources'),
    closest: find('.closest'),
    figures: find('.figures'),
    notes: find('.notes'),
    feedback: find('.feedback'),
  };
}

function showError(view, message) {
  view.article.setAttribute('aria-busy', 'false');
  view.stage.textContent = '';
  const error = document.createElement('p');
  error.className = 'notice';
  error.setAttribute('role', 'alert');
  error.textContent = message;
  view.text.replaceChildren(error);
}

function showAnswer(view, answer) {
  view.article.setAttribute('aria-busy', 'false');
  view.stage.textContent = '';
  view.mode.hidden = !answer.extractive;
  const byNumber = new Map(answer.citations.map(citation => [citation.n, citation]));
  view.text.innerHTML = renderMarkdown(answer.answer, new Set(byNumber.keys()));
  for (const marker of view.text.querySelectorAll('[data-citation]')) {
    const citation = byNumber.get(Number(marker.dataset.citation));
    marker.addEventListener('click', () => openCited(citation));
  }

  fillList(view.sources, answer.citations, citation => {
    const button = pageButton(citation.document, citation.pagesLabel, () => openCited(citation));
    button.classList.add('citation');
    button.dataset.n = String(citation.n);
    const path = citation.titlePath.length > 0 ? ` — ${citation.titlePath.join(' › ')}` : '';
    return [`[${citation.n}] `, button, hint(path)];
  });
  fillList(view.closest, answer.grounded ? [] : answer.closest, section => [
    `${section.title} `,
    pageButton(section.document, section.pagesLabel, () =>
      openCitation(section.document, section.document, section.pages[0], [], section.pages.length === 1 ? section.pagesLabel : undefined),
    ),
  ]);
  fillList(view.figures, answer.figures, figure => {
    const description = document.createElement('p');
    description.textContent = figure.description;
    return [
      `${figure.title} `,
      pageButton(figure.document, figure.pageLabel, () => openCitation(figure.documentId, figure.document, figure.page, [], figure.pageLabel)),
      description,
    ];
  });
  view.notes.replaceChildren(
    ...answer.notes.map(note => {
      const item = document.createElement('li');
      item.textContent = note;
      return item;
    }),
  );
  // No documents yet, or still reading: nothing was answered, so there is nothing to rate.
  if (answer.id) showFeedback(view, answer.id);
}

function fillList(section, entries, render) {
  section.hidden = entries.length === 0;
  section.querySelector('ul').replaceChildren(
    ...entries.map(entry => {
      const item = document.createElement('li');
      item.append(...render(entry));
      return item;
    }),
  );
}

/**
 * A citation's page: its first quote's (the sentence the claim rests on), else its first page, with the
 * quotes marked and the page's name as the core gives it (`labels`, "slide 4").
 */
function openCited(citation) {
  const page = citation.quotes?.[0]?.page ?? citation.pages[0];
  openCitation(citation.documentId, citation.document, page, citation.quotes, citation.labels?.[citation.pages.indexOf(page)]);
}

/** "report.pdf · p. 4", "deck.pptx · slide 4" (`label`, how the core names the pages): opens a page. */
function pageButton(name, label, open) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'link-button';
  button.textContent = `${name} · ${label}`;
  button.setAttribute('aria-label', `${name}, ${label}: show the page`);
  button.addEventListener('click', open);
  return button;
}

/** `documentRef` is an id or a name; `pageName` the page's name when known (else it comes with the image). */
function openCitation(documentRef, name, page, quotes = [], pageName = undefined) {
  openPage({ document: documentRef, name, page, pageCount: documentsById.get(documentRef)?.pageCount, quotes, pageName });
}

function hint(text) {
  const span = document.createElement('span');
  span.className = 'hint';
  span.textContent = text;
  return span;
}

function showFeedback(view, answerId) {
  view.feedback.hidden = false;
  const status = hint('');
  status.setAttribute('role', 'status');
  view.feedback.append(status);
  for (const button of view.feedback.querySelectorAll('button')) {
    button.addEventListener('click', async () => {
      try {
        await api(`/v1/answers/${encodeURIComponent(answerId)}/feedback`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ rating: button.dataset.rating }),
        });
        for (const other of view.feedback.querySelectorAll('button')) other.setAttribute('aria-pressed', String(other === button));
        status.textContent = 'Thanks for the feedback.';
      } catch (error) {
        status.textContent = error.message;
      }
    });
  }
}
