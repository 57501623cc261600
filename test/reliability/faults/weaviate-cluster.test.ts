import weaviate, { generateUuid5, type WeaviateClient } from 'weaviate-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUnits } from '../../../src/store/build-units.ts';
import { documentCollectionName, ensureCollection, unitCollectionName, unitProperties } from '../../../src/store/weaviate/schema.ts';
import { tenantNameForSpace } from '../../../src/store/weaviate/tenant-name.ts';
import { WeaviateKnowledgeStore } from '../../../src/store/weaviate/weaviate-knowledge-store.ts';
import { WeaviateRest } from '../../../src/store/weaviate/weaviate-rest.ts';
import type { IngestJobEvent } from '../../../src/queue/types.ts';
import { parseSpaceId, type SpaceId } from '../../../src/spaces/space-id.ts';
import { makeHandbookPdf } from '../../support/answer/make-handbook-pdf.ts';
import { askThrough, type AskReply } from '../../support/faults/ask-surfaces.ts';
import { reportFault } from '../../support/faults/fault-report.ts';
import { vacationFact, vacationQuestion } from '../../support/faults/model-faults.ts';
import { watchVisibility } from '../../support/faults/visibility-watch.ts';
import { weaviateAvailability } from '../../support/faults/weaviate-process.ts';
import { makeTestPdf } from '../../support/layout/make-test-pdf.ts';
import { makeLongPdf } from '../../support/parallel/make-long-pdf.ts';
import { startWeaviateCluster, type WeaviateCluster, type WeaviateClusterNode } from '../../support/weaviate/weaviate-cluster.ts';
import { filesForm, startWebTestServer, type WebTestServer } from '../../web/support/web-test-server.ts';

/**
 * Folio on a three-node Weaviate cluster (WEAVIATE_REPLICATION_FACTOR=3, QUORUM reads and writes) while
 * one node is SIGKILLed: real weaviate-server processes on loopback (Raft, gossip and data ports per
 * node), the real ingest and ask pipelines behind the REST API, Folio talking to one node that stays up.
 * The node dies while a long document's units are being written and while questions are in flight,
 * first a replica that only holds data, then the Raft leader. Every document must end up committed
 * exactly once and complete, no search may ever show part of one, questions keep being answered, and
 * the node, started again on its data, must rejoin and catch up.
 */
const availability = weaviateAvailability(process.env, 'the Weaviate cluster test');

if (availability.state === 'missing-in-ci') {
  describe('Weaviate cluster', () => {
    it('has a weaviate-server binary to run', () => {
      throw new Error(availability.reason);
    });
  });
} else if (availability.state === 'skip') {
  console.info(availability.reason);
}
const weaviateBinary = availability.state === 'ready' ? availability.binary : undefined;

/**
 * Weaviate's async replication compares replicas every 30 s and leaves objects younger than 30 s to the
 * writes still in flight, so a node that was down catches up about a minute after it is back (57 s
 * measured here with the defaults). Shortened to its minimums so the test takes seconds, not minutes.
 */
const asyncReplicationForTests = {
  ASYNC_REPLICATION_FREQUENCY: '5s',
  ASYNC_REPLICATION_FREQUENCY_WHILE_PROPAGATING: '1s',
  ASYNC_REPLICATION_PROPAGATION_DELAY: '1s',
};

/** Long enough for two unit batches (500 each), so the kill can fall between them. */
const longPages = 600;
/** After a leader loss writes wait for the new leader anyway; a shorter document keeps the retry quick. */
const leaderTestPages = 300;
/** One small document per office, each with a fact found nowhere else. */
const offices = [
  { city: 'Lisbon', code: '4711' },
  { city: 'Oslo', code: '5822' },
  { city: 'Dublin', code: '6933' },
  { city: 'Krakow', code: '7044' },
  { city: 'Tallinn', code: '8155' },
  { city: 'Porto', code: '9266' },
  { city: 'Riga', code: '1377' },
  { city: 'Vilnius', code: '2488' },
];
const officeFile = (city: string) => `office-${city.toLowerCase()}.pdf`;
const officeQuestion = (city: string) => `What is the door code of the ${city} office?`;

