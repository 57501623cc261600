import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckChart, writeChartDeckPptx } from '../support/office/make-office-documents.ts';
import { sofficeAvailability } from '../support/office/soffice-availability.ts';
import { filesForm, startWebTestServer, type WebTestServer } from '../web/support/web-test-server.ts';

/**
 * A deck's chart is answered from its numbers: the PDF LibreOffice makes of it draws bars and axis
 * ticks only, the package keeps the values. Slide 2 is hidden, so the chart's slide 3 is page 2.
 */
const soffice = sofficeAvailability();
const describeWithOffice = soffice.available || soffice.mustRun ? describe : describe.skip;

describeWithOffice('chart data of an office file', () => {
  let web: WebTestServer;
  let workDir: string;

  beforeAll(async () => {
    if (!soffice.available) throw new Error(soffice.reason);
    workDir = await mkdtemp(join(tmpdir(), 'folio-chart-deck-'));
    const path = join(workDir, 'bird-survey.pptx');
    await writeChartDeckPptx(path);
    web = await startWebTestServer();
    const response = await web.request('/v1/spaces/birds/documents', {
      method: 'POST',
      body: filesForm([{ name: 'bird-survey.pptx', bytes: await readFile(path) }]),
    });
    const documentId = ((await response.json()) as { documents: Array<{ documentId: string }> }).documents[0].documentId;
    expect((await web.nextFinished(documentId)).outcome).toMatchObject({ status: 'ready' });
  }, 180_000);
  afterAll(async () => {
    await web?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("answers from the chart's values, citing the chart's slide", async () => {
    const response = await web.request('/v1/spaces/birds/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'How many saltwater ducks were observed in 2020?' }),
    });
    const answer = (await response.json()) as {
      outcome: string;
      citations: Array<{ pages: number[]; pagesLabel: string; quotes: Array<{ page: number; text: string }> }>;
    };
    expect(answer.outcome).toBe('answered');
    const saltwater2020 = String(duckChart.series[1].values[1]);
    const citation = answer.citations.find(candidate => candidate.quotes.some(quote => quote.text.includes('2020')));
    expect(citation).toMatchObject({ pages: [2], pagesLabel: 'slide 3' });
    expect(citation!.quotes.find(quote => quote.text.includes('2020'))!.text).toContain(`Saltwater ducks: ${saltwater2020}`);
  });
});
