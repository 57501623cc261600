import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePorts, ServiceProcess } from './service-process.ts';

/**
 * A private weaviate-server for fault tests, never the one `.ci/run` starts (WEAVIATE_URL): its own
 * free ports and data path, started the way `.ci/run` starts it, and restartable on the same ports and
 * data, so a test can take it down and bring it back under a running Folio.
 */
export interface WeaviateProcess {
  url: string;
  grpcPort: number;
  dataPath: string;
  server: ServiceProcess;
  /** Stops the server and deletes its data. */
  dispose(): Promise<void>;
}

export type WeaviateAvailability = { state: 'ready'; binary: string } | { state: 'missing-in-ci'; reason: string } | { state: 'skip'; reason: string };

/**
 * Where the binary is: WEAVIATE_SERVER_BIN (which .ci/run exports), else PATH, else Go's bin dir (GOBIN,
 * $GOPATH/bin, ~/go/bin: where `go install` puts it). Under CI=true a missing one is a failure.
 */
export function weaviateAvailability(
  environment: Record<string, string | undefined> = process.env,
  testName = 'the Weaviate outage test',
): WeaviateAvailability {
  const goBinDirs = [environment.GOBIN, environment.GOPATH && join(environment.GOPATH, 'bin'), join(homedir(), 'go', 'bin')].filter(
    (directory): directory is string => Boolean(directory),
  );
  const candidates = [
    ...(environment.WEAVIATE_SERVER_BIN ? [environment.WEAVIATE_SERVER_BIN] : []),
    ...[...(environment.PATH ?? '').split(delimiter).filter(Boolean), ...goBinDirs].map(directory => join(directory, 'weaviate-server')),
  ];
  const binary = candidates.find(candidate => existsSync(candidate));
  if (binary) return { state: 'ready', binary };
  const reason = 'weaviate-server is not installed (go install github.com/weaviate/weaviate/cmd/weaviate-server@v1.39.0; see .ci/run)';
  if (environment.CI === 'true' || environment.CI === '1') return { state: 'missing-in-ci', reason: `CI is set but ${reason}` };
  return { state: 'skip', reason: `${reason}: skipping ${testName}` };
}

export async function startWeaviateProcess(binary: string): Promise<WeaviateProcess> {
  const dataPath = await mkdtemp(join(tmpdir(), 'folio-faults-weaviate-'));
  const [httpPort, grpcPort, gossipPort, dataPort, raftPort, raftRpcPort, profilingPort] = await freePorts(7);
  const url = `http://127.0.0.1:${httpPort}`;
  const server = new ServiceProcess({
    name: 'weaviate-server',
    command: binary,
    args: ['--host', '127.0.0.1', '--port', String(httpPort), '--scheme', 'http'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PERSISTENCE_DATA_PATH: join(dataPath, 'data'),
      AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'true',
      DEFAULT_VECTORIZER_MODULE: 'none',
      DISABLE_TELEMETRY: 'true',
      CLUSTER_HOSTNAME: 'node1',
      CLUSTER_ADVERTISE_ADDR: '127.0.0.1',
      RAFT_BOOTSTRAP_EXPECT: '1',
      GRPC_PORT: String(grpcPort),
      CLUSTER_GOSSIP_BIND_PORT: String(gossipPort),
      CLUSTER_DATA_BIND_PORT: String(dataPort),
      RAFT_PORT: String(raftPort),
      RAFT_INTERNAL_RPC_PORT: String(raftRpcPort),
      GO_PROFILING_PORT: String(profilingPort),
    },
    ready: async () => {
      try {
        return (await fetch(`${url}/v1/.well-known/ready`, { signal: AbortSignal.timeout(1_000) })).ok;
      } catch {
        return false;
      }
    },
    readyTimeoutMs: 90_000,
  });
  try {
    await server.start();
  } catch (error) {
    await rm(dataPath, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    grpcPort,
    dataPath,
    server,
    async dispose() {
      await server.kill('SIGTERM');
      await rm(dataPath, { recursive: true, force: true });
    },
  };
}
