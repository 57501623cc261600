import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

/**
 * A server process (Redis, Weaviate) that a fault test stops and starts again with the same command,
 * ports and data: `kill()` is the fault, `start()` the recovery. Output is kept (the last few kB) for
 * error messages, and the process is SIGKILLed if the test process exits first.
 */
export class ServiceProcess {
  private child?: ChildProcess;
  private output = '';
  private readonly killOnExit = () => this.child?.kill('SIGKILL');

  constructor(
    private readonly spec: {
      name: string;
      command: string;
      args: string[];
      env?: NodeJS.ProcessEnv;
      /** Resolves true once the server answers. */
      ready: () => Promise<boolean>;
      readyTimeoutMs: number;
    },
  ) {}

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and waits until it is ready; returns how long that took. */
  async start(): Promise<number> {
    if (this.running) throw new Error(`${this.spec.name} is already running`);
    const started = Date.now();
    const child = spawn(this.spec.command, this.spec.args, { env: this.spec.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString('utf8')).slice(-4000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', error => keep(Buffer.from(`spawn error: ${error.message}`)));
    process.once('exit', this.killOnExit);
    const deadline = started + this.spec.readyTimeoutMs;
    while (!(await this.spec.ready())) {
      if (!this.running) throw new Error(`${this.spec.name} exited while starting; it said:\n${this.output.slice(-1500)}`);
      if (Date.now() > deadline) throw new Error(`${this.spec.name} not ready after ${this.spec.readyTimeoutMs} ms; it said:\n${this.output.slice(-1500)}`);
      await new Promise(resolve => setTimeout(resolve, 100));
    }
    return Date.now() - started;
  }

  /** Stops the process with `signal` (SIGKILL: a crash) and waits until it is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL', timeoutMs = 30_000): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>(resolve => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
    process.off('exit', this.killOnExit);
  }

  /** The last lines the process wrote. */
  get log(): string {
    return this.output;
  }
}

/** A TCP port nobody listens on right now (the usual small race is accepted in tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Several distinct free ports. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}