function makeOfficePdf(office: { city: string; code: string }): Promise<Uint8Array> {
  const page = (heading: string, lines: string[]) => ({
    texts: [
      { text: heading, x: 72, top: 72, size: 18, font: 'bold' as const },
      ...lines.map((line, index) => ({ text: line, x: 72, top: 110 + index * 16, size: 11 })),
    ],
  });
  return makeTestPdf([
    page(`1 The ${office.city} office`, [
      `The door code of the ${office.city} office is ${office.code}.`,
      `Visitors to ${office.city} sign in at the reception desk on the ground floor.`,
    ]),
    page('2 Opening hours', [`The ${office.city} office opens at eight and closes at six on weekdays.`, 'The building is closed on public holidays.']),
  ]);
}

const webSpace = (name: string): SpaceId => parseSpaceId(`web:${name}`);
/** Every web space the tests write. */
const spaceNames = ['handbook', 'offices', 'reports', 'late', 'reports-2'];

type Finished = Extract<IngestJobEvent, { type: 'finished' }>;
/** A committed document as Folio's node serves it. */
interface LiveDocument {
  id: string;
  name: string;
  status: string;
  version: string;
  unitIds: string[];
}

describe.skipIf(!weaviateBinary)(
  `Folio on a three-node Weaviate cluster losing a node${availability.state === 'skip' ? ` (skipped: ${availability.reason})` : ''}`,
  () => {
    let cluster: WeaviateCluster;
    /** Folio talks to `entry` only (a Raft follower); `replica` is the other follower, `leader` leads Raft. */
    let entry: WeaviateClusterNode;
    let replica: WeaviateClusterNode;
    let leader: WeaviateClusterNode;
    let web: WebTestServer;
    const events: IngestJobEvent[] = [];
    const stores: WeaviateKnowledgeStore[] = [];
    const clients: WeaviateClient[] = [];
    /** Every document uploaded so far, by name: the jobs' final events. */
    const uploads = new Map<string, Promise<Finished>>();
    /** weaviate-client reports each of its own gRPC retries with console.warn (a stack trace each); counted, not printed. */
    let clientRetryWarnings = 0;
    const warn = console.warn.bind(console);

    /** A store of its own on one node, reading and writing at `consistencyLevel`. */
    const storeOn = (node: WeaviateClusterNode, consistencyLevel: 'ONE' | 'QUORUM', replicationFactor = 3) => {
      const store = new WeaviateKnowledgeStore({ url: node.url, grpcPort: node.grpcPort, replicationFactor, consistencyLevel });
      stores.push(store);
      return store;
    };
    const clientOn = async (node: WeaviateClusterNode) => {
      const client = await weaviate.connectToLocal({ host: '127.0.0.1', port: Number(new URL(node.url).port), grpcPort: node.grpcPort });
      clients.push(client);
      return client;
    };

    const upload = async (space: string, name: string, bytes: Uint8Array) => {
      uploads.set(
        name,
        new Promise(resolve => {
          const stop = web.folio.onIngestEvent(event => {
            if (event.type === 'finished' && event.job.name === name) {
              stop();
              resolve(event);
            }
          });
        }),
      );
      const response = await web.request(`/v1/spaces/${space}/documents`, { method: 'POST', body: filesForm([{ name, bytes }]) });
      expect({ status: response.status, body: response.status === 202 ? undefined : await response.text() }, `upload of ${name}`).toEqual({
        status: 202,
        body: undefined,
      });
    };
    const uploadOffice = async (index: number) => upload('offices', officeFile(offices[index].city), await makeOfficePdf(offices[index]));
    const allFinished = async () => Promise.all([...uploads.entries()].map(async ([name, finished]) => ({ name, event: await finished })));

    /** Questions asked one after the other until `stop()`, across whatever happens meanwhile. */
    const askContinuously = () => {
      const replies: Array<{ startedAt: number; reply: AskReply }> = [];
      let asking = true;
      const loop = (async () => {
        while (asking) {
          const startedAt = Date.now();
          replies.push({ startedAt, reply: await askThrough(web, 'REST JSON', 'handbook', vacationQuestion) });
        }
      })();
      return {
        replies,
        async stop() {
          asking = false;
          await loop;
          return replies;
        },
      };
    };
    const unanswered = (replies: AskReply[]) =>
      replies.filter(reply => reply.kind !== 'answer' || !reply.answer.grounded || !reply.answer.answer.includes(vacationFact));

    /**
     * Waits until the document commits (its `indexing` stage) and some of its units are stored, then
     * starts four questions and SIGKILLs `node` while they are in flight.
     */
    const killMidCommit = async (node: WeaviateClusterNode, space: string, indexing: Promise<void>) => {
      const units = (await clientOn(entry)).collections.use(unitCollectionName).withTenant(tenantNameForSpace(webSpace(space)));
      await indexing;
      let unitsAtKill = 0;
      // Polled as fast as Weaviate answers: the window between two unit batches is a fraction of a second.
      for (let polls = 0; unitsAtKill === 0 && polls < 5_000; polls++) unitsAtKill = (await units.aggregate.overAll()).totalCount;
      const inFlight = Promise.all(Array.from({ length: 4 }, () => askThrough(web, 'REST JSON', 'handbook', vacationQuestion)));
      await node.server.kill('SIGKILL');
      return { killedAt: Date.now(), unitsAtKill, atKill: await inFlight };
    };
    const indexingOf = (documentName: string) =>
      new Promise<void>(resolve => {
        const stop = web.folio.onIngestEvent(event => {
          if (event.type === 'progress' && event.job.name === documentName && event.event.type === 'stage' && event.event.stage === 'indexing') {
            stop();
            resolve();
          }
        });
      });

    /**
     * Every document exactly once, ready and complete, through Folio's node at QUORUM (what Folio reads):
     * its visible units are exactly those its tree yields, each once. Returns them by space, with the
     * live version of each (read from the document object).
     */
    const checkComplete = async (expectedNames: string[]) => {
      const quorum = storeOn(entry, 'QUORUM');
      const documentObjects = (await clientOn(entry)).collections.use(documentCollectionName);
      const bySpace = new Map<SpaceId, LiveDocument[]>();
      for (const name of spaceNames) {
        const space = webSpace(name);
        const documents: LiveDocument[] = [];
        for (const record of await quorum.listDocuments(space)) {
          const tree = await quorum.getTree(space, record.id);
          expect(tree, record.name).not.toBeNull();
          const unitIds = buildUnits(tree!, record)
            .map(unit => unit.id)
            .sort();
          expect(
            (await quorum.getUnits(space, record.id, undefined, { vectors: false })).map(unit => unit.id).sort(),
            `${record.name} through Folio's node`,
          ).toEqual(unitIds);
          const object = await documentObjects
            .withTenant(tenantNameForSpace(space))
            .withConsistency('QUORUM')
            .query.fetchObjectById(generateUuid5(record.id), { returnProperties: ['activeVersion'] });
          documents.push({ id: record.id, name: record.name, status: record.status, version: String(object?.properties.activeVersion), unitIds });
        }
        bySpace.set(space, documents);
      }
      const documents = [...bySpace.values()].flat();
      expect(documents.map(document => document.name).sort(), 'each document once').toEqual([...expectedNames].sort());
      expect(documents.filter(document => document.status !== 'ready').map(document => `${document.name}: ${document.status}`)).toEqual([]);
      const found = documents.map(document => document.name);
      return { bySpace, lost: expectedNames.filter(name => !found.includes(name)).length, duplicated: found.length - new Set(found).size };
    };

    /** Every object of a tenant as `node` alone holds it (ONE reads are served by the node asked), walked with the cursor API: no filter involved. */
    const heldObjects = async (node: WeaviateClusterNode, collection: string, space: SpaceId, properties: string[]) => {
      const tenant = (await clientOn(node)).collections.use(collection).withTenant(tenantNameForSpace(space)).withConsistency('ONE');
      const held: Array<Record<string, unknown>> = [];
      for (let after: string | undefined; ; ) {
        const page = await tenant.query.fetchObjects({ limit: 1000, after, returnProperties: properties });
        held.push(...page.objects.map(object => object.properties));
        if (page.objects.length < 1000) return held;
        after = page.objects[page.objects.length - 1].uuid;
      }
    };

    /**
     * Waits until `node` holds every live document object and unit object (what async replication
     * promises); how long that took. Then counts the units that node's own filtered reads (Folio's reads,
     * were Folio talking to it) still miss: objects it holds but its inverted index lacks (see docs/weaviate.md).
     */
    const waitCaughtUp = async (node: WeaviateClusterNode, bySpace: Map<SpaceId, LiveDocument[]>) => {
      const started = Date.now();
      const lacking = async () => {
        const missing: string[] = [];
        for (const [space, documents] of bySpace) {
          if (documents.length === 0) continue;
          const records = new Map(
            (await heldObjects(node, documentCollectionName, space, ['documentId', 'activeVersion'])).map(object => [object.documentId, object.activeVersion]),
          );
          const units = new Set(
            (await heldObjects(node, unitCollectionName, space, ['unitId', 'version'])).map(object => `${object.version}:${object.unitId}`),
          );
          for (const document of documents) {
            if (records.get(document.id) !== document.version) missing.push(`${document.name}: record (${String(records.get(document.id))})`);
            const absent = document.unitIds.filter(unitId => !units.has(`${document.version}:${unitId}`)).length;
            if (absent > 0) missing.push(`${document.name}: ${absent} of ${document.unitIds.length} units`);
          }
        }
        return missing;
      };
      try {
        await vi.waitFor(async () => expect(await lacking(), `what ${node.name} lacks`).toEqual([]), { timeout: 120_000, interval: 500 });
      } catch (error) {
        const verbose = await (await fetch(`${entry.url}/v1/nodes?output=verbose`)).text();
        throw new Error(`${error instanceof Error ? error.message : String(error)}\nnodes: ${verbose.slice(0, 4000)}`);
      }
      const caughtUpMs = Date.now() - started;
      const one = storeOn(node, 'ONE');
      let unfilterable = 0;
      for (const [space, documents] of bySpace) {
        for (const document of documents)
          unfilterable += document.unitIds.length - (await one.getUnits(space, document.id, undefined, { vectors: false })).length;
      }
      return { caughtUpMs, unfilterable };
    };

    /** Stored units that belong to no live version (a commit the kill broke off): invisible, swept by a later commit. */
    const deadVersionUnits = async (bySpace: Map<SpaceId, Array<{ unitIds: string[] }>>) => {
      const collection = (await clientOn(entry)).collections.use(unitCollectionName);
      let dead = 0;
      for (const [space, documents] of bySpace) {
        const stored = await collection
          .withTenant(tenantNameForSpace(space))
          .aggregate.overAll()
          .then(
            result => result.totalCount,
            () => 0,
          );
        dead += stored - documents.reduce((sum, document) => sum + document.unitIds.length, 0);
      }
      return dead;
    };

    const searchTop = async (space: string, question: string) =>
      (
        (await (
          await web.request(`/v1/spaces/${space}/search`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ question, k: 3 }),
          })
        ).json()) as { pages: Array<{ document: string; page: number }> }
      ).pages[0];

    const expectOfficeAnswered = async (index: number) => {
      const reply = await askThrough(web, 'REST JSON', 'offices', officeQuestion(offices[index].city));
      expect(reply.kind, offices[index].city).toBe('answer');
      if (reply.kind !== 'answer') return reply.ms;
      expect(reply.answer.grounded).toBe(true);
      expect(reply.answer.answer).toContain(offices[index].code);
      expect(reply.answer.citations.map(citation => citation.document)).toContain(officeFile(offices[index].city));
      return reply.ms;
    };

    beforeAll(async () => {
      vi.spyOn(console, 'warn').mockImplementation((...parts: unknown[]) => {
        if (parts.some(part => typeof part === 'string' && /^(Attempt|Healthcheck) \d+ failed\. Retrying in/.test(part))) clientRetryWarnings += 1;
        else warn(...parts);
      });
      cluster = await startWeaviateCluster(weaviateBinary!, { nodes: 3, environment: asyncReplicationForTests });
      const leaderName = await vi.waitFor(
        async () => {
          const name = await cluster.raftLeader(cluster.nodes[0]);
          expect(name, 'a Raft leader').toBeDefined();
          return name!;
        },
        { timeout: 30_000, interval: 250 },
      );
      leader = cluster.nodes.find(node => node.name === leaderName)!;
      [entry, replica] = cluster.nodes.filter(node => node !== leader);
      web = await startWebTestServer({
        environment: { WEAVIATE_URL: entry.url, WEAVIATE_GRPC_PORT: String(entry.grpcPort), WEAVIATE_REPLICATION_FACTOR: '3' },
      });
      web.folio.onIngestEvent(event => events.push(event));
      await upload('handbook', 'handbook.pdf', await makeHandbookPdf('a'));
      expect((await uploads.get('handbook.pdf'))!.outcome.status).toBe('ready');
    }, 150_000);

    afterAll(async () => {
      try {
        // Bounded, so the cluster below is stopped even when a failed test left Folio unable to close.
        await Promise.race([web?.close(), new Promise(resolve => setTimeout(resolve, 30_000))]);
        await Promise.all([...stores.map(store => store.close()), ...clients.map(client => client.close())]).catch(() => undefined);
      } finally {
        await cluster?.dispose();
      }
      vi.restoreAllMocks();
    });

    it('creates the collections with three copies of every tenant, and refuses a factor that does not match or does not fit', { timeout: 60_000 }, async () => {
      const rest = new WeaviateRest({ url: replica.url });
      for (const name of [documentCollectionName, unitCollectionName]) {
        expect((await rest.request<{ replicationConfig: unknown }>('GET', `/v1/schema/${name}`))?.replicationConfig).toMatchObject({
          factor: 3,
          deletionStrategy: 'TimeBasedResolution',
          // Weaviate turns async replication on by itself for factors above 1.
          asyncEnabled: true,
        });
      }
      // Every node holds a replica of the space's units.
      const verbose = (await rest.request<{ nodes: Array<{ name: string; shards: Array<{ class: string; name: string }> | null }> }>(
        'GET',
        '/v1/nodes?output=verbose',
      ))!;
      const tenant = tenantNameForSpace(webSpace('handbook'));
      expect(
        verbose.nodes
          .filter(node => node.shards?.some(shard => shard.class === unitCollectionName && shard.name === tenant))
          .map(node => node.name)
          .sort(),
      ).toEqual(cluster.nodes.map(node => node.name).sort());

      // A process configured with another factor stops with a message that names both.
      await expect(storeOn(entry, 'QUORUM', 1).listDocuments(webSpace('handbook'))).rejects.toMatchObject({
        code: 'config_invalid',
        message: expect.stringMatching(
          /FolioDocument keeps 3 copies of each tenant \(replication factor 3\) but WEAVIATE_REPLICATION_FACTOR is 1.*WEAVIATE_REPLICATION_FACTOR=3/,
        ),
      });
      // More copies than nodes cannot be created; that is a configuration error, not a retryable one.
      await expect(ensureCollection(rest, 'FolioReplicationProbe', unitProperties, false, { factor: 5 })).rejects.toMatchObject({
        code: 'config_invalid',
        retryable: false,
        message: expect.stringMatching(/WEAVIATE_REPLICATION_FACTOR=5.*3 available, 5 requested.*at most the number of nodes/),
      });
      expect(await rest.request('GET', '/v1/schema/FolioReplicationProbe')).toBeNull();
    });

    it('keeps ingesting and answering when a replica dies mid-commit and mid-question, never shows half a document, and the replica catches up', {
      timeout: 180_000,
    }, async () => {
      const started = Date.now();
      const watch = watchVisibility({
        baseUrl: () => web.baseUrl,
        space: 'reports',
        documentName: 'long-report.pdf',
        firstPageQuery: 'Section number 1 body text of page 1',
        lastPageQuery: `Section number ${longPages}`,
        lastPage: longPages,
      });
      const asking = askContinuously();
      try {
        // Two offices while all three nodes are up, then the long report, then two more queue behind it.
        const indexing = indexingOf('long-report.pdf');
        await uploadOffice(0);
        await uploadOffice(1);
        await upload('reports', 'long-report.pdf', await makeLongPdf({ pageCount: longPages }));
        await uploadOffice(2);
        await uploadOffice(3);
        const { killedAt, unitsAtKill, atKill } = await killMidCommit(replica, 'reports', indexing);

        // While the replica is down: more documents, and a space that did not exist before.
        await uploadOffice(4);
        await uploadOffice(5);
        await upload('late', 'late-handbook.pdf', await makeHandbookPdf('b'));
        const outcomes = await allFinished();
        const finishedAt = Date.now();
        expect(outcomes.filter(outcome => outcome.event.outcome.status !== 'ready').map(outcome => outcome.name)).toEqual([]);
        expect((await cluster.nodeStatuses(entry)).find(node => node.name === replica.name)?.status, 'the replica is still down').not.toBe('HEALTHY');

        // Questions while it is down: answered from every space, citing the right document.
        const askMsWhileDown = [];
        for (let index = 0; index < 6; index++) askMsWhileDown.push(await expectOfficeAnswered(index));
        const late = await askThrough(web, 'REST JSON', 'late', vacationQuestion);
        expect(late.kind === 'answer' && late.answer.answer).toContain('31 days');
        expect((await web.request('/readyz')).status).toBe(200);
        expect(await searchTop('reports', `Section number ${longPages}`)).toMatchObject({ document: 'long-report.pdf', page: longPages });

        // Search never showed part of the long document: nothing, or all of it, ready.
        await watch.observedAfter(finishedAt);
        await watch.stop();
        for (const observation of watch.observations) {
          if (!observation.anyVisible) continue;
          expect(observation, 'a partly visible document').toMatchObject({ lastPageVisible: true, status: 'ready' });
        }
        expect(watch.observations.filter(observation => observation.startedAt > finishedAt).at(-1)).toMatchObject({
          anyVisible: true,
          lastPageVisible: true,
          status: 'ready',
        });

        // The replica comes back on its data, rejoins, and holds everything written while it was away.
        const restartMs = await replica.server.start();
        const restartedAt = Date.now();
        await cluster.waitUntilHealthy(replica, 60_000);
        const rejoinedMs = Date.now() - restartedAt;
        const uploaded = [...uploads.keys()];
        const { bySpace, lost, duplicated } = await checkComplete(uploaded);
        const { caughtUpMs, unfilterable } = await waitCaughtUp(replica, bySpace);

        // Every question asked across the kill was answered, with the fact.
        const replies = [...(await asking.stop()).map(entry => entry.reply), ...atKill];
        expect(unanswered(replies)).toEqual([]);
        expect(await expectOfficeAnswered(5)).toBeGreaterThan(0);

        reportFault({
          fault: 'weaviate-cluster-replica-killed',
          nodes: 3,
          replicationFactor: 3,
          consistency: 'QUORUM',
          documents: uploaded.length,
          lost,
          duplicated,
          longUnits: bySpace.get(webSpace('reports'))?.[0]?.unitIds.length,
          longUnitsStoredAtKill: unitsAtKill,
          retried: events.filter(event => event.type === 'retrying').map(event => (event.type === 'retrying' ? `${event.job.name}: ${event.error.code}` : '')),
          deadVersionUnits: await deadVersionUnits(bySpace),
          asksAcrossKill: replies.length,
          asksInFlightAtKill: atKill.length,
          askMsWhileDown,
          downMs: restartedAt - killedAt,
          restartMs,
          rejoinedMs,
          caughtUpMs,
          unitsMissingFromRestartedNodeFilters: unfilterable,
          visibilityObservations: watch.observations.length,
          totalMs: Date.now() - started,
          clientRetryWarnings,
        });
      } finally {
        await asking.stop();
        await watch.stop();
      }
    });

    it('loses no document when the Raft leader dies mid-commit: writes wait for the new leader, the commit is retried, questions are answered', {
      timeout: 240_000,
    }, async () => {
      const started = Date.now();
      expect(await cluster.raftLeader(entry), 'the leader is still the node Folio does not talk to').toBe(leader.name);
      const watch = watchVisibility({
        baseUrl: () => web.baseUrl,
        space: 'reports-2',
        documentName: 'long-report-2.pdf',
        firstPageQuery: 'Section number 1 body text of page 1',
        lastPageQuery: `Section number ${leaderTestPages}`,
        lastPage: leaderTestPages,
      });
      const asking = askContinuously();
      try {
        const indexing = indexingOf('long-report-2.pdf');
        await uploadOffice(6);
        await upload('reports-2', 'long-report-2.pdf', await makeLongPdf({ pageCount: leaderTestPages }));
        await uploadOffice(7);
        const { killedAt, unitsAtKill, atKill } = await killMidCommit(leader, 'reports-2', indexing);

        // A new leader is elected among the two nodes left.
        const newLeader = await vi.waitFor(
          async () => {
            const name = await cluster.raftLeader(entry);
            expect(name === undefined || name === leader.name, `a new leader (${name})`).toBe(false);
            return name;
          },
          { timeout: 60_000, interval: 250 },
        );
        const electedMs = Date.now() - killedAt;
        // Tenant lookups that need the leader answer again (Weaviate 1.39 waits for the dead leader's
        // connection to close first: every write to a multi-tenant collection asks the leader).
        await vi.waitFor(
          async () => {
            const response = await fetch(`${entry.url}/v1/schema/${documentCollectionName}/tenants/not-a-space`, { signal: AbortSignal.timeout(1_500) });
            expect(response.status).toBe(404);
          },
          { timeout: 120_000, interval: 250 },
        );
        const leaderQueriesBackMs = Date.now() - killedAt;

        const outcomes = await allFinished();
        const finishedAt = Date.now();
        expect(outcomes.filter(outcome => outcome.event.outcome.status !== 'ready').map(outcome => outcome.name)).toEqual([]);
        const longRetries = events.filter(event => event.type === 'retrying' && event.job.name === 'long-report-2.pdf');
        for (const index of [6, 7]) await expectOfficeAnswered(index);
        expect(await searchTop('reports-2', `Section number ${leaderTestPages}`)).toMatchObject({ document: 'long-report-2.pdf', page: leaderTestPages });

        await watch.observedAfter(finishedAt);
        await watch.stop();
        for (const observation of watch.observations) {
          if (!observation.anyVisible) continue;
          expect(observation, 'a partly visible document').toMatchObject({ lastPageVisible: true, status: 'ready' });
        }
        expect(watch.observations.filter(observation => observation.startedAt > finishedAt).at(-1)).toMatchObject({
          anyVisible: true,
          lastPageVisible: true,
          status: 'ready',
        });

        // The old leader comes back as a follower and catches up.
        const restartMs = await leader.server.start();
        const restartedAt = Date.now();
        await cluster.waitUntilHealthy(leader, 60_000);
        const rejoinedMs = Date.now() - restartedAt;
        await vi.waitFor(async () => expect(await cluster.raftLeader(leader), 'the leader as the restarted node sees it').toBe(newLeader), {
          timeout: 30_000,
          interval: 250,
        });
        const uploaded = [...uploads.keys()];
        const { bySpace, lost, duplicated } = await checkComplete(uploaded);
        const { caughtUpMs, unfilterable } = await waitCaughtUp(leader, bySpace);

        // Questions in existing spaces never needed the leader: every one was answered.
        const replies = [...(await asking.stop()).map(entry => entry.reply), ...atKill];
        expect(unanswered(replies)).toEqual([]);

        reportFault({
          fault: 'weaviate-cluster-leader-killed',
          nodes: 3,
          replicationFactor: 3,
          consistency: 'QUORUM',
          documents: uploaded.length,
          lost,
          duplicated,
          longUnitsStoredAtKill: unitsAtKill,
          longAttempts: 1 + longRetries.length,
          longRetryCodes: longRetries.map(event => (event.type === 'retrying' ? event.error.code : '')),
          electedMs,
          leaderQueriesBackMs,
          longReadyAfterKillMs: finishedAt - killedAt,
          deadVersionUnits: await deadVersionUnits(bySpace),
          asksAcrossKill: replies.length,
          askMaxMs: Math.max(...replies.map(reply => reply.ms)),
          restartMs,
          rejoinedMs,
          caughtUpMs,
          unitsMissingFromRestartedNodeFilters: unfilterable,
          visibilityObservations: watch.observations.length,
          totalMs: Date.now() - started,
          clientRetryWarnings,
        });
      } finally {
        await asking.stop();
        await watch.stop();
      }
    });
  },
);
