/**
 * Watches, from the outside, what search shows of one document while it is being ingested: every
 * `intervalMs` it searches for the words of its first page and of its last page, and lists the space.
 * A commit is atomic when no observation ever sees some of the document's pages without all of them
 * (the last page findable whenever anything is) and without the document being ready.
 */
export interface VisibilityObservation {
  /** When the searches started (the observation covers startedAt..at). */
  startedAt: number;
  at: number;
  /** Any unit of the document came back. */
  anyVisible: boolean;
  /** The last page's own heading came back as the top page. */
  lastPageVisible: boolean;
  /** The document's status in a listing taken after the searches. */
  status: string | undefined;
}

export function watchVisibility(options: {
  baseUrl: () => string | undefined;
  space: string;
  documentName: string;
  firstPageQuery: string;
  lastPageQuery: string;
  lastPage: number;
  intervalMs?: number;
}): { observations: VisibilityObservation[]; observedAfter(time: number, timeoutMs?: number): Promise<void>; stop(): Promise<void> } {
  const observations: VisibilityObservation[] = [];
  let stopped = false;
  const search = async (baseUrl: string, question: string) => {
    const response = await fetch(`${baseUrl}/v1/spaces/${options.space}/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question, k: 5 }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`search answered ${response.status}`);
    return (await response.json()) as { pages: Array<{ document: string; page: number }> };
  };
  const loop = (async () => {
    while (!stopped) {
      const baseUrl = options.baseUrl();
      if (baseUrl) {
        try {
          const startedAt = Date.now();
          const first = await search(baseUrl, options.firstPageQuery);
          const last = await search(baseUrl, options.lastPageQuery);
          const listing = (await (await fetch(`${baseUrl}/v1/spaces/${options.space}/documents`, { signal: AbortSignal.timeout(5_000) })).json()) as {
            documents: Array<{ name: string; status: string }>;
          };
          const ours = (pages: Array<{ document: string; page: number }>) => pages.filter(page => page.document === options.documentName);
          observations.push({
            startedAt,
            at: Date.now(),
            anyVisible: ours(first.pages).length > 0 || ours(last.pages).length > 0,
            lastPageVisible: ours(last.pages)[0]?.page === options.lastPage,
            status: listing.documents.find(document => document.name === options.documentName)?.status,
          });
        } catch {
          // The process is down (killed or starting): nothing to observe right now.
        }
      }
      await new Promise(resolve => setTimeout(resolve, options.intervalMs ?? 150));
    }
  })();
  return {
    observations,
    /** Resolves once an observation that started after `time` is recorded (at most `timeoutMs` later). */
    async observedAfter(time: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!observations.some(observation => observation.startedAt > time)) {
        if (Date.now() > deadline) throw new Error(`no observation started after ${new Date(time).toISOString()}`);
        await new Promise(resolve => setTimeout(resolve, 50));
      }
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
