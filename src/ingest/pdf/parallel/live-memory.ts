import { getHeapStatistics } from 'node:v8';

/**
 * This thread's JavaScript heap in use plus the external memory V8 knows of (decoded images, buffers).
 * Each thread measures its own isolate; the pool adds them up (see PageWorkerPool). Read from V8's
 * heap statistics rather than process.memoryUsage(), which also measures the process's RSS: that is
 * slow in a large process, and this is read once per page in every worker.
 */
export function liveMemoryBytes(): number {
  const { used_heap_size: heapUsed, external_memory: external } = getHeapStatistics();
  return heapUsed + external;
}
