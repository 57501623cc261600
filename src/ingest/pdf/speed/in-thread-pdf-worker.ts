import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { WorkerMessageHandler } from 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/**
 * In Node, pdf.js runs its "worker" (parser, fonts, images) in the calling thread and talks to it
 * through a LoopbackPort that deep-copies every message with structuredClone: every operator list
 * chunk (thousands of small argument arrays) and text content chunk is serialised and rebuilt once,
 * a noticeable share of parse CPU plus the garbage. Both ends live in the same thread and pdf.js is
 * written for real transfers between threads, so the copy buys nothing except isolation from mutation
 * after sending. This pair of ports hands the message itself over, in the same order and with the
 * same (microtask) delay as LoopbackPort, and copies only what pdf.js changes after sending:
 *
 * - stream chunks (`StreamKind.ENQUEUE`): OperatorList.flush empties its `fnArray`/`argsArray` in
 *   place right after enqueueing them, and getTextContent replaces `items`/`styles` on the object it
 *   enqueued, both before the receiver runs. The chunk object and its top-level arrays are copied
 *   (shallow); their elements are fresh per operator / per text item and not touched again.
 * - transfers: a transferred buffer is shared instead of moved. Nothing in pdf.js uses a buffer after
 *   transferring it (in a browser it would be empty, and a second transfer an error). Transfers are
 *   not tracked: an operator list chunk lists every path's coordinate buffer, and remembering each
 *   one in a WeakSet would cost CPU and the collector's work on it, to catch a misuse pdf.js does not
 *   make.
 *
 * Everything else pdf.js posts is built for the message (requests, replies, `obj`/`commonobj` with
 * compiled font and image data) or a reply with worker-side cached values (page `view`, outline)
 * that nobody on the receiving side mutates.
 */
class DirectPort {
  peer!: DirectPort;
  readonly #listeners = new Map<(event: { data: unknown }) => void, (() => void) | null>();

  postMessage(message: unknown, _transfer?: unknown[] | null): void {
    const event = { data: handOver(message) };
    const receiver = this.peer;
    // Same delivery as LoopbackPort: one microtask later, to the listeners present then.
    void Promise.resolve().then(() => {
      for (const [listener] of receiver.#listeners) listener.call(receiver, event);
    });
  }

  addEventListener(_type: 'message', listener: (event: { data: unknown }) => void, options?: { signal?: AbortSignal } | null): void {
    let removeAbort: (() => void) | null = null;
    const signal = options?.signal;
    if (signal instanceof AbortSignal) {
      if (signal.aborted) return;
      const onAbort = () => this.removeEventListener('message', listener);
      removeAbort = () => signal.removeEventListener('abort', onAbort);
      signal.addEventListener('abort', onAbort);
    }
    this.#listeners.set(listener, removeAbort);
  }

  removeEventListener(_type: 'message', listener: (event: { data: unknown }) => void): void {
    this.#listeners.get(listener)?.();
    this.#listeners.delete(listener);
  }

  terminate(): void {
    for (const [, removeAbort] of this.#listeners) removeAbort?.();
    this.#listeners.clear();
  }
}

/** pdf.js's MessageHandler StreamKind.ENQUEUE: a chunk of a stream (operator list, text content). */
const streamEnqueue = 4;

function handOver(message: unknown): unknown {
  const envelope = message as { stream?: number; chunk?: unknown } | null;
  if (envelope?.stream !== streamEnqueue || typeof envelope.chunk !== 'object' || envelope.chunk === null) return message;
  const chunk: Record<string, unknown> = { ...(envelope.chunk as Record<string, unknown>) };
  for (const key of Object.keys(chunk)) if (Array.isArray(chunk[key])) chunk[key] = (chunk[key] as unknown[]).slice();
  return { ...envelope, chunk };
}

/**
 * A pdf.js worker for one document, running in this thread (as pdf.js's own fake worker does) but
 * connected by DirectPorts. Pass it as `worker` to getDocument and destroy it after the document.
 */
export function createInThreadPdfWorker(): pdfjs.PDFWorker {
  const mainEnd = new DirectPort();
  const workerEnd = new DirectPort();
  mainEnd.peer = workerEnd;
  workerEnd.peer = mainEnd;
  WorkerMessageHandler.initializeFromPort(workerEnd);
  return new pdfjs.PDFWorker({ port: mainEnd as never });
}
