// Talking to the Folio API from the console: the API key (kept per tab in sessionStorage), JSON
// errors turned into Errors with the server's user message, server-sent events read from fetch (an
// EventSource cannot send the Authorization header), and uploads with XMLHttpRequest (fetch reports
// no upload progress).

const keyStorage = 'folio.apiKey';

export const settings = {
  apiKey: sessionStorage.getItem(keyStorage) ?? '',
  space: '',
  /** Called when the server says the key is missing or wrong, with its message. */
  onUnauthorized: _message => {},
};

export function saveApiKey(key) {
  settings.apiKey = key.trim();
  if (settings.apiKey) sessionStorage.setItem(keyStorage, settings.apiKey);
  else sessionStorage.removeItem(keyStorage);
}

export function spacePath(suffix = '') {
  return `/v1/spaces/${encodeURIComponent(settings.space)}${suffix}`;
}

function authorization() {
  return settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {};
}

/** fetch with the API key; a non-2xx reply throws an Error carrying the server's message and code. */
export async function api(path, options = {}) {
  const sentWithKey = settings.apiKey;
  const response = await fetch(path, { ...options, headers: { ...authorization(), ...(options.headers ?? {}) } });
  if (!response.ok) throw await replyError(response.status, () => response.json(), sentWithKey);
  return response;
}

export async function apiJson(path, options = {}) {
  return (await api(path, options)).json();
}

/** `sentWithKey`: the key the request carried; a 401 for a key since replaced is not reported. */
async function replyError(status, readBody, sentWithKey = settings.apiKey) {
  let message = `The server answered ${status}.`;
  let code = `http_${status}`;
  try {
    const body = await readBody();
    if (body?.error?.message) ({ message, code } = body.error);
  } catch {
    // not JSON: keep the generic message
  }
  // A request sent before the user saved a new key may come back 401 after it: not about the new key.
  if (status === 401 && sentWithKey === settings.apiKey) settings.onUnauthorized(message);
  return Object.assign(new Error(message), { code, status });
}

/**
 * Reads a text/event-stream reply, calling onEvent(name, data) for each event whose data is JSON.
 * Resolves when the stream ends.
 */
export async function readEvents(response, onEvent) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n/g, '\n');
    let boundary;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      let name = 'message';
      const data = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) onEvent(name, JSON.parse(data.join('\n')));
    }
  }
}

/** POSTs one file to the space; onProgress(sentBytes, totalBytes) while it uploads. Resolves with the 202 body. */
export function uploadFile(file, onProgress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', spacePath('/documents'));
    for (const [name, value] of Object.entries(authorization())) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.addEventListener('progress', event => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener('load', async () => {
      if (request.status === 202) resolve(request.response);
      else reject(await replyError(request.status, async () => request.response));
    });
    request.addEventListener('error', () => reject(new Error('The upload was interrupted. Check the connection and try again.')));
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
