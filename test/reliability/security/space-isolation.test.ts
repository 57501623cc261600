import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateRequest } from '../../../src/models/types.ts';
import { parseSpaceId, type SpaceId } from '../../../src/spaces/space-id.ts';
import { FakeEmbeddingModel } from '../../fakes/fake-embedding-model.ts';
import { ScriptedLanguageModel } from '../../fakes/scripted-language-model.ts';
import { filesForm, readServerSentEvents, startWebTestServer, type WebTestServer } from '../../web/support/web-test-server.ts';
import { parrotEverything } from './support/model-behaviours.ts';
import { makeSecretPdf, pick, randomQuestion, secretToken, seededRandom, tokensIn } from './support/secret-documents.ts';

// Many spaces hold near-identical documents that differ only in a secret token. Random questions,
// including ones that name other spaces' tokens, go through every read path (app.ask, the REST API as
// JSON and as server-sent events, search, document trees). The language model is a parrot that repeats
// every passage it is given, and vector search is on, so anything of another space that reached a
// prompt, a search hit or a reply would show up. Each document also carries a hidden mark that no
// question names: another space's hidden mark anywhere is a leak, whatever the question said. The seed
// is in every failure message.

const spaceCount = 24;
const questionsPerSpace = 20;
const seed = Date.now() % 1_000_000;

function promptText(request: GenerateRequest): string {
  return typeof request.prompt === 'string' ? request.prompt : request.prompt.map(part => (part.type === 'text' ? part.text : '')).join('');
}

describe(`space isolation over ${spaceCount} spaces (seed ${seed})`, () => {
  let web: WebTestServer;
  const model = new ScriptedLanguageModel({
    reply: request =>
      parrotEverything({
        system: request.system,
        prompt: promptText(request),
        wantsJson: Boolean(request.jsonSchema) || promptText(request).includes('You plan the search'),
      }),
  });
  const spaces: Array<{ name: string; space: SpaceId; token: string; hidden: string; documentId: string }> = [];
  const allTokens = () => spaces.map(entry => entry.token);
  const allHidden = () => spaces.map(entry => entry.hidden);

  beforeAll(async () => {
    web = await startWebTestServer({ overrides: { models: { language: model, embedding: new FakeEmbeddingModel(64) } } });
    for (let index = 0; index < spaceCount; index++) {
      const name = `iso-${String(index).padStart(2, '0')}`;
      const token = secretToken(name);
      const hidden = secretToken(`${name}hidden`);
      const finished = web.nextFinished();
      const response = await web.request(`/v1/spaces/${name}/documents`, {
        method: 'POST',
        body: filesForm([{ name: 'project.pdf', bytes: await makeSecretPdf(token, hidden) }]),
      });
      expect(response.status).toBe(202);
      const outcome = (await finished).outcome;
      expect(outcome.status).toBe('ready');
      spaces.push({ name, space: parseSpaceId(name), token, hidden, documentId: outcome.documentId });
    }
  }, 180_000);

  afterAll(async () => {
    await web?.close();
  });

  /**
   * Fails with the seed, the space, the question and what leaked when `text` holds another space's hidden
   * mark, or another space's token that the question itself did not name (replies repeat the question).
   */
  function expectOnlyOwn(text: string, own: { token: string; hidden: string }, context: string, question = ''): void {
    const foreignHidden = tokensIn(
      text,
      allHidden().filter(hidden => hidden !== own.hidden),
    );
    const foreignTokens = tokensIn(
      text,
      allTokens().filter(token => token !== own.token && !question.includes(token)),
    );
    expect([...foreignHidden, ...foreignTokens], `seed ${seed}: ${context}`).toEqual([]);
  }

  it("never answers, cites, finds, streams or prompts with another space's token", { timeout: 240_000 }, async () => {
    const random = seededRandom(seed);
    let ownHiddenSeen = 0;
    let asked = 0;
    for (const { name, space, token, hidden } of spaces) {
      const others = allTokens().filter(other => other !== token);
      for (let index = 0; index < questionsPerSpace; index++) {
        const question = randomQuestion(random, token, others);
        const route = pick(random, ['app.ask', 'rest-json', 'rest-sse', 'rest-search', 'app.search'] as const);
        const context = `${route} in ${name}: "${question}"`;
        const callsBefore = model.calls.length;
        let output: string;
        if (route === 'app.ask') {
          output = JSON.stringify(await web.folio.ask({ spaces: await web.folio.readableSpaces(space), question }));
        } else if (route === 'app.search') {
          output = JSON.stringify(await web.folio.search(await web.folio.readableSpaces(space), question, { k: 20 }));
        } else if (route === 'rest-search') {
          const response = await web.request(`/v1/spaces/${name}/search`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ question, k: 20 }),
          });
          expect(response.status, context).toBe(200);
          output = await response.text();
        } else {
          const accept = route === 'rest-sse' ? 'text/event-stream' : 'application/json';
          const response = await web.request(`/v1/spaces/${name}/ask`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept },
            body: JSON.stringify({ question }),
          });
          expect(response.status, context).toBe(200);
          output =
            route === 'rest-sse'
              ? JSON.stringify(await readServerSentEvents(response, event => event.event === 'answer' || event.event === 'error'))
              : await response.text();
        }
        asked += 1;
        expectOnlyOwn(output, { token, hidden }, `${context} → reply`, question);
        for (const call of model.calls.slice(callsBefore))
          expectOnlyOwn(`${call.system ?? ''}\n${promptText(call)}`, { token, hidden }, `${context} → model prompt`, question);
        if (output.includes(hidden)) ownHiddenSeen += 1;
      }
    }
    expect(asked).toBe(spaceCount * questionsPerSpace);
    // The control: answers and hits do carry the space's own token (the parrot repeats what it gets).
    expect(ownHiddenSeen, `seed ${seed}`).toBeGreaterThan(asked * 0.8);
    expect(model.calls.length).toBeGreaterThan(spaceCount * 2);
  });

  it("shows a space its own document tree and no other space's document, by id or by name", async () => {
    const random = seededRandom(seed + 1);
    for (const { name, token, hidden, documentId } of spaces) {
      const own = await web.request(`/v1/spaces/${name}/documents/${documentId}`);
      expect(own.status).toBe(200);
      const tree = await own.text();
      expect(tree).toContain(hidden);
      expectOnlyOwn(tree, { token, hidden }, `tree of ${name}`);
      const listed = await (await web.request(`/v1/spaces/${name}/documents`)).text();
      expectOnlyOwn(listed, { token, hidden }, `documents of ${name}`);
      const other = pick(
        random,
        spaces.filter(entry => entry.name !== name),
      );
      for (const path of [`/v1/spaces/${name}/documents/${other.documentId}`, `/v1/spaces/${name}/documents/${other.documentId}/pages/1.png`]) {
        const response = await web.request(path);
        expect(response.status, `${path} (seed ${seed})`).toBe(404);
        expectOnlyOwn(await response.text(), { token, hidden }, path);
      }
      const forget = await web.request(`/v1/spaces/${name}/documents/${other.documentId}`, { method: 'DELETE' });
      expect(forget.status).toBe(404);
      await forget.arrayBuffer();
    }
    // Nothing was forgotten by those cross-space deletes.
    for (const { space } of spaces) expect((await web.folio.listDocuments(space)).map(record => record.status)).toEqual(['ready']);
  });
});
