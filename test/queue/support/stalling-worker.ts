// A worker process that takes one job, reports progress, then hangs until it is killed: the parent test
// kills it with SIGKILL to check that another worker recovers the job (BullMQ's stalled-job check).
import { silentLogger } from '../../../src/log.ts';
import { BullmqQueue } from '../../../src/queue/bullmq-queue.ts';

const [redisUrl, prefix] = process.argv.slice(2);
const queue = new BullmqQueue({ redisUrl, prefix, log: silentLogger(), lockDurationMs: 1_000, stalledIntervalMs: 500 });
await queue.work(
  async (_job, report) => {
    report({ type: 'stage', stage: 'parsing' });
    process.stdout.write('took a job\n');
    return new Promise(() => undefined);
  },
  { concurrency: 1 },
);
process.stdout.write('worker ready\n');
