import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, freePorts, ServiceProcess } from '../faults/service-process.ts';

/**
 * N real weaviate-server processes on loopback forming one cluster: Raft (schema, tenants) across all
 * of them, memberlist gossip between them, and replicated data. Each node has its own free ports and
 * data path and can be killed and started again on the same ports and data (`node.server`), the way a
 * crashed cluster member comes back.
 */
export interface WeaviateClusterNode {
  /** CLUSTER_HOSTNAME, the name /v1/nodes reports. */
  name: string;
  url: string;
  grpcPort: number;
  dataPath: string;
  server: ServiceProcess;
}

export interface WeaviateNodeStatus {
  name: string;
  status: string;
}

export interface WeaviateCluster {
  nodes: WeaviateClusterNode[];
  /** The members and their health as `via` sees them (GET /v1/nodes). */
  nodeStatuses(via: WeaviateClusterNode): Promise<WeaviateNodeStatus[]>;
  /** The name of the node that leads Raft (schema and tenant changes), as `via` sees it; undefined during an election. */
  raftLeader(via: WeaviateClusterNode): Promise<string | undefined>;
  /** Polls `via` until every node of the cluster is listed HEALTHY (or throws with what it saw last). */
  waitUntilHealthy(via: WeaviateClusterNode, timeoutMs?: number): Promise<WeaviateNodeStatus[]>;
  /** Kills every node and deletes their data. */
  dispose(): Promise<void>;
}

/**
 * Weaviate's local-cluster mode (CLUSTER_IN_LOCALHOST) derives two ports from others rather than
 * gossiping them: a node's Raft RPC port is its Raft port + 1, and the data port defaults to the
 * gossip port + 1. Every node therefore gets two pairs of consecutive free ports.
 */
async function freePortPair(taken: Set<number>): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await freePort();
    if (port >= 65535 || taken.has(port) || taken.has(port + 1) || !(await portIsFree(port + 1))) continue;
    taken.add(port);
    taken.add(port + 1);
    return port;
  }
  throw new Error('no two consecutive free ports found on 127.0.0.1');
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function startWeaviateCluster(
  binary: string,
  options: { nodes?: number; environment?: Record<string, string>; readyTimeoutMs?: number } = {},
): Promise<WeaviateCluster> {
  const count = options.nodes ?? 3;
  const root = await mkdtemp(join(tmpdir(), 'folio-weaviate-cluster-'));
  const taken = new Set<number>();
  const plans: Array<{ name: string; httpPort: number; grpcPort: number; profilingPort: number; gossipPort: number; raftPort: number }> = [];
  for (let index = 0; index < count; index++) {
    const gossipPort = await freePortPair(taken);
    const raftPort = await freePortPair(taken);
    let singles: number[];
    do singles = await freePorts(3);
    while (singles.some(port => taken.has(port)));
    singles.forEach(port => taken.add(port));
    const [httpPort, grpcPort, profilingPort] = singles;
    plans.push({ name: `node${index + 1}`, httpPort, grpcPort, profilingPort, gossipPort, raftPort });
  }
  const raftJoin = plans.map(plan => `${plan.name}:${plan.raftPort}`).join(',');

  const nodes: WeaviateClusterNode[] = plans.map(plan => {
    const url = `http://127.0.0.1:${plan.httpPort}`;
    const dataPath = join(root, plan.name);
    // Each node knows every other one's gossip address, so any node (not only the first) can be
    // restarted and find the cluster again.
    const clusterJoin = plans
      .filter(other => other !== plan)
      .map(other => `127.0.0.1:${other.gossipPort}`)
      .join(',');
    const server = new ServiceProcess({
      name: `weaviate-server ${plan.name}`,
      command: binary,
      args: ['--host', '127.0.0.1', '--port', String(plan.httpPort), '--scheme', 'http'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PERSISTENCE_DATA_PATH: dataPath,
        AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'true',
        DEFAULT_VECTORIZER_MODULE: 'none',
        DISABLE_TELEMETRY: 'true',
        CLUSTER_HOSTNAME: plan.name,
        CLUSTER_IN_LOCALHOST: 'true',
        CLUSTER_GOSSIP_BIND_PORT: String(plan.gossipPort),
        CLUSTER_DATA_BIND_PORT: String(plan.gossipPort + 1),
        CLUSTER_JOIN: clusterJoin,
        RAFT_PORT: String(plan.raftPort),
        RAFT_INTERNAL_RPC_PORT: String(plan.raftPort + 1),
        RAFT_JOIN: raftJoin,
        RAFT_BOOTSTRAP_EXPECT: String(count),
        GRPC_PORT: String(plan.grpcPort),
        GO_PROFILING_PORT: String(plan.profilingPort),
        ...options.environment,
      },
      ready: async () => {
        try {
          return (await fetch(`${url}/v1/.well-known/ready`, { signal: AbortSignal.timeout(1_000) })).ok;
        } catch {
          return false;
        }
      },
      readyTimeoutMs: options.readyTimeoutMs ?? 120_000,
    });
    return { name: plan.name, url, grpcPort: plan.grpcPort, dataPath, server };
  });

  const nodeStatuses = async (via: WeaviateClusterNode): Promise<WeaviateNodeStatus[]> => {
    const response = await fetch(`${via.url}/v1/nodes`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`GET ${via.url}/v1/nodes answered ${response.status}`);
    const body = (await response.json()) as { nodes?: Array<{ name: string; status: string }> };
    return (body.nodes ?? []).map(node => ({ name: node.name, status: node.status })).sort((left, right) => left.name.localeCompare(right.name));
  };

  const cluster: WeaviateCluster = {
    nodes,
    nodeStatuses,
    async raftLeader(via) {
      const response = await fetch(`${via.url}/v1/cluster/statistics`, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`GET ${via.url}/v1/cluster/statistics answered ${response.status}`);
      const body = (await response.json()) as { statistics?: Array<{ name: string; raft?: { state?: string } }> };
      return body.statistics?.find(node => node.raft?.state === 'Leader')?.name;
    },
    async waitUntilHealthy(via, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let seen: WeaviateNodeStatus[] | string = 'nothing yet';
      for (;;) {
        try {
          const statuses = await nodeStatuses(via);
          seen = statuses;
          if (statuses.length === nodes.length && statuses.every(node => node.status === 'HEALTHY')) return statuses;
        } catch (error) {
          seen = error instanceof Error ? error.message : String(error);
        }
        if (Date.now() > deadline) throw new Error(`the cluster is not healthy after ${timeoutMs} ms as ${via.name} sees it: ${JSON.stringify(seen)}`);
        await new Promise(resolve => setTimeout(resolve, 250));
      }
    },
    async dispose() {
      await Promise.all(nodes.map(node => node.server.kill('SIGKILL')));
      await rm(root, { recursive: true, force: true });
    },
  };

  try {
    // Started together: with RAFT_BOOTSTRAP_EXPECT = N no node is ready before the others have joined.
    await Promise.all(nodes.map(node => node.server.start()));
    await cluster.waitUntilHealthy(nodes[0]);
  } catch (error) {
    await cluster.dispose();
    throw error;
  }
  return cluster;
}
